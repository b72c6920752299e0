// The e-commerce single-table access patterns through the AWS SDK for JavaScript v3
// Document Client (@aws-sdk/lib-dynamodb), against the real server binary: what a
// Node application built on DynamoDB does first, including paginateQuery.
//
// Data: customers (PK USER#<id>, SK PROFILE / ADDRESS#<name> / ORDER#<date>#<id>) and
// order items (PK ORDER#<id>, SK ITEM#<n>) in one table keyed PK/SK.
//
// Run: MONOTABLE_BIN=build/monotable node --test  (or tests/integration/js/run.sh)

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  NumberValue,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
  paginateQuery,
} from "@aws-sdk/lib-dynamodb";

import { clientFor, createTable, expectRejection, startServer } from "./server.mjs";

const TABLE = "ecommerce";
const CUSTOMER = "USER#123";
const OTHER_CUSTOMER = "USER#456";
const BATCH_WRITE_LIMIT = 25; // DynamoDB's maximum requests per BatchWriteItem

const profile = {
  PK: CUSTOMER,
  SK: "PROFILE",
  entityType: "Customer",
  email: "ada@example.com",
  name: "Ada Lovelace",
  tier: "GOLD",
};

// Out of date order on purpose: the server, not the insertion order, sorts them.
const orderDates = [
  ["2025-08-20", "o-1004", "SHIPPED", 120.5],
  ["2025-07-15", "o-1001", "DELIVERED", 35],
  ["2025-08-01", "o-1002", "DELIVERED", 89.99],
  ["2025-09-02", "o-1005", "PENDING", 12.25],
  ["2025-08-05", "o-1003", "SHIPPED", 250],
];
const orders = orderDates.map(([date, id, status, total]) => ({
  PK: CUSTOMER,
  SK: `ORDER#${date}#${id}`,
  entityType: "Order",
  orderId: id,
  status,
  total,
}));
const ordersBySk = [...orders].sort((a, b) => (a.SK < b.SK ? -1 : 1));

// Shares the partition with the orders but must never match begins_with(SK, 'ORDER#').
const address = { PK: CUSTOMER, SK: "ADDRESS#home", entityType: "Address", city: "London" };
const otherOrder = {
  PK: OTHER_CUSTOMER,
  SK: "ORDER#2025-08-03#o-2001",
  entityType: "Order",
  orderId: "o-2001",
  status: "SHIPPED",
  total: 5,
};

// The big order has enough items for many pages of paginateQuery; 137 is not a
// multiple of the page size, so the last page is short and carries no LastEvaluatedKey.
const BIG_ORDER = "ORDER#o-1003";
const BIG_ORDER_ITEMS = 137;
const PAGE_SIZE = 10;
const itemSk = (n) => `ITEM#${String(n).padStart(4, "0")}`;
const orderItems = Array.from({ length: BIG_ORDER_ITEMS }, (_, n) => ({
  PK: BIG_ORDER,
  SK: itemSk(n),
  entityType: "OrderItem",
  sku: `SKU-${n % 17}`,
  quantity: (n % 3) + 1,
}));

function chunks(array, size) {
  const out = [];
  for (let i = 0; i < array.length; i += size) out.push(array.slice(i, i + size));
  return out;
}

const keyOf = (item) => ({ PK: item.PK, SK: item.SK });

// Query input for the single-table pattern PK = :pk AND begins_with(SK, :prefix).
const beginsWith = (pk, prefix, extra = {}) => ({
  TableName: TABLE,
  KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
  ExpressionAttributeValues: { ":pk": pk, ":prefix": prefix },
  ...extra,
});
const bySk = (a, b) => (a.SK < b.SK ? -1 : a.SK > b.SK ? 1 : 0);

