// Dynamoose 4 against the real server binary: a model whose table has the `expires`
// (Time to Live) option. Initialising the table creates it, waits for ACTIVE, then asks
// DescribeTimeToLive and, TTL being DISABLED, calls UpdateTimeToLive with the model's
// attribute (Dynamoose's Table/utilities.js updateTimeToLive); items then carry that
// attribute as epoch seconds, and the server's sweeper deletes the ones already due.
//
// Run: MONOTABLE_BIN=build/monotable node --test dynamoose.test.mjs  (or run.sh)

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { DescribeTimeToLiveCommand, DynamoDB, GetItemCommand } from "@aws-sdk/client-dynamodb";
import dynamoose from "dynamoose";

import { clientFor, startServer } from "./server.mjs";

const TABLE = "dynamoose_sessions";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe("Dynamoose 4 with expires (TTL)", () => {
  let server;
  let client;
  let Session;

  before(async () => {
    // The sweeper runs every 0.2 s, so an item already due goes within a second.
    server = await startServer(undefined, ["--ttl-sweep-interval", "0.2"]);
    client = clientFor(server);
    // Dynamoose calls the aggregated DynamoDB client's methods (describeTable, ...).
    dynamoose.aws.ddb.set(
      new DynamoDB({
        endpoint: server.endpoint,
        region: "us-east-1",
        credentials: { accessKeyId: "AKIDJSTEST", secretAccessKey: "secret" },
        maxAttempts: 1,
      }),
    );
    Session = dynamoose.model("Session", new dynamoose.Schema({ id: String, user: String }), {
      create: false,
      waitForActive: false,
    });
  });

  after(async () => {
    dynamoose.aws.ddb.revert();
    await server?.stop();
  });

  test("initialising the table enables Time to Live on the model's attribute", async () => {
    const table = new dynamoose.Table(TABLE, [Session], {
      create: true,
      throughput: "ON_DEMAND",
      expires: { ttl: 60 * 60 * 1000, attribute: "expiresAt" },
      waitForActive: { enabled: true, check: { timeout: 10_000, frequency: 50 } },
      initialize: false,
    });
    await table.initialize();
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: TABLE }));
    assert.deepEqual(ttl.TimeToLiveDescription, {
      TimeToLiveStatus: "ENABLED",
      AttributeName: "expiresAt",
    });
    // A second table object for the same table (a model is assigned to one table
    // object) finds TTL enabled and changes nothing.
    const Again = dynamoose.model("SessionAgain", new dynamoose.Schema({ id: String }), {
      create: false,
      waitForActive: false,
    });
    await new dynamoose.Table(TABLE, [Again], {
      create: true,
      expires: { ttl: 60 * 60 * 1000, attribute: "expiresAt" },
      initialize: false,
    }).initialize();
    const still = await client.send(new DescribeTimeToLiveCommand({ TableName: TABLE }));
    assert.equal(still.TimeToLiveDescription.TimeToLiveStatus, "ENABLED");
  });

  test("items carry the TTL attribute in epoch seconds, and due ones are deleted", async () => {
    const before = Math.floor(Date.now() / 1000);
    await Session.create({ id: "live", user: "ada" });
    const stored = await client.send(
      new GetItemCommand({ TableName: TABLE, Key: { id: { S: "live" } }, ConsistentRead: true }),
    );
    const expiresAt = Number(stored.Item.expiresAt.N);
    assert.ok(expiresAt >= before + 3600 && expiresAt <= before + 3602, String(expiresAt));
    const read = await Session.get("live");
    assert.ok(read.expiresAt instanceof Date);
    assert.equal(Math.floor(read.expiresAt.getTime() / 1000), expiresAt);

    await Session.create({ id: "due", user: "bob", expiresAt: new Date(Date.now() - 60_000) });
    let gone = false;
    for (let i = 0; i < 100 && !gone; ++i) {
      const due = await client.send(
        new GetItemCommand({ TableName: TABLE, Key: { id: { S: "due" } }, ConsistentRead: true }),
      );
      gone = due.Item === undefined;
      if (!gone) await sleep(100);
    }
    assert.ok(gone, "the sweeper deleted the item whose expiresAt had passed");
    assert.equal((await Session.get("live")).user, "ada");
  });
});
