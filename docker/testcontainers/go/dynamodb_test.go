// Testcontainers for Go against the monotable image, as a user's existing code for
// amazon/dynamodb-local runs it with only the image name changed (MONOTABLE_IMAGE).
//
// runDynamoDBModule makes the request that testcontainers-go v0.45's modules/dynamodb
// makes (its Run: the entry point `java -Djava.library.path=./DynamoDBLocal_lib`, the
// command `-jar DynamoDBLocal.jar` plus its options, port 8000/tcp exposed, and
// wait.ForListeningPort, whose check runs `/bin/sh -c "cat /proc/net/tcp* | awk ... |
// grep ..."` inside the container). That module is not served by the Go module proxy
// this project's machines reach (404 for modules/dynamodb@v0.45.0), so the request is
// rebuilt here with the core library's own customizers, v0.45.0.
//
//	MONOTABLE_IMAGE=localhost/monotable:dev DOCKER_HOST=unix:///run/podman.sock \
//	TESTCONTAINERS_RYUK_DISABLED=true go test -v ./...
package dynamodb_test

import (
	"context"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/testcontainers/testcontainers-go"
	"github.com/testcontainers/testcontainers-go/wait"
)

const port = "8000/tcp"

func image(t *testing.T) string {
	img := os.Getenv("MONOTABLE_IMAGE")
	if img == "" {
		t.Fatal("MONOTABLE_IMAGE names the image under test")
	}
	return img
}

// runDynamoDBModule: modules/dynamodb's Run (v0.45), options given as its WithSharedDB
// and WithDisableTelemetry add them. -sharedDb also makes it reuse a container by name.
func runDynamoDBModule(ctx context.Context, img string, options ...string) (*testcontainers.DockerContainer, error) {
	customizers := []testcontainers.ContainerCustomizer{
		testcontainers.WithEntrypoint("java", "-Djava.library.path=./DynamoDBLocal_lib"),
		testcontainers.WithCmd("-jar", "DynamoDBLocal.jar"),
		testcontainers.WithExposedPorts(port),
		testcontainers.WithWaitStrategy(wait.ForListeningPort(port)),
	}
	if slices.Contains(options, "-sharedDb") {
		customizers = append(customizers, testcontainers.WithReuseByName("tc_dynamodb_local"))
	}
	customizers = append(customizers, testcontainers.WithCmdArgs(options...))
	return testcontainers.Run(ctx, img, customizers...)
}

func client(ctx context.Context, t *testing.T, c *testcontainers.DockerContainer) *dynamodb.Client {
	endpoint, err := c.PortEndpoint(ctx, port, "http")
	if err != nil {
		t.Fatal(err)
	}
	return dynamodb.New(dynamodb.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(endpoint),
		Credentials:  credentials.NewStaticCredentialsProvider("dummy", "dummy", ""),
	})
}

// createWriteQuery: a table, two items, a Query of one partition.
func createWriteQuery(ctx context.Context, t *testing.T, db *dynamodb.Client) {
	table := aws.String("orders")
	_, err := db.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: table,
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("sk"), AttributeType: types.ScalarAttributeTypeN},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String("sk"), KeyType: types.KeyTypeRange},
		},
		BillingMode: types.BillingModePayPerRequest,
	})
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	waiter := dynamodb.NewTableExistsWaiter(db)
	if err := waiter.Wait(ctx, &dynamodb.DescribeTableInput{TableName: table}, 30*time.Second); err != nil {
		t.Fatalf("table not ACTIVE: %v", err)
	}
	for _, sk := range []string{"1", "2"} {
		_, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: table, Item: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: "customer#1"},
			"sk": &types.AttributeValueMemberN{Value: sk},
		}})
		if err != nil {
			t.Fatalf("PutItem: %v", err)
		}
	}
	out, err := db.Query(ctx, &dynamodb.QueryInput{
		TableName:                 table,
		KeyConditionExpression:    aws.String("pk = :pk AND sk > :min"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: "customer#1"}, ":min": &types.AttributeValueMemberN{Value: "1"}},
	})
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	if out.Count != 1 || out.Items[0]["sk"].(*types.AttributeValueMemberN).Value != "2" {
		t.Fatalf("Query returned %d items: %v", out.Count, out.Items)
	}
}

