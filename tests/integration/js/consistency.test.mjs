// Eventually consistent reads, GSI lag and stream records' delay
// (docs/EVENTUAL_CONSISTENCY.md) through the AWS SDK for JavaScript v3: a read without
// ConsistentRead that sees the old image next to a strongly consistent one that sees the
// new; a GSI Query that misses a fresh write and sees it later; a stream record readable
// only after its delay. Constant, generous delays (2 s), so "right after a write" holds
// on a loaded machine; "later" is polled for.
//
// Run: MONOTABLE_BIN=build/monotable node --test consistency.test.mjs  (or run.sh)

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
} from "@aws-sdk/client-dynamodb";
import {
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from "@aws-sdk/client-dynamodb-streams";

import { clientFor, createTable, startServer, streamsClientFor } from "./server.mjs";

const LAG_MS = "2000";
const POLL_TIMEOUT_MS = 20_000; // far beyond the lag, never reached unless broken

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The first truthy value of `fn()`, asked every 100 ms.
async function poll(fn) {
  const deadline = Date.now() + POLL_TIMEOUT_MS;
  for (;;) {
    const value = await fn();
    if (value) return value;
    assert.ok(Date.now() < deadline, `still not seen after ${POLL_TIMEOUT_MS} ms`);
    await sleep(100);
  }
}

describe("eventual consistency", () => {
  let server;
  let client;
  before(async () => {
    server = await startServer(undefined, [
      "--eventual-consistency-delay", LAG_MS,
      "--gsi-lag", LAG_MS,
      "--streams-delay", LAG_MS,
    ]);
    client = clientFor(server);
  });
  after(async () => {
    await server?.stop();
  });

  test("a stale eventually consistent read next to a fresh strongly consistent one", async () => {
    await createTable(client, "js_stale");
    const Key = { PK: { S: "a" }, SK: { S: "s" } };
    const get = (ConsistentRead) =>
      client.send(new GetItemCommand({ TableName: "js_stale", Key, ConsistentRead }));
    const put = (v) =>
      client.send(new PutItemCommand({ TableName: "js_stale", Item: { ...Key, v: { S: v } } }));

    await put("1");
    assert.equal((await get(false)).Item, undefined); // just created: not there yet
    assert.deepEqual((await get(true)).Item.v, { S: "1" });
    await poll(async () => (await get(false)).Item);

    await put("2");
    assert.deepEqual((await get(false)).Item.v, { S: "1" }); // the old image
    assert.deepEqual((await get(true)).Item.v, { S: "2" });
    await poll(async () => (await get(false)).Item.v.S === "2");
  });

  test("a GSI Query misses a fresh write and sees it later", async () => {
    await createTable(client, "js_lag", {
      AttributeDefinitions: ["PK", "SK", "g"].map((AttributeName) => ({
        AttributeName,
        AttributeType: "S",
      })),
      GlobalSecondaryIndexes: [
        {
          IndexName: "byG",
          KeySchema: [{ AttributeName: "g", KeyType: "HASH" }],
          Projection: { ProjectionType: "ALL" },
        },
      ],
    });
    const onIndex = async () =>
      (
        await client.send(
          new QueryCommand({
            TableName: "js_lag",
            IndexName: "byG",
            KeyConditionExpression: "g = :g",
            ExpressionAttributeValues: { ":g": { S: "x" } },
          }),
        )
      ).Items;
    await client.send(
      new PutItemCommand({
        TableName: "js_lag",
        Item: { PK: { S: "a" }, SK: { S: "s" }, g: { S: "x" } },
      }),
    );
    assert.deepEqual(await onIndex(), []); // the index has not caught up
    const items = await poll(async () => {
      const found = await onIndex();
      return found.length > 0 && found;
    });
    assert.deepEqual(items[0].PK, { S: "a" });
  });

  test("a stream record is readable after its delay", async () => {
    const created = await createTable(client, "js_streamed", {
      range: null,
      // Provisioned at 5 units: one partition, so one shard.
      BillingMode: "PROVISIONED",
      ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
      StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_IMAGE" },
    });
    const StreamArn = created.TableDescription.LatestStreamArn;
    const streams = streamsClientFor(server);
    await client.send(
      new PutItemCommand({ TableName: "js_streamed", Item: { PK: { S: "a" } } }),
    );
    const described = await streams.send(new DescribeStreamCommand({ StreamArn }));
    const [shard] = described.StreamDescription.Shards;
    let { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn,
        ShardId: shard.ShardId,
        ShardIteratorType: "TRIM_HORIZON",
      }),
    );
    const first = await streams.send(new GetRecordsCommand({ ShardIterator }));
    assert.deepEqual(first.Records, []); // written, not yet readable
    ShardIterator = first.NextShardIterator;
    const records = await poll(async () => {
      const answer = await streams.send(new GetRecordsCommand({ ShardIterator }));
      ShardIterator = answer.NextShardIterator;
      return answer.Records.length > 0 && answer.Records;
    });
    assert.equal(records[0].eventName, "INSERT");
    assert.deepEqual(records[0].dynamodb.NewImage, { PK: { S: "a" } });
  });
});
