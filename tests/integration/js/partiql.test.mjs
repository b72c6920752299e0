// PartiQL through the AWS SDK for JavaScript v3: ExecuteStatementCommand of
// @aws-sdk/client-dynamodb (AttributeValues) and of @aws-sdk/lib-dynamodb (native
// values), BatchExecuteStatement and ExecuteTransaction, against the real server
// binary. The seeds' single-table access patterns written as PartiQL must answer the
// items the same patterns answer through Query.
//
// Run: MONOTABLE_BIN=build/monotable node --test partiql.test.mjs  (or run.sh)

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  BatchExecuteStatementCommand,
  ExecuteStatementCommand,
  ExecuteTransactionCommand,
  QueryCommand,
  TransactionCanceledException,
} from "@aws-sdk/client-dynamodb";
import {
  BatchExecuteStatementCommand as DocBatchExecuteStatementCommand,
  DynamoDBDocumentClient,
  ExecuteStatementCommand as DocExecuteStatementCommand,
  ExecuteTransactionCommand as DocExecuteTransactionCommand,
  PutCommand,
} from "@aws-sdk/lib-dynamodb";

import { clientFor, createTable, startServer } from "./server.mjs";

const TABLE = "partiql";
const CUSTOMER = "USER#1";

const orders = [
  ["2025-08-20", 120.5],
  ["2025-07-15", 35],
  ["2025-08-01", 89.99],
].map(([date, total], i) => ({ PK: CUSTOMER, SK: `ORDER#${date}`, total, n: i }));
const profile = { PK: CUSTOMER, SK: "PROFILE", name: "Ada", tags: new Set(["a", "b"]) };
const other = { PK: "USER#2", SK: "PROFILE", name: "Bob" };

