// `monotable --require-signature --iam FILE` through the AWS SDK for JavaScript v3: a
// tenant limited to its own partition key (dynamodb:LeadingKeys), an attribute-limited
// reader (dynamodb:Attributes), a deny that beats an allow, a resource policy that
// admits another account, and a transaction refused for one item, with AWS's
// AccessDeniedException messages. The principals are those of
// tests/integration/iam_policies.py, written here as the same JSON.
//
// Run: MONOTABLE_BIN=build/monotable node --test iam.test.mjs

import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";

import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  PutResourcePolicyCommand,
  QueryCommand,
  TransactWriteItemsCommand,
} from "@aws-sdk/client-dynamodb";

import { clientFor, createTable, expectRejection, startServer } from "./server.mjs";

const ACCOUNT = "123456789012";
const PARTNER_ACCOUNT = "111122223333";
const TABLE_ARN = `arn:aws:dynamodb:us-east-1:${ACCOUNT}:table/Shop`;
const policy = (...Statement) => ({ Version: "2012-10-17", Statement });
const principal = (name, account, ...statements) => ({
  accessKeyId: `AKIDJS${name.toUpperCase()}`,
  secretAccessKey: `${name}-secret`,
  arn: `arn:aws:iam::${account}:user/${name}`,
  policies: [policy(...statements)],
});
const everything = { Effect: "Allow", Action: "dynamodb:*", Resource: "*" };
const PRINCIPALS = {
  admin: principal("admin", ACCOUNT, everything),
  // specifying-conditions, example 1.
  tenant: principal("tenant-a", ACCOUNT, {
    Sid: "OwnPartition",
    Effect: "Allow",
    Action: ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query", "dynamodb:ConditionCheckItem"],
    Resource: `arn:aws:dynamodb:*:${ACCOUNT}:table/Shop`,
    Condition: { "ForAllValues:StringEquals": { "dynamodb:LeadingKeys": ["${aws:username}"] } },
  }),
  // reference_policies_examples_dynamodb_attributes.
  reader: principal("reader", ACCOUNT, {
    Effect: "Allow",
    Action: ["dynamodb:GetItem"],
    Resource: "*",
    Condition: {
      "ForAllValues:StringEquals": { "dynamodb:Attributes": ["PK", "SK", "title"] },
      StringEqualsIfExists: { "dynamodb:Select": "SPECIFIC_ATTRIBUTES" },
    },
  }),
  writer: principal("writer", ACCOUNT, everything, {
    Sid: "NoDeletes", Effect: "Deny", Action: "dynamodb:DeleteItem", Resource: "*",
  }),
  partner: principal("partner", PARTNER_ACCOUNT, everything),
};

const key = (pk, sk = "1") => ({ PK: { S: pk }, SK: { S: sk } });
const denied = (who, action, why = `because no identity-based policy allows the ${action} action`) =>
  `User: ${PRINCIPALS[who].arn} is not authorized to perform: ${action} on resource: ${TABLE_ARN} ${why}`;

async function expectDenied(promise, message) {
  const error = await expectRejection(promise);
  assert.equal(error.name, "AccessDeniedException");
  assert.equal(error.message, message);
  assert.equal(error.$metadata.httpStatusCode, 400);
}

describe("--iam with the JavaScript SDK", () => {
  let server;
  const as = (who) =>
    clientFor(server, {
      credentials: {
        accessKeyId: PRINCIPALS[who].accessKeyId,
        secretAccessKey: PRINCIPALS[who].secretAccessKey,
      },
    });
  before(async () => {
    const file = join(mkdtempSync(join(tmpdir(), "monotable-iam-")), "iam.json");
    writeFileSync(file, JSON.stringify({ principals: Object.values(PRINCIPALS) }));
    server = await startServer(undefined, ["--require-signature", "--iam", file]);
    await createTable(as("admin"), "Shop");
    for (const pk of ["tenant-a", "tenant-b"]) {
      await as("admin").send(
        new PutItemCommand({ TableName: "Shop", Item: { ...key(pk), title: { S: "t" }, secret: { S: "s" } } }),
      );
    }
  });
  after(async () => {
    await server?.stop();
  });

  test("a tenant reads and writes only its own partition", async () => {
    const tenant = as("tenant");
    await tenant.send(new PutItemCommand({ TableName: "Shop", Item: key("tenant-a", "2") }));
    const mine = await tenant.send(
      new QueryCommand({
        TableName: "Shop",
        KeyConditionExpression: "PK = :p",
        ExpressionAttributeValues: { ":p": { S: "tenant-a" } },
      }),
    );
    assert.equal(mine.Count, 2);
    await expectDenied(
      tenant.send(new GetItemCommand({ TableName: "Shop", Key: key("tenant-b") })),
      denied("tenant", "dynamodb:GetItem"),
    );
  });

  test("an attribute-limited reader", async () => {
    const reader = as("reader");
    const got = await reader.send(
      new GetItemCommand({ TableName: "Shop", Key: key("tenant-a"), ProjectionExpression: "title" }),
    );
    assert.deepEqual(got.Item, { title: { S: "t" } });
    await expectDenied(
      reader.send(new GetItemCommand({ TableName: "Shop", Key: key("tenant-a"), ProjectionExpression: "secret" })),
      denied("reader", "dynamodb:GetItem"),
    );
  });

  test("a deny beats an allow", async () => {
    await expectDenied(
      as("writer").send(new DeleteItemCommand({ TableName: "Shop", Key: key("tenant-a") })),
      denied("writer", "dynamodb:DeleteItem", "with an explicit deny in an identity-based policy"),
    );
  });

  test("a resource policy admits another account", async () => {
    const partner = as("partner");
    await expectDenied(
      partner.send(new GetItemCommand({ TableName: "Shop", Key: key("tenant-a") })),
      denied("partner", "dynamodb:GetItem", "because no resource-based policy allows the dynamodb:GetItem action"),
    );
    const Policy = JSON.stringify(
      policy({
        Effect: "Allow",
        Principal: { AWS: `arn:aws:iam::${PARTNER_ACCOUNT}:root` },
        Action: "dynamodb:GetItem",
        Resource: "*",
      }),
    );
    await as("admin").send(new PutResourcePolicyCommand({ ResourceArn: TABLE_ARN, Policy }));
    const got = await partner.send(new GetItemCommand({ TableName: "Shop", Key: key("tenant-a") }));
    assert.equal(got.Item.title.S, "t");
  });

  test("a transaction is refused because one item is out of bounds", async () => {
    await expectDenied(
      as("tenant").send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: "Shop", Item: key("tenant-a", "tx") } },
            { ConditionCheck: { TableName: "Shop", Key: key("tenant-b"), ConditionExpression: "attribute_exists(PK)" } },
          ],
        }),
      ),
      denied("tenant", "dynamodb:ConditionCheckItem"),
    );
    const got = await as("admin").send(new GetItemCommand({ TableName: "Shop", Key: key("tenant-a", "tx") }));
    assert.equal(got.Item, undefined);
  });
});
