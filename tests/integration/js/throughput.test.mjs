// Throttling through the AWS SDK for JavaScript v3 against `monotable --throughput
// enforce`: a throttled write is a ProvisionedThroughputExceededException whose
// ThrottlingReasons the SDK exposes, and the SDK's default retries (standard mode, 3
// attempts with backoff) resend a throttled request until it goes through.
//
// Run: MONOTABLE_BIN=build/monotable node --test throughput.test.mjs

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  ProvisionedThroughputExceededException,
  PutItemCommand,
} from "@aws-sdk/client-dynamodb";

import { clientFor, createTable, startServer } from "./server.mjs";

const ATTEMPTS = 50; // a WCU-1 table refuses the second write within a second

describe("throttling with --throughput enforce", () => {
  let server;
  before(async () => {
    server = await startServer(undefined, ["--throughput", "enforce"]);
  });
  after(async () => {
    await server?.stop();
  });

  // One write unit a second: the second write in a second is throttled.
  const createHotTable = (client, name) =>
    createTable(client, name, {
      range: null,
      BillingMode: "PROVISIONED",
      ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 },
    });

  const put = (name, i) =>
    new PutItemCommand({ TableName: name, Item: { PK: { S: "hot" }, n: { N: String(i) } } });

  test("a throttled write shows its ThrottlingReasons", async () => {
    const client = clientFor(server); // one attempt: the error reaches the caller
    const name = `js_throttle_${Date.now()}`;
    await createHotTable(client, name);
    let error;
    for (let i = 0; i < ATTEMPTS && !error; ++i) {
      try {
        await client.send(put(name, i));
      } catch (e) {
        error = e;
      }
    }
    assert.ok(error, "a WCU-1 table never throttled");
    assert.ok(error instanceof ProvisionedThroughputExceededException, String(error));
    assert.equal(error.name, "ProvisionedThroughputExceededException");
    assert.equal(error.$metadata.httpStatusCode, 400);
    assert.match(error.message, /provisioned throughput for the table was exceeded/);
    assert.deepEqual(error.ThrottlingReasons, [
      {
        reason: "TableWriteProvisionedThroughputExceeded",
        resource: `arn:aws:dynamodb:us-east-1:000000000000:table/${name}`,
      },
    ]);
    // Throttling errors are retryable for the SDK (its standard retry strategy).
    assert.equal(error.$retryable?.throttling ?? true, true);
  });

  test("the SDK's default retries back off and resend throttled writes", async () => {
    const client = clientFor(server, { maxAttempts: undefined }); // the SDK's defaults: 3
    const name = `js_retry_${Date.now()}`;
    await createHotTable(clientFor(server), name);
    // One write a second is allowed: quick writes are throttled, the SDK backs off (with
    // jitter) and resends. A write succeeds once a retry lands after the refill; one whose
    // retries all came too soon fails after exactly 3 attempts.
    let retriedAndSucceeded = 0;
    for (let i = 0; i < 6; ++i) {
      try {
        const result = await client.send(put(name, i));
        if (result.$metadata.attempts > 1) ++retriedAndSucceeded;
        assert.ok(result.$metadata.attempts <= 3);
      } catch (e) {
        assert.equal(e.name, "ProvisionedThroughputExceededException");
        assert.equal(e.$metadata.attempts, 3);
        assert.ok(e.$metadata.totalRetryDelay > 0);
      }
    }
    assert.ok(retriedAndSucceeded >= 1, "no throttled write went through on a retry");
  });
});