describe("PartiQL with the JavaScript SDK", () => {
  let server;
  let client;
  let doc;

  before(async () => {
    server = await startServer();
    client = clientFor(server);
    doc = DynamoDBDocumentClient.from(client);
    await createTable(client, TABLE);
    for (const Item of [profile, other, ...orders]) {
      await doc.send(new PutCommand({ TableName: TABLE, Item }));
    }
  });

  after(async () => {
    client?.destroy();
    await server?.stop();
  });

  test("client-dynamodb: begins_with on the sort key answers what Query answers", async () => {
    const out = await client.send(
      new ExecuteStatementCommand({
        Statement: `SELECT * FROM "${TABLE}" WHERE PK = ? AND begins_with(SK, ?)`,
        Parameters: [{ S: CUSTOMER }, { S: "ORDER#" }],
      }),
    );
    const query = await client.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: "PK = :p AND begins_with(SK, :s)",
        ExpressionAttributeValues: { ":p": { S: CUSTOMER }, ":s": { S: "ORDER#" } },
      }),
    );
    assert.deepEqual(out.Items, query.Items);
    assert.deepEqual(
      out.Items.map((i) => i.SK.S),
      ["ORDER#2025-07-15", "ORDER#2025-08-01", "ORDER#2025-08-20"],
    );
  });

  test("client-dynamodb: paging with Limit and NextToken", async () => {
    const seen = [];
    let NextToken;
    let pages = 0;
    do {
      const out = await client.send(
        new ExecuteStatementCommand({
          Statement: `SELECT SK FROM "${TABLE}" WHERE PK = '${CUSTOMER}' ORDER BY SK DESC`,
          Limit: 2,
          NextToken,
        }),
      );
      seen.push(...out.Items.map((i) => i.SK.S));
      NextToken = out.NextToken;
      pages += 1;
    } while (NextToken);
    assert.deepEqual(seen, ["PROFILE", "ORDER#2025-08-20", "ORDER#2025-08-01", "ORDER#2025-07-15"]);
    // A page that reaches the Limit carries a NextToken, as Query's LastEvaluatedKey:
    // the third page is empty.
    assert.equal(pages, 3);
  });

  test("lib-dynamodb: native values in Parameters and Items", async () => {
    const out = await doc.send(
      new DocExecuteStatementCommand({
        Statement: `SELECT * FROM "${TABLE}" WHERE PK = ? AND SK = ?`,
        Parameters: [CUSTOMER, "PROFILE"],
      }),
    );
    assert.deepEqual(out.Items, [profile]);
    const totals = await doc.send(
      new DocExecuteStatementCommand({
        Statement: `SELECT total FROM "${TABLE}" WHERE PK = ? AND total > ?`,
        Parameters: [CUSTOMER, 50],
      }),
    );
    assert.deepEqual(totals.Items, [{ total: 89.99 }, { total: 120.5 }]);
  });

  test("lib-dynamodb: every write form", async () => {
    await doc.send(
      new DocExecuteStatementCommand({
        Statement: `INSERT INTO "${TABLE}" VALUE {'PK': ?, 'SK': ?, 'count': ?, 'tags': ?}`,
        Parameters: ["USER#9", "PROFILE", 1, new Set(["x"])],
      }),
    );
    const updated = await doc.send(
      new DocExecuteStatementCommand({
        Statement:
          `UPDATE "${TABLE}" SET "count" = "count" + ? SET tags = set_add(tags, ?) ` +
          `WHERE PK = ? AND SK = ? RETURNING ALL NEW *`,
        Parameters: [2, new Set(["y"]), "USER#9", "PROFILE"],
      }),
    );
    assert.deepEqual(updated.Items, [
      { PK: "USER#9", SK: "PROFILE", count: 3, tags: new Set(["x", "y"]) },
    ]);
    const removed = await doc.send(
      new DocExecuteStatementCommand({
        Statement: `DELETE FROM "${TABLE}" WHERE PK = ? AND SK = ? RETURNING ALL OLD *`,
        Parameters: ["USER#9", "PROFILE"],
      }),
    );
    assert.equal(removed.Items[0].count, 3);
    await assert.rejects(
      doc.send(
        new DocExecuteStatementCommand({
          Statement: `INSERT INTO "${TABLE}" VALUE {'PK': ?, 'SK': ?}`,
          Parameters: [CUSTOMER, "PROFILE"],
        }),
      ),
      { name: "DuplicateItemException" },
    );
  });

  test("BatchExecuteStatement: one answer per statement", async () => {
    const out = await doc.send(
      new DocBatchExecuteStatementCommand({
        Statements: [
          {
            Statement: `SELECT name FROM "${TABLE}" WHERE PK = ? AND SK = ?`,
            Parameters: [CUSTOMER, "PROFILE"],
          },
          { Statement: `SELECT * FROM "${TABLE}" WHERE PK = ? AND SK = ?`, Parameters: ["USER#2", "PROFILE"] },
          { Statement: `SELECT * FROM "${TABLE}" WHERE name = 'Ada'` },
        ],
      }),
    );
    assert.deepEqual(out.Responses[0], { TableName: TABLE, Item: { name: "Ada" } });
    assert.deepEqual(out.Responses[1].Item, other);
    assert.equal(out.Responses[2].Error.Code, "ValidationError");
    const writes = await client.send(
      new BatchExecuteStatementCommand({
        Statements: [
          { Statement: `INSERT INTO "${TABLE}" VALUE {'PK': 'USER#3', 'SK': 'PROFILE'}` },
          { Statement: `INSERT INTO "${TABLE}" VALUE {'PK': 'USER#2', 'SK': 'PROFILE'}` },
        ],
      }),
    );
    assert.deepEqual(writes.Responses[0], { TableName: TABLE });
    assert.equal(writes.Responses[1].Error.Code, "DuplicateItem");
  });

  test("ExecuteTransaction: all or nothing", async () => {
    await doc.send(
      new DocExecuteTransactionCommand({
        TransactStatements: [
          {
            Statement: `UPDATE "${TABLE}" SET visits = ? WHERE PK = ? AND SK = ?`,
            Parameters: [1, "USER#2", "PROFILE"],
          },
          { Statement: `INSERT INTO "${TABLE}" VALUE {'PK': 'USER#4', 'SK': 'PROFILE'}` },
        ],
      }),
    );
    const read = await doc.send(
      new DocExecuteTransactionCommand({
        TransactStatements: [
          { Statement: `SELECT visits FROM "${TABLE}" WHERE PK = ? AND SK = ?`, Parameters: ["USER#2", "PROFILE"] },
          { Statement: `SELECT * FROM "${TABLE}" WHERE PK = 'USER#404' AND SK = 'PROFILE'` },
        ],
      }),
    );
    assert.deepEqual(read.Responses, [{ Item: { visits: 1 } }, {}]);
    const error = await client
      .send(
        new ExecuteTransactionCommand({
          TransactStatements: [
            { Statement: `INSERT INTO "${TABLE}" VALUE {'PK': 'USER#5', 'SK': 'PROFILE'}` },
            { Statement: `UPDATE "${TABLE}" SET a = 1 WHERE PK = 'USER#404' AND SK = 'PROFILE'` },
          ],
        }),
      )
      .catch((e) => e);
    assert.ok(error instanceof TransactionCanceledException, String(error));
    assert.deepEqual(
      error.CancellationReasons.map((r) => r.Code),
      ["None", "ConditionalCheckFailed"],
    );
    const after = await doc.send(
      new DocExecuteStatementCommand({
        Statement: `SELECT * FROM "${TABLE}" WHERE PK = 'USER#5'`,
      }),
    );
    assert.deepEqual(after.Items, []);
  });
});