describe("e-commerce access patterns through the JavaScript SDK v3 Document Client", () => {
  let server;
  let client;
  let doc;

  // Writes through BatchWriteCommand in chunks of 25, as applications must.
  async function batchPut(items) {
    for (const chunk of chunks(items, BATCH_WRITE_LIMIT)) {
      const out = await doc.send(
        new BatchWriteCommand({
          RequestItems: { [TABLE]: chunk.map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
      // A local server has no throughput limit to throttle against: nothing is left over.
      assert.deepEqual(out.UnprocessedItems ?? {}, {});
    }
  }

  before(async () => {
    server = await startServer();
    client = clientFor(server);
    doc = DynamoDBDocumentClient.from(client);
    await createTable(client, TABLE);
    for (const Item of [profile, address, otherOrder, ...orders]) {
      await doc.send(new PutCommand({ TableName: TABLE, Item }));
    }
    await batchPut(orderItems);
  });

  after(async () => {
    client?.destroy();
    await server?.stop();
  });

  test("get the customer profile", async () => {
    const out = await doc.send(new GetCommand({ TableName: TABLE, Key: keyOf(profile) }));
    assert.deepEqual(out.Item, profile);
    assert.equal(out.$metadata.httpStatusCode, 200);
  });

  test("a missing item gets no Item", async () => {
    const out = await doc.send(
      new GetCommand({ TableName: TABLE, Key: { PK: "USER#999", SK: "PROFILE" } }),
    );
    assert.equal(out.Item, undefined);
  });

  test("all orders of a customer: begins_with(SK, 'ORDER#'), in sort-key order", async () => {
    const out = await doc.send(new QueryCommand(beginsWith(CUSTOMER, "ORDER#")));
    // Not the profile, not the address, not another customer's order.
    assert.deepEqual(out.Items, ordersBySk);
    assert.equal(out.Count, orders.length);
    assert.equal(out.ScannedCount, orders.length);
    assert.equal(out.LastEvaluatedKey, undefined);
  });

  test("orders in a date range: SK BETWEEN", async () => {
    const out = await doc.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: "PK = :pk AND SK BETWEEN :from AND :to",
        // '~' sorts after '#', so every order id of 31 August is inside the range.
        ExpressionAttributeValues: {
          ":pk": CUSTOMER,
          ":from": "ORDER#2025-08-01",
          ":to": "ORDER#2025-08-31~",
        },
      }),
    );
    assert.deepEqual(
      out.Items.map((o) => o.orderId),
      ["o-1002", "o-1003", "o-1004"],
    );
  });

  test("newest orders first: ScanIndexForward=false with Limit", async () => {
    const out = await doc.send(
      new QueryCommand(beginsWith(CUSTOMER, "ORDER#", { ScanIndexForward: false, Limit: 2 })),
    );
    const newestFirst = [...ordersBySk].reverse();
    assert.deepEqual(out.Items, newestFirst.slice(0, 2));
    // The page stopped at Limit with more orders left: it says where to resume.
    assert.deepEqual(out.LastEvaluatedKey, keyOf(newestFirst[1]));

    const rest = await doc.send(
      new QueryCommand(
        beginsWith(CUSTOMER, "ORDER#", {
          ScanIndexForward: false,
          ExclusiveStartKey: out.LastEvaluatedKey,
        }),
      ),
    );
    assert.deepEqual(rest.Items, newestFirst.slice(2));
  });

  test("paginateQuery returns every order item exactly once", async () => {
    const seen = [];
    const pageSizes = [];
    const paginator = paginateQuery(
      { client: doc, pageSize: PAGE_SIZE },
      beginsWith(BIG_ORDER, "ITEM#"),
    );
    for await (const page of paginator) {
      pageSizes.push(page.Items.length);
      assert.equal(page.Count, page.Items.length);
      seen.push(...page.Items);
    }
    // 13 full pages, then the 7 left over.
    const expectedPages = Math.ceil(BIG_ORDER_ITEMS / PAGE_SIZE);
    assert.equal(pageSizes.length, expectedPages);
    assert.ok(pageSizes.slice(0, -1).every((n) => n === PAGE_SIZE), `pages: ${pageSizes}`);
    assert.equal(pageSizes.at(-1), BIG_ORDER_ITEMS % PAGE_SIZE);
    // Exactly once each, in order: nothing skipped or repeated at page boundaries.
    assert.deepEqual(seen, orderItems);
  });

  test("conditional put on an existing customer fails with ConditionalCheckFailedException", async () => {
    const error = await expectRejection(
      doc.send(
        new PutCommand({
          TableName: TABLE,
          Item: { ...profile, name: "Impostor" },
          ConditionExpression: "attribute_not_exists(PK)",
          ReturnValuesOnConditionCheckFailure: "ALL_OLD",
        }),
      ),
    );
    assert.equal(error.name, "ConditionalCheckFailedException");
    assert.equal(error.$metadata.httpStatusCode, 400);
    // Message as DynamoDB sends it (API reference, ConditionalCheckFailedException:
    // "The conditional request failed").
    assert.equal(error.message, "The conditional request failed");
    // The Document Client does not unmarshall error fields: Item is in wire format.
    assert.deepEqual(error.Item.name, { S: profile.name });

    const out = await doc.send(new GetCommand({ TableName: TABLE, Key: keyOf(profile) }));
    assert.deepEqual(out.Item, profile, "the failed put must not change the item");
  });

  test("a transaction with a failed condition: TransactionCanceledException with CancellationReasons", async () => {
    const order = { PK: CUSTOMER, SK: "ORDER#2025-09-01#tx1", entityType: "Order", total: 10 };
    const error = await expectRejection(
      doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: order } },
            {
              // Unique e-mail pattern: fails, the customer exists already.
              Put: {
                TableName: TABLE,
                Item: profile,
                ConditionExpression: "attribute_not_exists(PK)",
                ReturnValuesOnConditionCheckFailure: "ALL_OLD",
              },
            },
          ],
        }),
      ),
    );
    assert.equal(error.name, "TransactionCanceledException");
    assert.equal(error.$metadata.httpStatusCode, 400);
    // Message format of the API reference (TransactWriteItems, TransactionCanceledException).
    assert.equal(
      error.message,
      "Transaction cancelled, please refer cancellation reasons for specific reasons " +
        "[None, ConditionalCheckFailed]",
    );
    assert.deepEqual(
      error.CancellationReasons.map((r) => r.Code),
      ["None", "ConditionalCheckFailed"],
    );
    assert.deepEqual(error.CancellationReasons[1].Item.name, { S: profile.name });
    const out = await doc.send(new GetCommand({ TableName: TABLE, Key: keyOf(order) }));
    assert.equal(out.Item, undefined, "nothing of a cancelled transaction is written");

    // The same transaction without the failing condition commits both items at once.
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: order } },
          { ConditionCheck: { TableName: TABLE, Key: keyOf(profile),
                              ConditionExpression: "attribute_exists(PK)" } },
        ],
      }),
    );
    const both = await doc.send(
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName: TABLE, Key: keyOf(order) } },
          { Get: { TableName: TABLE, Key: keyOf(profile), ProjectionExpression: "email" } },
        ],
      }),
    );
    assert.deepEqual(both.Responses.map((r) => r.Item), [order, { email: profile.email }]);
    await doc.send(new DeleteCommand({ TableName: TABLE, Key: keyOf(order) }));
  });

  test("conditional put of a new customer succeeds", async () => {
    const customer = { PK: "USER#789", SK: "PROFILE", entityType: "Customer", name: "Grace" };
    await doc.send(
      new PutCommand({
        TableName: TABLE,
        Item: customer,
        ConditionExpression: "attribute_not_exists(PK)",
      }),
    );
    const out = await doc.send(new GetCommand({ TableName: TABLE, Key: keyOf(customer) }));
    assert.deepEqual(out.Item, customer);
  });

  test("UpdateItem: ADD a counter, with ReturnValues", async () => {
    const key = { PK: CUSTOMER, SK: "COUNTER#logins" };
    const first = await doc.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: key,
        UpdateExpression: "ADD logins :one SET lastLogin = :at",
        ExpressionAttributeValues: { ":one": 1, ":at": "2025-08-02T08:00:00Z" },
        ReturnValues: "ALL_NEW",
      }),
    );
    // ADD on a missing item creates it, starting the counter from 0.
    assert.deepEqual(first.Attributes, { ...key, logins: 1, lastLogin: "2025-08-02T08:00:00Z" });

    const second = await doc.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: key,
        UpdateExpression: "ADD logins :five",
        ExpressionAttributeValues: { ":five": 5 },
        ReturnValues: "UPDATED_NEW",
      }),
    );
    assert.deepEqual(second.Attributes, { logins: 6 });

    const third = await doc.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: key,
        UpdateExpression: "ADD logins :minus",
        ExpressionAttributeValues: { ":minus": -2 },
        ReturnValues: "UPDATED_OLD",
      }),
    );
    assert.deepEqual(third.Attributes, { logins: 6 });
    const out = await doc.send(new GetCommand({ TableName: TABLE, Key: key }));
    assert.equal(out.Item.logins, 4);
  });

  test("BatchWrite puts and deletes; BatchGet reads several items at once", async () => {
    const cart = [1, 2, 3].map((n) => ({
      PK: "CART#u-42",
      SK: itemSk(n),
      entityType: "CartItem",
      sku: `SKU-${n}`,
    }));
    await batchPut(cart);
    const written = await doc.send(
      new BatchWriteCommand({
        RequestItems: { [TABLE]: [{ DeleteRequest: { Key: keyOf(cart[1]) } }] },
      }),
    );
    assert.deepEqual(written.UnprocessedItems ?? {}, {});

    const out = await doc.send(
      new BatchGetCommand({
        RequestItems: {
          [TABLE]: { Keys: [...cart.map(keyOf), keyOf(profile), { PK: "USER#999", SK: "PROFILE" }] },
        },
      }),
    );
    // BatchGetItem returns items in no particular order, and nothing for missing keys
    // (the deleted cart item, USER#999).
    const got = [...out.Responses[TABLE]].sort(bySk);
    assert.deepEqual(got, [cart[0], cart[2], profile].sort(bySk));
    assert.deepEqual(out.UnprocessedKeys ?? {}, {});
  });

  test("Scan with a FilterExpression counts what it read and what matched", async () => {
    const out = await doc.send(
      new ScanCommand({
        TableName: TABLE,
        FilterExpression: "entityType = :order AND #status = :shipped",
        ExpressionAttributeNames: { "#status": "status" }, // a reserved word
        ExpressionAttributeValues: { ":order": "Order", ":shipped": "SHIPPED" },
      }),
    );
    const expected = [...orders, otherOrder].filter((o) => o.status === "SHIPPED");
    assert.deepEqual([...out.Items].sort(bySk), [...expected].sort(bySk));
    assert.equal(out.Count, expected.length);
    // The filter runs after the read: ScannedCount is every item in the table, well
    // above the matches (the big order alone has 137 items).
    assert.ok(out.ScannedCount >= 3 + orders.length + BIG_ORDER_ITEMS, `${out.ScannedCount}`);
    assert.equal(out.LastEvaluatedKey, undefined);
  });

  test("numbers round-trip: BigInt, NumberValue (38 digits) and plain numbers", async () => {
    const key = { PK: CUSTOMER, SK: "STATS" };
    // 38 significant digits is DynamoDB's precision; neither fits a JS number.
    const bigInteger = 12345678901234567890123456789012345678n;
    const preciseDecimal = "3.1415926535897932384626433832795028841";
    await doc.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          ...key,
          lifetimeCents: bigInteger,
          ratio: NumberValue.from(preciseDecimal),
          small: -0.5,
          count: 42,
          exponent: 1e-130,
        },
      }),
    );

    // Default unmarshalling: integers beyond 2^53 come back as BigInt, others as number.
    const plain = await doc.send(new GetCommand({ TableName: TABLE, Key: key }));
    assert.equal(plain.Item.lifetimeCents, bigInteger);
    assert.equal(plain.Item.small, -0.5);
    assert.equal(plain.Item.count, 42);
    assert.equal(plain.Item.exponent, 1e-130);

    // wrapNumbers keeps the server's exact digits as strings.
    const exact = DynamoDBDocumentClient.from(client, {
      unmarshallOptions: { wrapNumbers: true },
    });
    const wrapped = await exact.send(new GetCommand({ TableName: TABLE, Key: key }));
    assert.equal(wrapped.Item.ratio.toString(), preciseDecimal);
    assert.equal(wrapped.Item.lifetimeCents.toString(), bigInteger.toString());
    assert.equal(wrapped.Item.count.toString(), "42");
  });
});
