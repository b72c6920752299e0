// DynamoDB Streams through the AWS SDK for JavaScript v3 (@aws-sdk/client-dynamodb-streams),
// against the real server binary: a table created with a stream, then ListStreams,
// DescribeStream, GetShardIterator and GetRecords as a Node consumer calls them.
//
// Run: MONOTABLE_BIN=build/monotable node --test streams.test.mjs  (or run.sh)

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import {
  DeleteItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import {
  DescribeStreamCommand,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ListStreamsCommand,
} from "@aws-sdk/client-dynamodb-streams";

import { clientFor, createTable, startServer, streamsClientFor } from "./server.mjs";

const TABLE = "orders-stream";
let server;
let ddb;
let streams;
let streamArn;

before(async () => {
  server = await startServer();
  ddb = clientFor(server);
  streams = streamsClientFor(server);
  const created = await createTable(ddb, TABLE, {
    range: null,
    StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" },
  });
  streamArn = created.TableDescription.LatestStreamArn;
});

after(async () => {
  ddb?.destroy();
  streams?.destroy();
  await server?.stop();
});

// Every record of the stream, shard by shard (parents first, as DescribeStream lists them).
async function readStream() {
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
  const records = [];
  for (const shard of StreamDescription.Shards) {
    let { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shard.ShardId,
        ShardIteratorType: "TRIM_HORIZON",
      }),
    );
    while (ShardIterator) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator, Limit: 100 }));
      records.push(...page.Records);
      ShardIterator = page.Records.length ? page.NextShardIterator : undefined;
    }
  }
  return records;
}

test("ListStreams names the table's stream", async () => {
  const { Streams } = await streams.send(new ListStreamsCommand({ TableName: TABLE }));
  assert.equal(Streams.length, 1);
  assert.equal(Streams[0].StreamArn, streamArn);
  assert.match(Streams[0].StreamLabel, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
});

test("GetRecords returns INSERT, MODIFY and REMOVE with both images", async () => {
  await ddb.send(new PutItemCommand({ TableName: TABLE, Item: { PK: { S: "o1" }, n: { N: "1" } } }));
  await ddb.send(
    new UpdateItemCommand({
      TableName: TABLE,
      Key: { PK: { S: "o1" } },
      UpdateExpression: "SET n = :n",
      ExpressionAttributeValues: { ":n": { N: "2" } },
    }),
  );
  await ddb.send(new DeleteItemCommand({ TableName: TABLE, Key: { PK: { S: "o1" } } }));
  const records = (await readStream()).filter((r) => r.dynamodb.Keys.PK.S === "o1");
  assert.deepEqual(
    records.map((r) => r.eventName),
    ["INSERT", "MODIFY", "REMOVE"],
  );
  assert.deepEqual(records[1].dynamodb.OldImage, { PK: { S: "o1" }, n: { N: "1" } });
  assert.deepEqual(records[1].dynamodb.NewImage, { PK: { S: "o1" }, n: { N: "2" } });
  assert.ok(records[0].dynamodb.ApproximateCreationDateTime instanceof Date);
  for (const r of records) {
    assert.equal(r.eventSource, "aws:dynamodb");
    assert.equal(r.dynamodb.StreamViewType, "NEW_AND_OLD_IMAGES");
    assert.match(r.dynamodb.SequenceNumber, /^\d{21,40}$/);
  }
});

test("a forged iterator is refused with a typed error", async () => {
  await assert.rejects(
    streams.send(new GetRecordsCommand({ ShardIterator: "forged" })),
    (error) => error.name === "ValidationException" && !(error instanceof ExpiredIteratorException),
  );
});