// The in-container half of wait.ForListeningPort, v0.45's command exactly, run again to
// prove it passes (v0.45 only logs and skips it when the image has no shell). Its first
// alternative answers: busybox's nc (the small one, without -z) is never reached.
func assertInternalPortCheck(ctx context.Context, t *testing.T, c *testcontainers.DockerContainer) {
	command := `true && (
					cat /proc/net/tcp* | awk '{print $2}' | grep -i :1f40 ||
					nc -vz -w 1 localhost 8000 ||
					/bin/sh -c '</dev/tcp/localhost/8000'
				)
				`
	code, _, err := c.Exec(ctx, []string{"/bin/sh", "-c", command})
	if err != nil || code != 0 {
		t.Fatalf("in-container port check: exit %d, %v", code, err)
	}
	// And it fails for a port nobody listens on: the check can tell.
	code, _, err = c.Exec(ctx, []string{"/bin/sh", "-c", "cat /proc/net/tcp* | awk '{print $2}' | grep -i :1f41"})
	if err != nil || code == 0 {
		t.Fatalf("in-container port check for port 8001: exit %d, %v", code, err)
	}
}

func logs(ctx context.Context, t *testing.T, c *testcontainers.DockerContainer) string {
	r, err := c.Logs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, _ := io.ReadAll(r)
	return string(b)
}

func TestDynamoDBModuleInMemory(t *testing.T) {
	ctx := context.Background()
	c, err := runDynamoDBModule(ctx, image(t), "-inMemory")
	testcontainers.CleanupContainer(t, c)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	assertInternalPortCheck(ctx, t, c)
	createWriteQuery(ctx, t, client(ctx, t, c))
	if out := logs(ctx, t, c); !strings.Contains(out, "Initializing DynamoDB Local with the following configuration:\nPort:\t8000\nInMemory:\ttrue\n") {
		t.Fatalf("no DynamoDB Local banner in the logs:\n%s", out)
	}
	t.Log("proved: modules/dynamodb's request (java entry point, -jar DynamoDBLocal.jar -inMemory, ForListeningPort with its in-container shell check), then CreateTable, PutItem, Query with the AWS SDK for Go v2")
}

// WithSharedDB: -sharedDb, one namespace for every access key; the data is in the
// container's working directory (no -dbPath), and the module reuses the container.
func TestDynamoDBModuleSharedDB(t *testing.T) {
	ctx := context.Background()
	c, err := runDynamoDBModule(ctx, image(t), "-sharedDb", "-disableTelemetry")
	testcontainers.CleanupContainer(t, c)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	createWriteQuery(ctx, t, client(ctx, t, c))
	endpoint, _ := c.PortEndpoint(ctx, port, "http")
	other := dynamodb.New(dynamodb.Options{Region: "eu-west-1", BaseEndpoint: aws.String(endpoint),
		Credentials: credentials.NewStaticCredentialsProvider("another", "key", "")})
	tables, err := other.ListTables(ctx, &dynamodb.ListTablesInput{})
	if err != nil || !slices.Contains(tables.TableNames, "orders") {
		t.Fatalf("-sharedDb: %v, %v", tables, err)
	}
	code, out, err := c.Exec(ctx, []string{"/bin/sh", "-c", "ls /home/dynamodblocal"})
	b, _ := io.ReadAll(out)
	if err != nil || code != 0 || !strings.Contains(string(b), "CURRENT") {
		t.Fatalf("no database in the working directory: exit %d, %v: %s", code, err, b)
	}
	t.Log("proved: WithSharedDB's -sharedDb (another key and region see the table) and the data in the working directory without -dbPath")
}
