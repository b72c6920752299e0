// Testcontainers for Go against the monotable image, as a user's existing code for
// amazon/dynamodb-local runs it with only the image name changed (MONOTABLE_IMAGE):
// the real github.com/testcontainers/testcontainers-go/modules/dynamodb, whose Run sets
// the entry point `java -Djava.library.path=./DynamoDBLocal_lib`, the command
// `-jar DynamoDBLocal.jar` plus its options, exposes 8000/tcp and waits with
// wait.ForListeningPort (its check runs `/bin/sh -c "cat /proc/net/tcp* | awk ... |
// grep ..."` inside the container).
//
// The module is pinned at v0.44.0 beside the core library v0.45.0: the Go module proxy
// serves modules/dynamodb up to v0.44.0 (v0.45.0 answers 404), and v0.44.0's Run makes
// the same request as the later one (the later one only collects WithSharedDB's and
// WithDisableTelemetry's arguments into an options struct first, and moved the module's
// own SDK tests into a nested examples module). Its go.mod asks for core v0.44.0; Go's
// minimal version selection takes v0.45.0, whose customizers (options.go, generic.go)
// are unchanged from v0.44.0's.
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
	tcdynamodb "github.com/testcontainers/testcontainers-go/modules/dynamodb"
)

func image(t *testing.T) string {
	img := os.Getenv("MONOTABLE_IMAGE")
	if img == "" {
		t.Fatal("MONOTABLE_IMAGE names the image under test")
	}
	return img
}

// client: the AWS SDK for Go v2 at the module's ConnectionString (host:port), with the
// given key and region.
func client(ctx context.Context, t *testing.T, c *tcdynamodb.DynamoDBContainer, key, region string) *dynamodb.Client {
	hostPort, err := c.ConnectionString(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return dynamodb.New(dynamodb.Options{
		Region:       region,
		BaseEndpoint: aws.String("http://" + hostPort),
		Credentials:  credentials.NewStaticCredentialsProvider(key, "secret", ""),
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
func assertInternalPortCheck(ctx context.Context, t *testing.T, c testcontainers.Container) {
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

func logs(ctx context.Context, t *testing.T, c testcontainers.Container) string {
	r, err := c.Logs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, _ := io.ReadAll(r)
	return string(b)
}

// -inMemory through the core library's WithCmdArgs, as the module's users add options
// it has no helper for.
func TestDynamoDBModuleInMemory(t *testing.T) {
	ctx := context.Background()
	c, err := tcdynamodb.Run(ctx, image(t), testcontainers.WithCmdArgs("-inMemory"))
	testcontainers.CleanupContainer(t, c)
	if err != nil {
		t.Fatalf("dynamodb.Run: %v", err)
	}
	assertInternalPortCheck(ctx, t, c)
	createWriteQuery(ctx, t, client(ctx, t, c, "dummy", "us-east-1"))
	if out := logs(ctx, t, c); !strings.Contains(out, "Initializing DynamoDB Local with the following configuration:\nPort:\t8000\nInMemory:\ttrue\n") {
		t.Fatalf("no DynamoDB Local banner in the logs:\n%s", out)
	}
	t.Log("proved: modules/dynamodb v0.44.0's Run (java entry point, -jar DynamoDBLocal.jar -inMemory, ForListeningPort with its in-container shell check), ConnectionString, then CreateTable, PutItem, Query with the AWS SDK for Go v2")
}

// WithSharedDB and WithDisableTelemetry: -sharedDb (one namespace for every access key
// and region; the data in the container's working directory, as there is no -dbPath)
// and -disableTelemetry; WithSharedDB also names the container tc_dynamodb_local and
// marks it reusable, so a second Run returns the same container and the same data.
func TestDynamoDBModuleSharedDB(t *testing.T) {
	ctx := context.Background()
	c, err := tcdynamodb.Run(ctx, image(t), tcdynamodb.WithSharedDB(), tcdynamodb.WithDisableTelemetry())
	testcontainers.CleanupContainer(t, c)
	if err != nil {
		t.Fatalf("dynamodb.Run: %v", err)
	}
	assertInternalPortCheck(ctx, t, c)
	createWriteQuery(ctx, t, client(ctx, t, c, "dummy", "us-east-1"))
	if out := logs(ctx, t, c); !strings.Contains(out, "\nSharedDb:\ttrue\n") {
		t.Fatalf("the banner does not say SharedDb true:\n%s", out)
	}

	again, err := tcdynamodb.Run(ctx, image(t), tcdynamodb.WithSharedDB(), tcdynamodb.WithDisableTelemetry())
	testcontainers.CleanupContainer(t, again)
	if err != nil {
		t.Fatalf("dynamodb.Run again: %v", err)
	}
	if again.GetContainerID() != c.GetContainerID() {
		t.Fatalf("WithSharedDB: a second Run started %s, not the reused %s", again.GetContainerID(), c.GetContainerID())
	}
	tables, err := client(ctx, t, again, "another", "eu-west-1").ListTables(ctx, &dynamodb.ListTablesInput{})
	if err != nil || !slices.Contains(tables.TableNames, "orders") {
		t.Fatalf("-sharedDb: another key and region: %v, %v", tables, err)
	}
	code, out, err := c.Exec(ctx, []string{"/bin/sh", "-c", "ls /home/dynamodblocal"})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(out)
	if code != 0 || !strings.Contains(string(b), "CURRENT") {
		t.Fatalf("no database in the working directory: exit %d: %s", code, b)
	}
	t.Log("proved: WithSharedDB and WithDisableTelemetry (-sharedDb -disableTelemetry): a second Run reuses the container, another key and region see the table, the data is in the working directory without -dbPath")
}
