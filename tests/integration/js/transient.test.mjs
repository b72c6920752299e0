// Transient statuses (docs/REALISM.md) through the AWS SDK for JavaScript v3: with
// --create-table-delay, CreateTable answers CREATING, item requests get
// ResourceNotFoundException, and the SDK's waitUntilTableExists waits until ACTIVE.
//
// Run: MONOTABLE_BIN=build/monotable node --test transient.test.mjs

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  DescribeTableCommand,
  PutItemCommand,
  ResourceNotFoundException,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";

import { clientFor, createTable, expectRejection, startServer } from "./server.mjs";

describe("transient statuses", () => {
  let server;
  before(async () => {
    server = await startServer(undefined, ["--create-table-delay", "1.5"]);
  });
  after(async () => {
    await server?.stop();
  });

  test("waitUntilTableExists waits through CREATING", async () => {
    const client = clientFor(server);
    const created = await createTable(client, "js_creating");
    assert.equal(created.TableDescription.TableStatus, "CREATING");
    const put = new PutItemCommand({
      TableName: "js_creating",
      Item: { PK: { S: "a" }, SK: { S: "b" } },
    });
    const refused = await expectRejection(client.send(put));
    assert.ok(refused instanceof ResourceNotFoundException, refused.name);
    const waited = await waitUntilTableExists(
      { client, minDelay: 1, maxDelay: 1, maxWaitTime: 30 },
      { TableName: "js_creating" },
    );
    assert.equal(waited.state, "SUCCESS");
    const described = await client.send(new DescribeTableCommand({ TableName: "js_creating" }));
    assert.equal(described.Table.TableStatus, "ACTIVE");
    await client.send(put);
  });
});
