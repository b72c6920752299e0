// The single-table scenario of tests/sdk/README.md (seed 004) through the AWS SDK for
// JavaScript v3: waitUntilTableExists, the DynamoDBDocumentClient for the entities,
// paginateQuery, typed exceptions with their members, BatchWriteCommand in chunks of 25
// and the DynamoDB Streams client. Step 8 (throttling, ThrottlingReasons and the SDK's
// default retries) is throughput.test.mjs.
//
// Run: MONOTABLE_BIN=build/monotable node --test scenario.test.mjs  (or run.sh)

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  ConditionalCheckFailedException,
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  TransactionCanceledException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from "@aws-sdk/client-dynamodb-streams";
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  paginateQuery,
} from "@aws-sdk/lib-dynamodb";

import { clientFor, expectRejection, startServer } from "./server.mjs";

const TABLE = "Shop_js";
const C001 = "CUSTOMER#C001";

const customer = (id, Name, Email) => ({
  PK: `CUSTOMER#${id}`, SK: "PROFILE", Name, Email, GSI1PK: `EMAIL#${Email}`, GSI1SK: `CUSTOMER#${id}`,
});
const order = (date, id, Total, Status, unpaid = false) => ({
  PK: C001, SK: `ORDER#${date}#${id}`, Total, Status, GSI1PK: `STATUS#${Status}`, GSI1SK: date,
  ...(unpaid ? { UnpaidGSIPK: "UNPAID", UnpaidGSISK: date } : {}),
});
const orderItem = (o, Product, Qty, Price) => ({ PK: C001, SK: `${o.SK}#ITEM#1`, Product, Qty, Price });

const o099 = order("2026-04-15", "O099", 350000, "delivered");
const o100 = order("2026-04-18", "O100", 2500000, "processing", true);
// Step 2's items, in the order they are written.
const SEED = [
  customer("C001", "Nguyen Van A", "a@mail.com"),
  order("2026-03-30", "O098", 120000, "delivered"),
  o099, orderItem(o099, "Book", 2, 175000),
  o100, orderItem(o100, "Laptop", 1, 2500000),
  customer("C002", "Tran Thi B", "b@mail.com"),
];

const keys = (names) => names.map((AttributeName, i) => ({ AttributeName, KeyType: i ? "RANGE" : "HASH" }));
const sortKeys = (items) => items.map((i) => i.SK);

