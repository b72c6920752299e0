// Single-table design through ElectroDB (on the AWS SDK v3 Document Client), against
// the real server binary: a Service of three entities (Customer, Order, OrderItem)
// sharing one table keyed pk/sk, plus an overloaded GSI (gsi1pk/gsi1sk) that each
// entity uses for its own access pattern. ElectroDB builds the key conditions, filter
// expressions (its entity ownership filter), conditions and cursors; the server only
// sees ordinary DynamoDB requests.
//
// Run: MONOTABLE_BIN=build/monotable node --test electrodb.test.mjs  (or run.sh)

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { CreateTableCommand } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { Entity, Service } from "electrodb";

import { clientFor, expectRejection, startServer } from "./server.mjs";

const TABLE = "electro_shop";

// ---------------------------------------------------------------------------------
// The model.

const customerSchema = {
  model: { entity: "customer", version: "1", service: "shop" },
  attributes: {
    customerId: { type: "string", required: true },
    name: { type: "string", required: true },
    email: { type: "string", required: true },
    tier: { type: ["BRONZE", "SILVER", "GOLD"], default: "BRONZE" },
    loyaltyPoints: { type: "number", default: 0 },
  },
  indexes: {
    // The customer shares its partition with its orders: collection customerOrders.
    record: {
      collection: "customerOrders",
      pk: { field: "pk", composite: ["customerId"] },
      sk: { field: "sk", composite: [] },
    },
    byEmail: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["email"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
};

const orderSchema = {
  model: { entity: "order", version: "1", service: "shop" },
  attributes: {
    customerId: { type: "string", required: true },
    orderId: { type: "string", required: true },
    orderDate: { type: "string", required: true }, // YYYY-MM-DD
    status: { type: ["PENDING", "SHIPPED", "DELIVERED"], required: true },
    total: { type: "number", required: true },
    notes: { type: "list", items: { type: "string" } },
  },
  indexes: {
    record: {
      collection: "customerOrders",
      pk: { field: "pk", composite: ["customerId"] },
      sk: { field: "sk", composite: ["orderDate", "orderId"] },
    },
    // Orders of one status across customers, by date.
    byStatus: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["status"] },
      sk: { field: "gsi1sk", composite: ["orderDate", "orderId"] },
    },
  },
};

const orderItemSchema = {
  model: { entity: "orderItem", version: "1", service: "shop" },
  attributes: {
    orderId: { type: "string", required: true },
    // Zero-padded in the key, so the items sort numerically.
    line: { type: "number", required: true, padding: { length: 4, char: "0" } },
    productId: { type: "string", required: true },
    quantity: { type: "number", required: true },
    price: { type: "number", required: true },
  },
  indexes: {
    record: {
      pk: { field: "pk", composite: ["orderId"] },
      sk: { field: "sk", composite: ["line"] },
    },
    // Which orders bought a product.
    byProduct: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["productId"] },
      sk: { field: "gsi1sk", composite: ["orderId", "line"] },
    },
  },
};

// ---------------------------------------------------------------------------------
// The data.

const customers = [
  { customerId: "c-1", name: "Ada Lovelace", email: "ada@example.com", tier: "GOLD", loyaltyPoints: 120 },
  { customerId: "c-2", name: "Alan Turing", email: "alan@example.com", tier: "SILVER", loyaltyPoints: 40 },
];

// Out of date order on purpose: the server sorts them by sort key.
const orders = [
  { customerId: "c-1", orderId: "o-1004", orderDate: "2025-08-20", status: "SHIPPED", total: 120.5 },
  { customerId: "c-1", orderId: "o-1001", orderDate: "2025-07-15", status: "DELIVERED", total: 35 },
  { customerId: "c-1", orderId: "o-1002", orderDate: "2025-08-01", status: "DELIVERED", total: 89.99 },
  { customerId: "c-1", orderId: "o-1005", orderDate: "2025-09-02", status: "PENDING", total: 12.25 },
  { customerId: "c-1", orderId: "o-1003", orderDate: "2025-08-05", status: "SHIPPED", total: 250 },
  { customerId: "c-2", orderId: "o-2001", orderDate: "2025-08-03", status: "SHIPPED", total: 5 },
];
const byDateThenId = (a, b) =>
  a.orderDate < b.orderDate ? -1 : a.orderDate > b.orderDate ? 1 : a.orderId < b.orderId ? -1 : 1;
const ordersOf = (customerId) => orders.filter((o) => o.customerId === customerId).sort(byDateThenId);

