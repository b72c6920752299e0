// SigV4 verification through the AWS SDK for JavaScript v3 against
// `monotable --require-signature`: the right secret is served; a wrong secret is an
// InvalidSignatureException, an unknown access key an UnrecognizedClientException,
// with DynamoDB's messages.
//
// Run: MONOTABLE_BIN=build/monotable node --test security.test.mjs

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { GetItemCommand, ListTablesCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";

import { clientFor, createTable, startServer } from "./server.mjs";

const KEY = "AKIDJSTEST";
const SECRET = "secret";

describe("--require-signature with the JavaScript SDK", () => {
  let server;
  before(async () => {
    server = await startServer(undefined, ["--require-signature", "--credential", `${KEY}:${SECRET}`]);
  });
  after(async () => {
    await server?.stop();
  });

  test("the right secret is served", async () => {
    const client = clientFor(server);
    await createTable(client, "signed", { range: null });
    const Item = { PK: { S: "k" }, text: { S: "ünïcode ✓ ".repeat(50) } };
    await client.send(new PutItemCommand({ TableName: "signed", Item }));
    const got = await client.send(new GetItemCommand({ TableName: "signed", Key: { PK: { S: "k" } } }));
    assert.deepEqual(got.Item, Item);
  });

  test("a wrong secret is refused", async () => {
    const client = clientFor(server, { credentials: { accessKeyId: KEY, secretAccessKey: "wrong" } });
    await assert.rejects(client.send(new ListTablesCommand({})), (error) => {
      assert.equal(error.name, "InvalidSignatureException");
      assert.equal(
        error.message,
        "The request signature we calculated does not match the signature you provided. " +
          "Check your AWS Secret Access Key and signing method. Consult the service " +
          "documentation for details.",
      );
      assert.equal(error.$metadata.httpStatusCode, 400);
      return true;
    });
  });

  test("an unknown access key is refused", async () => {
    const client = clientFor(server, { credentials: { accessKeyId: "AKIDNOBODY", secretAccessKey: SECRET } });
    await assert.rejects(client.send(new ListTablesCommand({})), (error) => {
      assert.equal(error.name, "UnrecognizedClientException");
      assert.equal(error.message, "The security token included in the request is invalid.");
      return true;
    });
  });
});