describe("seed 004's scenario through the JavaScript SDK v3", () => {
  let server;
  let client;
  let doc;
  const query = (input) => doc.send(new QueryCommand({ TableName: TABLE, ...input }));

  before(async () => {
    server = await startServer();
    client = clientFor(server);
    doc = DynamoDBDocumentClient.from(client);
  });
  after(async () => {
    client?.destroy();
    await server?.stop();
  });

  test("1 create the table and wait with waitUntilTableExists", async () => {
    const index = (IndexName, names, ProjectionType) => ({ IndexName, KeySchema: keys(names), Projection: { ProjectionType } });
    await client.send(new CreateTableCommand({
      TableName: TABLE,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: ["PK", "SK", "GSI1PK", "GSI1SK", "UnpaidGSIPK", "UnpaidGSISK"].map((AttributeName) => ({ AttributeName, AttributeType: "S" })),
      KeySchema: keys(["PK", "SK"]),
      GlobalSecondaryIndexes: [index("GSI1", ["GSI1PK", "GSI1SK"], "ALL"), index("Unpaid", ["UnpaidGSIPK", "UnpaidGSISK"], "KEYS_ONLY")],
      StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" },
    }));
    const waited = await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: TABLE });
    assert.equal(waited.state, "SUCCESS");
    assert.equal(waited.reason.Table.TableStatus, "ACTIVE");
  });

  test("2 write the seed through the Document Client", async () => {
    for (const Item of SEED) await doc.send(new PutCommand({ TableName: TABLE, Item }));
  });

  test("3 read back: GetItem, key conditions, GSIs, paginateQuery", async () => {
    const { Item } = await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: C001, SK: "PROFILE" } }));
    assert.deepEqual(Item, SEED[0]);
    const april = await query({ KeyConditionExpression: "PK = :pk AND begins_with(SK, :april)", ExpressionAttributeValues: { ":pk": C001, ":april": "ORDER#2026-04" } });
    assert.deepEqual(sortKeys(april.Items), ["ORDER#2026-04-15#O099", "ORDER#2026-04-15#O099#ITEM#1", "ORDER#2026-04-18#O100", "ORDER#2026-04-18#O100#ITEM#1"]);
    assert.equal(april.Items[0].Total, 350000); // a number, unmarshalled
    const between = await query({ KeyConditionExpression: "PK = :pk AND SK BETWEEN :from AND :to", ExpressionAttributeValues: { ":pk": C001, ":from": "ORDER#2026-04-01", ":to": "ORDER#2026-04-16" } });
    assert.deepEqual(sortKeys(between.Items), ["ORDER#2026-04-15#O099", "ORDER#2026-04-15#O099#ITEM#1"]);
    const delivered = await query({ IndexName: "GSI1", KeyConditionExpression: "GSI1PK = :s", ExpressionAttributeValues: { ":s": "STATUS#delivered" } });
    assert.deepEqual(sortKeys(delivered.Items), ["ORDER#2026-03-30#O098", "ORDER#2026-04-15#O099"]);
    const byEmail = await query({ IndexName: "GSI1", KeyConditionExpression: "GSI1PK = :e", ExpressionAttributeValues: { ":e": "EMAIL#a@mail.com" } });
    assert.deepEqual(byEmail.Items.map((i) => i.Name), ["Nguyen Van A"]);
    const unpaid = await query({ IndexName: "Unpaid", KeyConditionExpression: "UnpaidGSIPK = :u", ExpressionAttributeValues: { ":u": "UNPAID" } });
    assert.deepEqual(unpaid.Items, [{ PK: C001, SK: o100.SK, UnpaidGSIPK: "UNPAID", UnpaidGSISK: "2026-04-18" }]);

    const pages = [];
    for await (const page of paginateQuery({ client: doc, pageSize: 2 }, { TableName: TABLE, KeyConditionExpression: "PK = :pk", ExpressionAttributeValues: { ":pk": C001 } })) {
      assert.ok(page.Items.length <= 2);
      pages.push(page.Items);
    }
    assert.ok(pages.length >= 3, `${pages.length} pages for 6 items with Limit 2`);
    assert.deepEqual(sortKeys(pages.flat()), ["ORDER#2026-03-30#O098", "ORDER#2026-04-15#O099", "ORDER#2026-04-15#O099#ITEM#1", "ORDER#2026-04-18#O100", "ORDER#2026-04-18#O100#ITEM#1", "PROFILE"]);
  });

  test("4 a failed conditional write carries the old item", async () => {
    const error = await expectRejection(doc.send(new PutCommand({
      TableName: TABLE, Item: customer("C001", "Someone Else", "x@mail.com"),
      ConditionExpression: "attribute_not_exists(PK)", ReturnValuesOnConditionCheckFailure: "ALL_OLD",
    })));
    assert.ok(error instanceof ConditionalCheckFailedException, String(error));
    assert.equal(error.message, "The conditional request failed");
    assert.equal(error.$metadata.httpStatusCode, 400);
    assert.deepEqual(error.Item.Name, { S: "Nguyen Van A" }); // the exception's member: wire form
  });

  test("5 a cancelled transaction gives its CancellationReasons", async () => {
    const error = await expectRejection(doc.send(new TransactWriteCommand({ TransactItems: [
      { Put: { TableName: TABLE, Item: order("2026-04-20", "O101", 99000, "processing"), ConditionExpression: "attribute_not_exists(PK)" } },
      { ConditionCheck: { TableName: TABLE, Key: { PK: "CUSTOMER#C002", SK: "PROFILE" }, ConditionExpression: "Email = :wrong", ExpressionAttributeValues: { ":wrong": "wrong@mail.com" }, ReturnValuesOnConditionCheckFailure: "ALL_OLD" } },
      { Update: { TableName: TABLE, Key: { PK: C001, SK: o100.SK }, UpdateExpression: "SET #s = :shipped", ExpressionAttributeNames: { "#s": "Status" }, ExpressionAttributeValues: { ":shipped": "shipped" } } },
    ] })));
    assert.ok(error instanceof TransactionCanceledException, String(error));
    assert.deepEqual(error.CancellationReasons.map((r) => r.Code), ["None", "ConditionalCheckFailed", "None"]);
    assert.deepEqual(error.CancellationReasons[1].Item.Email, { S: "b@mail.com" });
    const { Item } = await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: C001, SK: o100.SK } }));
    assert.equal(Item.Status, "processing");
  });

  test("6 BatchWriteCommand of 30 items in chunks of 25", async () => {
    const requests = Array.from({ length: 30 }, (_, n) => ({ PutRequest: { Item: { PK: "ORDER#O102", SK: `ITEM#${String(n + 1).padStart(2, "0")}`, Qty: 1, Price: 1000 * (n + 1) } } }));
    for (let start = 0; start < requests.length; start += 25) {
      let pending = { [TABLE]: requests.slice(start, start + 25) };
      for (let attempt = 0; Object.keys(pending).length > 0; ++attempt) {
        assert.ok(attempt < 10, "unprocessed items after 10 attempts");
        pending = (await doc.send(new BatchWriteCommand({ RequestItems: pending }))).UnprocessedItems ?? {};
      }
    }
    const counted = await query({ Select: "COUNT", KeyConditionExpression: "PK = :pk", ExpressionAttributeValues: { ":pk": "ORDER#O102" } });
    assert.equal(counted.Count, 30);
    assert.equal(counted.Items, undefined);
  });

  test("7 the stream has step 2's inserts, in order per partition key", async () => {
    const streams = new DynamoDBStreamsClient({ endpoint: server.endpoint, region: "us-east-1", credentials: { accessKeyId: "AKIDJSTEST", secretAccessKey: "secret" } });
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: TABLE }));
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: Table.LatestStreamArn }));
      const inserted = {};
      for (const shard of StreamDescription.Shards) {
        let { ShardIterator } = await streams.send(new GetShardIteratorCommand({ StreamArn: Table.LatestStreamArn, ShardId: shard.ShardId, ShardIteratorType: "TRIM_HORIZON" }));
        for (let pages = 0; ShardIterator && pages < 100; ++pages) {
          const page = await streams.send(new GetRecordsCommand({ ShardIterator }));
          if (page.Records.length === 0) break; // the open shard's end, for now
          for (const r of page.Records) {
            if (r.eventName === "INSERT" && r.dynamodb.NewImage) (inserted[r.dynamodb.Keys.PK.S] ??= []).push(r.dynamodb.Keys.SK.S);
          }
          ShardIterator = page.NextShardIterator;
        }
      }
      for (const pk of new Set(SEED.map((i) => i.PK))) {
        assert.deepEqual(inserted[pk], SEED.filter((i) => i.PK === pk).map((i) => i.SK), pk);
      }
    } finally {
      streams.destroy();
    }
  });

  test("9 Time to Live deletes an expired item", async () => {
    await client.send(new UpdateTimeToLiveCommand({ TableName: TABLE, TimeToLiveSpecification: { AttributeName: "ExpiresAt", Enabled: true } }));
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: TABLE }));
    assert.equal(ttl.TimeToLiveDescription.TimeToLiveStatus, "ENABLED");
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: C001, SK: "CART", ExpiresAt: Math.floor(Date.now() / 1000) - 3600 } }));
    const deadline = Date.now() + 30_000;
    while ((await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: C001, SK: "CART" } }))).Item) {
      assert.ok(Date.now() < deadline, "the expired item is still there after 30 s");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
});
