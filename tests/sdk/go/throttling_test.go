// Step 8 of tests/sdk/README.md: throttling against `monotable --throughput enforce`,
// the typed ProvisionedThroughputExceededException with its ThrottlingReasons, and the
// SDK's default retryer.
package sdk

import (
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

const hotTable = "Hot_go"

func hotWrite(client *dynamodb.Client, i int) (*dynamodb.PutItemOutput, error) {
	return client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(hotTable), Item: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "hot"}, "n": &types.AttributeValueMemberN{Value: strconv.Itoa(i)}}})
}

// The exception behind err, with the one reason a WCU-1 table gives.
func expectThrottled(t *testing.T, err error) {
	t.Helper()
	var throttled *types.ProvisionedThroughputExceededException
	if !errors.As(err, &throttled) {
		t.Fatalf("want ProvisionedThroughputExceededException, got %v", err)
	}
	if len(throttled.ThrottlingReasons) != 1 {
		t.Fatalf("ThrottlingReasons: %+v", throttled.ThrottlingReasons)
	}
	reason := throttled.ThrottlingReasons[0]
	if aws.ToString(reason.Reason) != "TableWriteProvisionedThroughputExceeded" ||
		aws.ToString(reason.Resource) != "arn:aws:dynamodb:us-east-1:000000000000:table/"+hotTable {
		t.Fatalf("ThrottlingReason: %s on %s", aws.ToString(reason.Reason), aws.ToString(reason.Resource))
	}
}

func TestThrottling(t *testing.T) {
	client := dynamoClient(t, "MONOTABLE_THROTTLED_ENDPOINT")
	_, err := client.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String(hotTable),
		AttributeDefinitions:  stringAttributes("PK"),
		KeySchema:             []types.KeySchemaElement{{AttributeName: aws.String("PK"), KeyType: types.KeyTypeHash}},
		BillingMode:           types.BillingModeProvisioned,
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(1), WriteCapacityUnits: aws.Int64(1)}})
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}

	t.Run("without retries the exception reaches the caller", func(t *testing.T) {
		once := dynamoClient(t, "MONOTABLE_THROTTLED_ENDPOINT", func(o *dynamodb.Options) { o.Retryer = aws.NopRetryer{} })
		for i := 0; i < 50; i++ {
			if _, err := hotWrite(once, i); err != nil {
				expectThrottled(t, err)
				return
			}
		}
		t.Fatal("50 writes to a WCU-1 table and none was throttled")
	})

	t.Run("the default retryer retries until a write goes through", func(t *testing.T) {
		// One write a second is allowed: quick writes are throttled and the retryer backs
		// off and resends. A write whose retries all come too soon fails after the last
		// attempt; within the bound some retry lands after the refill.
		for i := 0; i < 20; i++ {
			out, err := hotWrite(client, i)
			if err != nil {
				expectThrottled(t, err)
				var exhausted *retry.MaxAttemptsError
				if !errors.As(err, &exhausted) {
					t.Fatalf("a throttled write surfaced before the retryer's last attempt: %v", err)
				}
				continue
			}
			attempts, ok := retry.GetAttemptResults(out.ResultMetadata)
			if ok && len(attempts.Results) > 1 {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatal("20 writes and none went through after a retry")
	})
}
