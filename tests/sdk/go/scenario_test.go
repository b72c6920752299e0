// The single-table scenario of tests/sdk/README.md, steps 1 to 7 and 9, through the AWS
// SDK for Go v2: the TableExists waiter, attributevalue, the expression builder, the
// Query paginator, typed errors and the DynamoDB Streams client. Step 8 is in
// throttling_test.go.
package sdk

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	streamtypes "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
)

const table = "Shop_go"

var ctx = context.Background()

func key(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: pk}, "SK": &types.AttributeValueMemberS{Value: sk}}
}

func build(t *testing.T, b expression.Builder) expression.Expression {
	t.Helper()
	e, err := b.Build()
	if err != nil {
		t.Fatalf("expression: %v", err)
	}
	return e
}

// The SK of each item, in order.
func sortKeys(t *testing.T, items []map[string]types.AttributeValue) []string {
	t.Helper()
	var out []string
	for _, item := range items {
		var k struct{ SK string }
		if err := attributevalue.UnmarshalMap(item, &k); err != nil {
			t.Fatalf("UnmarshalMap: %v", err)
		}
		out = append(out, k.SK)
	}
	return out
}

func expectKeys(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: got %q, want %q", what, got, want)
	}
}

func query(t *testing.T, client *dynamodb.Client, index string, key expression.KeyConditionBuilder) []map[string]types.AttributeValue {
	t.Helper()
	e := build(t, expression.NewBuilder().WithKeyCondition(key))
	input := &dynamodb.QueryInput{TableName: aws.String(table), KeyConditionExpression: e.KeyCondition(),
		ExpressionAttributeNames: e.Names(), ExpressionAttributeValues: e.Values()}
	if index != "" {
		input.IndexName = aws.String(index)
	}
	out, err := client.Query(ctx, input)
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	return out.Items
}

