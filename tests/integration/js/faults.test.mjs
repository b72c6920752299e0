// Fault injection (docs/FAULTS.md) through the AWS SDK for JavaScript v3: rules added
// over /monotable/faults, as a test's setup would; an injected 500 that the SDK's
// default retries resend until it goes through, and an injected TransactionConflict
// that the application sees, as a TransactionConflictException on a PutItem and as a
// cancelled transaction's TransactionConflict reason.
//
// Run: MONOTABLE_BIN=build/monotable node --test faults.test.mjs

import assert from "node:assert/strict";
import { after, afterEach, before, describe, test } from "node:test";

import {
  PutItemCommand,
  TransactWriteItemsCommand,
  TransactionCanceledException,
  TransactionConflictException,
} from "@aws-sdk/client-dynamodb";

import { clientFor, createTable, expectRejection, startServer } from "./server.mjs";

// The docs' client function: one rule in, the stored rule (with its id) out.
async function addFault(endpoint, rule) {
  const response = await fetch(`${endpoint}/monotable/faults`, {
    method: "POST",
    body: JSON.stringify(rule),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
}

async function clearFaults(endpoint) {
  const response = await fetch(`${endpoint}/monotable/faults`, { method: "DELETE" });
  assert.equal(response.status, 200);
}

async function listFaults(endpoint) {
  return (await fetch(`${endpoint}/monotable/faults`)).json();
}

describe("fault injection", () => {
  let server;
  let client;
  const table = "js_faults";
  before(async () => {
    server = await startServer();
    client = clientFor(server);
    await createTable(client, table);
  });
  afterEach(async () => {
    await clearFaults(server.endpoint);
  });
  after(async () => {
    await server?.stop();
  });

  const put = (sk) =>
    new PutItemCommand({ TableName: table, Item: { PK: { S: "p" }, SK: { S: sk } } });

  test("the SDK retries an injected 500 until it goes through", async () => {
    const rule = await addFault(server.endpoint, {
      kind: "InternalServerError",
      operation: "PutItem",
      table,
      count: 2,
    });
    // The SDK's default: standard retries, 3 attempts.
    const retrying = clientFor(server, { maxAttempts: undefined });
    const answer = await retrying.send(put("retried"));
    assert.equal(answer.$metadata.attempts, 3);
    const listed = (await listFaults(server.endpoint)).rules.find((r) => r.id === rule.id);
    assert.equal(listed.injected, 2);
  });

  test("an injected TransactionConflict reaches the application", async () => {
    await addFault(server.endpoint, { kind: "TransactionConflict", table });
    const single = await expectRejection(client.send(put("conflicted")));
    assert.ok(single instanceof TransactionConflictException, single.name);
    assert.equal(single.message, "Transaction is ongoing for the item");
    const cancelled = await expectRejection(
      client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: table, Item: { PK: { S: "p" }, SK: { S: "t1" } } } },
            { Put: { TableName: table, Item: { PK: { S: "p" }, SK: { S: "t2" } } } },
          ],
        }),
      ),
    );
    assert.ok(cancelled instanceof TransactionCanceledException, cancelled.name);
    assert.deepEqual(
      cancelled.CancellationReasons.map((r) => r.Code),
      ["TransactionConflict", "None"],
    );
  });
});