// o-1003 has many lines (for pagination); line 12 sorts after line 9 only because of padding.
const BIG_ORDER = "o-1003";
const BIG_ORDER_LINES = 23;
const PAGE_SIZE = 5;
const bigOrderItems = Array.from({ length: BIG_ORDER_LINES }, (_, n) => ({
  orderId: BIG_ORDER,
  line: n + 1,
  productId: `p-${(n % 4) + 1}`,
  quantity: (n % 3) + 1,
  price: 10 + n,
}));
const otherItems = [
  { orderId: "o-1001", line: 1, productId: "p-2", quantity: 1, price: 35 },
  { orderId: "o-2001", line: 1, productId: "p-2", quantity: 5, price: 1 },
  { orderId: "o-1004", line: 1, productId: "p-9", quantity: 1, price: 120.5 },
];
const orderItems = [...bigOrderItems, ...otherItems];

describe("single-table design through ElectroDB", () => {
  let server;
  let client;
  let doc;
  let shop;
  let Customer;
  let Order;
  let OrderItem;

  before(async () => {
    server = await startServer();
    client = clientFor(server);
    doc = DynamoDBDocumentClient.from(client);
    await client.send(
      new CreateTableCommand({
        TableName: TABLE,
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: [
          { AttributeName: "pk", AttributeType: "S" },
          { AttributeName: "sk", AttributeType: "S" },
          { AttributeName: "gsi1pk", AttributeType: "S" },
          { AttributeName: "gsi1sk", AttributeType: "S" },
        ],
        KeySchema: [
          { AttributeName: "pk", KeyType: "HASH" },
          { AttributeName: "sk", KeyType: "RANGE" },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: "gsi1",
            KeySchema: [
              { AttributeName: "gsi1pk", KeyType: "HASH" },
              { AttributeName: "gsi1sk", KeyType: "RANGE" },
            ],
            Projection: { ProjectionType: "ALL" },
          },
        ],
      }),
    );

    shop = new Service(
      { customer: customerSchema, order: orderSchema, orderItem: orderItemSchema },
      { table: TABLE, client: doc },
    );
    ({ customer: Customer, order: Order, orderItem: OrderItem } = shop.entities);

    for (const c of customers) await Customer.create(c).go();
    // Entity.put with an array is a BatchWriteItem (ElectroDB chunks it by 25).
    assert.deepEqual((await Order.put(orders).go()).unprocessed, []);
    assert.deepEqual((await OrderItem.put(orderItems).go()).unprocessed, []);
  });

  after(async () => {
    client?.destroy();
    await server?.stop();
  });

  test("the keys ElectroDB writes are what the model says", async () => {
    const out = await doc.send(
      new GetCommand({ TableName: TABLE, Key: { pk: "$shop#customerid_c-1", sk: "$customerorders#customer_1" } }),
    );
    assert.deepEqual(out.Item, {
      ...customers[0],
      pk: "$shop#customerid_c-1",
      sk: "$customerorders#customer_1",
      gsi1pk: "$shop#email_ada@example.com",
      gsi1sk: "$customer_1",
      __edb_e__: "customer",
      __edb_v__: "1",
    });
    const item = await doc.send(
      new GetCommand({ TableName: TABLE, Key: { pk: "$shop#orderid_o-1003", sk: "$orderitem_1#line_0012" } }),
    );
    assert.equal(item.Item.line, 12);
    assert.equal(item.Item.gsi1sk, "$orderitem_1#orderid_o-1003#line_0012");
  });

  test("get a customer; a missing one is null", async () => {
    assert.deepEqual((await Customer.get({ customerId: "c-1" }).go()).data, customers[0]);
    assert.equal((await Customer.get({ customerId: "c-999" }).go()).data, null);
  });

  test("create on an existing item fails with ElectroDB's error", async () => {
    const error = await expectRejection(
      Customer.create({ customerId: "c-1", name: "Impostor", email: "x@example.com" }).go(),
    );
    assert.equal(error.name, "ElectroError");
    assert.equal(error.code, 4001); // "Error thrown by DynamoDB client"
    assert.equal(error.cause.name, "ConditionalCheckFailedException");
    assert.match(error.message, /The conditional request failed/);
    // Nothing changed.
    assert.deepEqual((await Customer.get({ customerId: "c-1" }).go()).data, customers[0]);
  });

  test("the customerOrders collection: the customer and its orders in one query", async () => {
    const out = await shop.collections.customerOrders({ customerId: "c-1" }).go();
    assert.deepEqual(out.data, { customer: [customers[0]], order: ordersOf("c-1") });
    assert.equal(out.cursor, null);

    const other = await shop.collections.customerOrders({ customerId: "c-2" }).go();
    assert.deepEqual(other.data, { customer: [customers[1]], order: ordersOf("c-2") });
  });

  test("orders of a customer: the whole partition, begins_with, between, gte/lt", async () => {
    const all = await Order.query.record({ customerId: "c-1" }).go();
    // Not the customer record that shares the partition.
    assert.deepEqual(all.data, ordersOf("c-1"));

    const august = await Order.query.record({ customerId: "c-1" }).begins({ orderDate: "2025-08" }).go();
    assert.deepEqual(
      august.data.map((o) => o.orderId),
      ["o-1002", "o-1003", "o-1004"],
    );

    // A full sort key composite: the exact day is a begins_with on date#id.
    const oneDay = await Order.query.record({ customerId: "c-1", orderDate: "2025-08-05" }).go();
    assert.deepEqual(oneDay.data, orders.filter((o) => o.orderId === "o-1003"));

    const between = await Order.query
      .record({ customerId: "c-1" })
      .between({ orderDate: "2025-07-15" }, { orderDate: "2025-08-05" })
      .go();
    // The upper bound is the prefix "...#orderdate_2025-08-05", which sorts before
    // "...#orderdate_2025-08-05#orderid_o-1003": that order is outside.
    assert.deepEqual(
      between.data.map((o) => o.orderId),
      ["o-1001", "o-1002"],
    );

    const fromAugust = await Order.query.record({ customerId: "c-1" }).gte({ orderDate: "2025-08-01" }).go();
    assert.deepEqual(
      fromAugust.data.map((o) => o.orderId),
      ["o-1002", "o-1003", "o-1004", "o-1005"],
    );
    const beforeAugust = await Order.query.record({ customerId: "c-1" }).lt({ orderDate: "2025-08-01" }).go();
    assert.deepEqual(
      beforeAugust.data.map((o) => o.orderId),
      ["o-1001"],
    );

    // A filter expression from where().
    const bigOnes = await Order.query
      .record({ customerId: "c-1" })
      .where(({ total }, { gt }) => gt(total, 100))
      .go();
    assert.deepEqual(
      bigOnes.data.map((o) => o.orderId),
      ["o-1003", "o-1004"],
    );

    // Reverse order.
    const latest = await Order.query.record({ customerId: "c-1" }).go({ order: "desc", limit: 1 });
    assert.deepEqual(
      latest.data.map((o) => o.orderId),
      ["o-1005"],
    );
  });

  test("order items sort numerically because of the padded key", async () => {
    const out = await OrderItem.query.record({ orderId: BIG_ORDER }).go({ pages: "all" });
    assert.deepEqual(out.data, bigOrderItems);
    const range = await OrderItem.query
      .record({ orderId: BIG_ORDER })
      .between({ line: 9 }, { line: 12 })
      .go();
    assert.deepEqual(
      range.data.map((i) => i.line),
      [9, 10, 11, 12],
    );
  });

  test("pagination with ElectroDB's cursor", async () => {
    const seen = [];
    let cursor = null;
    let pages = 0;
    do {
      const out = await OrderItem.query.record({ orderId: BIG_ORDER }).go({ limit: PAGE_SIZE, cursor });
      pages += 1;
      const expected = bigOrderItems.slice((pages - 1) * PAGE_SIZE, pages * PAGE_SIZE);
      assert.deepEqual(out.data, expected);
      seen.push(...out.data);
      cursor = out.cursor;
      if (seen.length < BIG_ORDER_LINES) assert.equal(typeof cursor, "string");
    } while (cursor !== null);
    // 23 items in pages of 5: 4 full pages and a short one, which ends with no cursor.
    assert.equal(pages, Math.ceil(BIG_ORDER_LINES / PAGE_SIZE));
    assert.deepEqual(seen, bigOrderItems);
  });

  test("queries on the overloaded GSI: each entity sees only its own items", async () => {
    // Customer by email.
    const ada = await Customer.query.byEmail({ email: "ada@example.com" }).go();
    assert.deepEqual(ada.data, [customers[0]]);

    // Shipped orders across customers, by date.
    const shipped = await Order.query.byStatus({ status: "SHIPPED" }).go();
    assert.deepEqual(
      shipped.data,
      orders.filter((o) => o.status === "SHIPPED").sort(byDateThenId),
    );
    const shippedInAugust = await Order.query
      .byStatus({ status: "SHIPPED" })
      .between({ orderDate: "2025-08-01" }, { orderDate: "2025-08-10" })
      .go();
    assert.deepEqual(
      shippedInAugust.data.map((o) => o.orderId),
      ["o-2001", "o-1003"],
    );

    // Lines that bought p-2, grouped by order: o-1001, o-1003's lines 2, 6, ..., o-2001.
    const p2 = await OrderItem.query.byProduct({ productId: "p-2" }).go();
    assert.deepEqual(
      p2.data.map((i) => [i.orderId, i.line]),
      [
        ["o-1001", 1],
        ...bigOrderItems.filter((i) => i.productId === "p-2").map((i) => [i.orderId, i.line]),
        ["o-2001", 1],
      ],
    );
    const p2InBigOrder = await OrderItem.query.byProduct({ productId: "p-2", orderId: BIG_ORDER }).go();
    assert.deepEqual(p2InBigOrder.data, bigOrderItems.filter((i) => i.productId === "p-2"));

    // Pagination on the index too.
    const firstPage = await OrderItem.query.byProduct({ productId: "p-2" }).go({ limit: 2 });
    assert.equal(firstPage.data.length, 2);
    const rest = await OrderItem.query.byProduct({ productId: "p-2" }).go({ cursor: firstPage.cursor });
    assert.deepEqual([...firstPage.data, ...rest.data], p2.data);
    assert.equal(rest.cursor, null);
  });

  test("patch and update: the GSI key follows the new status", async () => {
    const key = { customerId: "c-1", orderDate: "2025-09-02", orderId: "o-1005" };
    const patched = await Order.patch(key)
      .set({ status: "SHIPPED" })
      .add({ total: 7.75 })
      .append({ notes: ["left the warehouse"] })
      .go({ response: "all_new" });
    assert.deepEqual(patched.data, { ...key, status: "SHIPPED", total: 20, notes: ["left the warehouse"] });

    // The order moved from the PENDING partition of gsi1 to the SHIPPED one.
    assert.deepEqual((await Order.query.byStatus({ status: "PENDING" }).go()).data, []);
    const shipped = await Order.query.byStatus({ status: "SHIPPED" }).gte({ orderDate: "2025-09-01" }).go();
    assert.deepEqual(shipped.data, [patched.data]);

    // patch requires the item to exist; update creates it.
    const missing = { customerId: "c-1", orderDate: "2025-10-01", orderId: "o-1099" };
    const error = await expectRejection(Order.patch(missing).set({ status: "PENDING", total: 1 }).go());
    assert.equal(error.name, "ElectroError");
    assert.equal(error.cause.name, "ConditionalCheckFailedException");
    assert.equal((await Order.get(missing).go()).data, null);

    const customer = await Customer.update({ customerId: "c-2" })
      .add({ loyaltyPoints: 10 })
      .set({ tier: "GOLD" })
      .go({ response: "updated_new" });
    // UPDATED_NEW: the attributes the UpdateExpression wrote. ElectroDB's update also
    // SETs the key composite (customerId) and its __edb_e__/__edb_v__ markers, so
    // customerId comes back too (the markers ElectroDB strips from the result).
    assert.deepEqual(customer.data, { customerId: "c-2", loyaltyPoints: 50, tier: "GOLD" });
    assert.deepEqual((await Customer.get({ customerId: "c-2" }).go()).data, {
      ...customers[1],
      loyaltyPoints: 50,
      tier: "GOLD",
    });

    // A condition that does not hold.
    const notGold = await expectRejection(
      Customer.patch({ customerId: "c-1" })
        .set({ tier: "BRONZE" })
        .where(({ tier }, { eq }) => eq(tier, "SILVER"))
        .go(),
    );
    assert.equal(notGold.cause.name, "ConditionalCheckFailedException");
    assert.equal((await Customer.get({ customerId: "c-1" }).go()).data.tier, "GOLD");
  });

  test("delete and remove", async () => {
    const line = { orderId: "o-1004", line: 1 };
    const removed = await OrderItem.remove(line).go({ response: "all_old" });
    assert.deepEqual(removed.data, otherItems[2]);
    // remove requires the item to exist; delete does not.
    const error = await expectRejection(OrderItem.remove(line).go());
    assert.equal(error.cause.name, "ConditionalCheckFailedException");
    await OrderItem.delete(line).go();
    assert.equal((await OrderItem.get(line).go()).data, null);
    assert.deepEqual((await OrderItem.query.byProduct({ productId: "p-9" }).go()).data, []);
  });

  test("batch get through ElectroDB", async () => {
    const out = await Customer.get([{ customerId: "c-1" }, { customerId: "c-404" }]).go();
    assert.deepEqual(out.data.map((c) => c.customerId), ["c-1"]);
    assert.deepEqual(out.unprocessed, []);
  });
});