func TestScenario(t *testing.T) {
	client := dynamoClient(t, "MONOTABLE_ENDPOINT")
	step := func(name string, f func(t *testing.T)) {
		if !t.Run(name, f) {
			t.FailNow() // each step builds on the ones before
		}
	}
	written := map[string][]string{} // step 2's partition keys -> their sort keys, in the order written

	step("1 create the table and wait until it exists", func(t *testing.T) {
		if _, err := client.CreateTable(ctx, shopTable(table)); err != nil {
			t.Fatalf("CreateTable: %v", err)
		}
		waiter := dynamodb.NewTableExistsWaiter(client)
		out, err := waiter.WaitForOutput(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(table)}, 30*time.Second)
		if err != nil {
			t.Fatalf("TableExists waiter: %v", err)
		}
		if out.Table.TableStatus != types.TableStatusActive || len(out.Table.GlobalSecondaryIndexes) != 2 {
			t.Fatalf("table after the waiter: %v with %d GSIs", out.Table.TableStatus, len(out.Table.GlobalSecondaryIndexes))
		}
	})

	step("2 write the seed with attributevalue.MarshalMap", func(t *testing.T) {
		for _, entity := range seedItems() {
			item, err := attributevalue.MarshalMap(entity)
			if err != nil {
				t.Fatalf("MarshalMap: %v", err)
			}
			if _, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: item}); err != nil {
				t.Fatalf("PutItem: %v", err)
			}
			var k struct{ PK, SK string }
			if err := attributevalue.UnmarshalMap(item, &k); err != nil {
				t.Fatalf("UnmarshalMap: %v", err)
			}
			written[k.PK] = append(written[k.PK], k.SK)
		}
	})

	step("3 read back: GetItem, key conditions, GSIs, the paginator", func(t *testing.T) {
		got, err := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: key(c001, "PROFILE")})
		if err != nil {
			t.Fatalf("GetItem: %v", err)
		}
		var profile Customer
		if err := attributevalue.UnmarshalMap(got.Item, &profile); err != nil {
			t.Fatalf("UnmarshalMap: %v", err)
		}
		if profile != customer("C001", "Nguyen Van A", "a@mail.com") {
			t.Fatalf("profile: %+v", profile)
		}

		pk := expression.Key("PK").Equal(expression.Value(c001))
		april := query(t, client, "", pk.And(expression.Key("SK").BeginsWith("ORDER#2026-04")))
		expectKeys(t, "begins_with April", sortKeys(t, april), "ORDER#2026-04-15#O099",
			"ORDER#2026-04-15#O099#ITEM#1", "ORDER#2026-04-18#O100", "ORDER#2026-04-18#O100#ITEM#1")
		var orders []Order
		if err := attributevalue.UnmarshalListOfMaps(april[:1], &orders); err != nil || orders[0].Total != 350000 {
			t.Fatalf("O099 unmarshalled: %+v, %v", orders, err)
		}
		between := query(t, client, "", pk.And(expression.Key("SK").Between(
			expression.Value("ORDER#2026-04-01"), expression.Value("ORDER#2026-04-16"))))
		expectKeys(t, "BETWEEN", sortKeys(t, between), "ORDER#2026-04-15#O099", "ORDER#2026-04-15#O099#ITEM#1")

		delivered := query(t, client, "GSI1", expression.Key("GSI1PK").Equal(expression.Value("STATUS#delivered")))
		expectKeys(t, "GSI1 delivered", sortKeys(t, delivered), "ORDER#2026-03-30#O098", "ORDER#2026-04-15#O099")
		byEmail := query(t, client, "GSI1", expression.Key("GSI1PK").Equal(expression.Value("EMAIL#a@mail.com")))
		expectKeys(t, "GSI1 by email", sortKeys(t, byEmail), "PROFILE")
		unpaid := query(t, client, "Unpaid", expression.Key("UnpaidGSIPK").Equal(expression.Value("UNPAID")))
		expectKeys(t, "sparse Unpaid", sortKeys(t, unpaid), "ORDER#2026-04-18#O100")
		if _, projected := unpaid[0]["Total"]; projected || len(unpaid[0]) != 4 {
			t.Fatalf("a KEYS_ONLY index item has %d attributes: %v", len(unpaid[0]), unpaid[0])
		}

		e := build(t, expression.NewBuilder().WithKeyCondition(pk))
		paginator := dynamodb.NewQueryPaginator(client, &dynamodb.QueryInput{TableName: aws.String(table),
			KeyConditionExpression: e.KeyCondition(), ExpressionAttributeNames: e.Names(),
			ExpressionAttributeValues: e.Values(), Limit: aws.Int32(2)})
		var all []map[string]types.AttributeValue
		pages := 0
		for paginator.HasMorePages() {
			page, err := paginator.NextPage(ctx)
			if err != nil {
				t.Fatalf("NextPage: %v", err)
			}
			if len(page.Items) > 2 {
				t.Fatalf("a page of %d items with Limit 2", len(page.Items))
			}
			pages++
			all = append(all, page.Items...)
		}
		if pages < 3 {
			t.Fatalf("%d pages for 6 items with Limit 2", pages)
		}
		expectKeys(t, "paginated", sortKeys(t, all), "ORDER#2026-03-30#O098", "ORDER#2026-04-15#O099",
			"ORDER#2026-04-15#O099#ITEM#1", "ORDER#2026-04-18#O100", "ORDER#2026-04-18#O100#ITEM#1", "PROFILE")
	})

	step("4 a failed conditional write returns the old item", func(t *testing.T) {
		item, _ := attributevalue.MarshalMap(customer("C001", "Someone Else", "x@mail.com"))
		e := build(t, expression.NewBuilder().WithCondition(expression.AttributeNotExists(expression.Name("PK"))))
		_, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: item,
			ConditionExpression: e.Condition(), ExpressionAttributeNames: e.Names(),
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld})
		var failed *types.ConditionalCheckFailedException
		if !errors.As(err, &failed) {
			t.Fatalf("want ConditionalCheckFailedException, got %v", err)
		}
		var old Customer
		if err := attributevalue.UnmarshalMap(failed.Item, &old); err != nil || old.Name != "Nguyen Van A" {
			t.Fatalf("the exception's old item: %+v (%v)", old, err)
		}
		if failed.ErrorCode() != "ConditionalCheckFailedException" || failed.ErrorMessage() != "The conditional request failed" {
			t.Fatalf("code %q, message %q", failed.ErrorCode(), failed.ErrorMessage())
		}
	})

	step("5 a cancelled transaction gives its CancellationReasons", func(t *testing.T) {
		o101, _ := attributevalue.MarshalMap(order("2026-04-20", "O101", 99000, "processing", false))
		notExists := build(t, expression.NewBuilder().WithCondition(expression.AttributeNotExists(expression.Name("PK"))))
		wrongEmail := build(t, expression.NewBuilder().WithCondition(expression.Name("Email").Equal(expression.Value("wrong@mail.com"))))
		shipped := build(t, expression.NewBuilder().WithUpdate(expression.Set(expression.Name("Status"), expression.Value("shipped"))))
		_, err := client.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
			{Put: &types.Put{TableName: aws.String(table), Item: o101, ConditionExpression: notExists.Condition(),
				ExpressionAttributeNames: notExists.Names()}},
			{ConditionCheck: &types.ConditionCheck{TableName: aws.String(table), Key: key("CUSTOMER#C002", "PROFILE"),
				ConditionExpression: wrongEmail.Condition(), ExpressionAttributeNames: wrongEmail.Names(),
				ExpressionAttributeValues:           wrongEmail.Values(),
				ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld}},
			{Update: &types.Update{TableName: aws.String(table), Key: key(c001, "ORDER#2026-04-18#O100"),
				UpdateExpression: shipped.Update(), ExpressionAttributeNames: shipped.Names(),
				ExpressionAttributeValues: shipped.Values()}},
		}})
		var cancelled *types.TransactionCanceledException
		if !errors.As(err, &cancelled) {
			t.Fatalf("want TransactionCanceledException, got %v", err)
		}
		var codes []string
		for _, r := range cancelled.CancellationReasons {
			codes = append(codes, aws.ToString(r.Code))
		}
		expectKeys(t, "cancellation codes", codes, "None", "ConditionalCheckFailed", "None")
		var c002 Customer
		if err := attributevalue.UnmarshalMap(cancelled.CancellationReasons[1].Item, &c002); err != nil || c002.Email != "b@mail.com" {
			t.Fatalf("the failed check's item: %+v (%v)", c002, err)
		}
		got, _ := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: key(c001, "ORDER#2026-04-20#O101")})
		o100, _ := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: key(c001, "ORDER#2026-04-18#O100")})
		if got.Item != nil || o100.Item["Status"].(*types.AttributeValueMemberS).Value != "processing" {
			t.Fatalf("the cancelled transaction wrote: O101 %v, O100 %v", got.Item, o100.Item["Status"])
		}
	})

	step("6 BatchWriteItem of 30 items in chunks of 25", func(t *testing.T) {
		items := bigOrderItems()
		for start := 0; start < len(items); start += 25 {
			var requests []types.WriteRequest
			for _, it := range items[start:min(start+25, len(items))] {
				av, _ := attributevalue.MarshalMap(it)
				requests = append(requests, types.WriteRequest{PutRequest: &types.PutRequest{Item: av}})
			}
			pending := map[string][]types.WriteRequest{table: requests}
			for attempt := 0; len(pending) > 0; attempt++ {
				if attempt == 10 {
					t.Fatalf("UnprocessedItems after 10 attempts: %v", pending)
				}
				out, err := client.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: pending})
				if err != nil {
					t.Fatalf("BatchWriteItem: %v", err)
				}
				pending = out.UnprocessedItems
			}
		}
		e := build(t, expression.NewBuilder().WithKeyCondition(expression.Key("PK").Equal(expression.Value("ORDER#O102"))))
		out, err := client.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(table), Select: types.SelectCount,
			KeyConditionExpression: e.KeyCondition(), ExpressionAttributeNames: e.Names(), ExpressionAttributeValues: e.Values()})
		if err != nil || out.Count != 30 {
			t.Fatalf("COUNT of O102's items: %v (%v)", out, err)
		}
	})

	step("7 the stream has step 2's inserts", func(t *testing.T) {
		streams := streamsClient(t)
		described, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(table)})
		if err != nil || described.Table.LatestStreamArn == nil {
			t.Fatalf("DescribeTable: %v (%v)", described, err)
		}
		stream, err := streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: described.Table.LatestStreamArn})
		if err != nil || len(stream.StreamDescription.Shards) == 0 {
			t.Fatalf("DescribeStream: %v (%v)", stream, err)
		}
		inserted := map[string][]string{} // partition key -> its INSERTs' sort keys, in stream order
		for _, shard := range stream.StreamDescription.Shards {
			it, err := streams.GetShardIterator(ctx, &dynamodbstreams.GetShardIteratorInput{
				StreamArn: described.Table.LatestStreamArn, ShardId: shard.ShardId,
				ShardIteratorType: streamtypes.ShardIteratorTypeTrimHorizon})
			if err != nil {
				t.Fatalf("GetShardIterator: %v", err)
			}
			for iterator, pages := it.ShardIterator, 0; iterator != nil; pages++ {
				if pages == 100 {
					t.Fatalf("shard %s: 100 pages of records", aws.ToString(shard.ShardId))
				}
				page, err := streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: iterator})
				if err != nil {
					t.Fatalf("GetRecords: %v", err)
				}
				if len(page.Records) == 0 {
					break // the open shard's end, for now
				}
				for _, r := range page.Records {
					if r.EventName == streamtypes.OperationTypeInsert && r.Dynamodb.NewImage != nil {
						pk := r.Dynamodb.Keys["PK"].(*streamtypes.AttributeValueMemberS).Value
						sk := r.Dynamodb.Keys["SK"].(*streamtypes.AttributeValueMemberS).Value
						inserted[pk] = append(inserted[pk], sk)
					}
				}
				iterator = page.NextShardIterator
			}
		}
		for pk, sks := range written {
			expectKeys(t, "INSERT records of "+pk, inserted[pk], sks...)
		}
	})

	step("9 Time to Live deletes an expired item", func(t *testing.T) {
		if _, err := client.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: aws.String(table),
			TimeToLiveSpecification: &types.TimeToLiveSpecification{AttributeName: aws.String("ExpiresAt"), Enabled: aws.Bool(true)}}); err != nil {
			t.Fatalf("UpdateTimeToLive: %v", err)
		}
		ttl, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(table)})
		if err != nil || ttl.TimeToLiveDescription.TimeToLiveStatus != types.TimeToLiveStatusEnabled {
			t.Fatalf("DescribeTimeToLive: %v (%v)", ttl, err)
		}
		cart := key(c001, "CART")
		cart["ExpiresAt"] = &types.AttributeValueMemberN{Value: strconv.FormatInt(time.Now().Add(-time.Hour).Unix(), 10)}
		if _, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: cart}); err != nil {
			t.Fatalf("PutItem: %v", err)
		}
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
			got, err := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: key(c001, "CART")})
			if err != nil {
				t.Fatalf("GetItem: %v", err)
			}
			if got.Item == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the expired item is still there after 30 s")
			}
		}
	})
}
