package monotable.sdk;

import static monotable.sdk.Seed.C001;
import static monotable.sdk.Seed.key;
import static monotable.sdk.Seed.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The nine steps of tests/sdk/README.md, in order, against one table; SyncClientTest and
 * AsyncClientTest run them through each kind of client.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class ScenarioTest {
  private final String table;
  private final Function<Clients.Settings, Dynamo> open;
  private Dynamo dynamo;

  ScenarioTest(String kind, Function<Clients.Settings, Dynamo> open) {
    this.table = "Shop_java_" + kind;
    this.open = open;
  }

  @BeforeAll
  void open() {
    dynamo = open.apply(Clients.Settings.of("MONOTABLE_ENDPOINT"));
  }

  @AfterAll
  void close() {
    dynamo.close();
  }

  private static List<String> sortKeys(List<Map<String, AttributeValue>> items) {
    return items.stream().map(i -> i.get("SK").s()).toList();
  }

  private QueryRequest.Builder queryC001(String condition, Map<String, AttributeValue> values) {
    Map<String, AttributeValue> all = new HashMap<>(values);
    all.put(":pk", s(C001));
    return QueryRequest.builder().tableName(table).keyConditionExpression("PK = :pk AND " + condition)
        .expressionAttributeValues(all);
  }

  @Test
  @Order(1)
  void createsTheTableAndWaitsForIt() {
    TableDescription t = dynamo.createTableAndWait(Seed.shopTable(table));
    assertEquals(TableStatus.ACTIVE, t.tableStatus());
    assertEquals(2, t.globalSecondaryIndexes().size());
  }

  @Test
  @Order(2)
  void writesTheSeedWithTheEnhancedClient() {
    for (ShopItem item : Seed.ITEMS) {
      if (item instanceof Customer c) dynamo.put(table, Customer.class, c);
      else if (item instanceof CustomerOrder o) dynamo.put(table, CustomerOrder.class, o);
      else dynamo.put(table, OrderItem.class, (OrderItem) item);
    }
  }

  @Test
  @Order(3)
  void readsItBack() {
    Customer profile = dynamo.get(table, Customer.class, C001, "PROFILE");
    assertEquals("Nguyen Van A", profile.getName());
    assertEquals("a@mail.com", profile.getEmail());

    assertEquals(List.of("ORDER#2026-04-15#O099", "ORDER#2026-04-15#O099#ITEM#1", "ORDER#2026-04-18#O100",
            "ORDER#2026-04-18#O100#ITEM#1"),
        sortKeys(dynamo.query(queryC001("begins_with(SK, :april)", Map.of(":april", s("ORDER#2026-04"))).build()).items()));
    assertEquals(List.of("ORDER#2026-04-15#O099", "ORDER#2026-04-15#O099#ITEM#1"),
        sortKeys(dynamo.query(queryC001("SK BETWEEN :from AND :to",
            Map.of(":from", s("ORDER#2026-04-01"), ":to", s("ORDER#2026-04-16"))).build()).items()));

    List<CustomerOrder> delivered = dynamo.queryIndex(table, CustomerOrder.class, "GSI1",
        QueryConditional.keyEqualTo(Key.builder().partitionValue("STATUS#delivered").build()));
    assertEquals(List.of("ORDER#2026-03-30#O098", "ORDER#2026-04-15#O099"),
        delivered.stream().map(CustomerOrder::getSk).toList());
    assertEquals(350000L, delivered.get(1).getTotal());
    List<Customer> byEmail = dynamo.queryIndex(table, Customer.class, "GSI1",
        QueryConditional.keyEqualTo(Key.builder().partitionValue("EMAIL#a@mail.com").build()));
    assertEquals(List.of("Nguyen Van A"), byEmail.stream().map(Customer::getName).toList());
    List<CustomerOrder> unpaid = dynamo.queryIndex(table, CustomerOrder.class, "Unpaid",
        QueryConditional.keyEqualTo(Key.builder().partitionValue("UNPAID").build()));
    assertEquals(List.of("ORDER#2026-04-18#O100"), unpaid.stream().map(CustomerOrder::getSk).toList());
    assertNull(unpaid.get(0).getTotal(), "KEYS_ONLY projects no Total");

    List<List<Map<String, AttributeValue>>> pages = dynamo.queryPages(QueryRequest.builder().tableName(table)
        .keyConditionExpression("PK = :pk").expressionAttributeValues(Map.of(":pk", s(C001))).limit(2).build());
    assertTrue(pages.size() >= 3, pages.size() + " pages for 6 items with Limit 2");
    List<Map<String, AttributeValue>> all = new ArrayList<>();
    for (List<Map<String, AttributeValue>> page : pages) {
      assertTrue(page.size() <= 2, "a page of " + page.size());
      all.addAll(page);
    }
    assertEquals(List.of("ORDER#2026-03-30#O098", "ORDER#2026-04-15#O099", "ORDER#2026-04-15#O099#ITEM#1",
        "ORDER#2026-04-18#O100", "ORDER#2026-04-18#O100#ITEM#1", "PROFILE"), sortKeys(all));
  }

  @Test
  @Order(4)
  void aFailedConditionalWriteReturnsTheOldItem() {
    ConditionalCheckFailedException e = assertThrows(ConditionalCheckFailedException.class,
        () -> dynamo.putIfAbsent(table, Customer.of("C001", "Someone Else", "x@mail.com")));
    assertEquals("Nguyen Van A", e.item().get("Name").s());
    assertEquals("ConditionalCheckFailedException", e.awsErrorDetails().errorCode());
    assertEquals(400, e.statusCode());
    assertEquals("Nguyen Van A", dynamo.get(table, Customer.class, C001, "PROFILE").getName());
  }

  @Test
  @Order(5)
  void aCancelledTransactionGivesItsReasons() {
    TransactWriteItemsRequest request = TransactWriteItemsRequest.builder().transactItems(
        t -> t.put(p -> p.tableName(table).conditionExpression("attribute_not_exists(PK)")
            .item(Map.of("PK", s(C001), "SK", s("ORDER#2026-04-20#O101"), "Status", s("processing")))),
        t -> t.conditionCheck(c -> c.tableName(table).key(key("CUSTOMER#C002", "PROFILE"))
            .conditionExpression("Email = :wrong").expressionAttributeValues(Map.of(":wrong", s("wrong@mail.com")))
            .returnValuesOnConditionCheckFailure("ALL_OLD")),
        t -> t.update(u -> u.tableName(table).key(key(C001, "ORDER#2026-04-18#O100"))
            .updateExpression("SET #s = :shipped").expressionAttributeNames(Map.of("#s", "Status"))
            .expressionAttributeValues(Map.of(":shipped", s("shipped")))))
        .build();
    TransactionCanceledException e =
        assertThrows(TransactionCanceledException.class, () -> dynamo.transactWrite(request));
    assertTrue(e.hasCancellationReasons());
    assertEquals(List.of("None", "ConditionalCheckFailed", "None"),
        e.cancellationReasons().stream().map(CancellationReason::code).toList());
    assertEquals("b@mail.com", e.cancellationReasons().get(1).item().get("Email").s());
    assertNull(dynamo.get(table, CustomerOrder.class, C001, "ORDER#2026-04-20#O101"));
    assertEquals("processing", dynamo.get(table, CustomerOrder.class, C001, "ORDER#2026-04-18#O100").getStatus());
  }

  @Test
  @Order(6)
  void batchWritesThirtyItemsInRequestsOfTwentyFive() {
    List<OrderItem> items = Seed.bigOrderItems();
    for (int start = 0; start < items.size(); start += 25) {
      List<OrderItem> pending = items.subList(start, Math.min(start + 25, items.size()));
      for (int attempt = 0; !pending.isEmpty(); attempt++) {
        assertTrue(attempt < 10, "unprocessed items after 10 attempts");
        pending = dynamo.batchPut(table, pending);
      }
    }
    QueryResponse counted = dynamo.query(QueryRequest.builder().tableName(table)
        .keyConditionExpression("PK = :pk").expressionAttributeValues(Map.of(":pk", s("ORDER#O102")))
        .select(Select.COUNT).build());
    assertEquals(30, counted.count());
    assertTrue(counted.items().isEmpty(), "a COUNT query returns no items");
  }

  @Test
  @Order(7)
  void theStreamHasStepTwosInserts() {
    // Streams keep each item's records in order, not the table's: compare per partition key.
    Map<String, List<String>> inserted = new TreeMap<>();
    for (Record r : dynamo.streamRecords(table)) {
      if (r.eventName() == OperationType.INSERT && r.dynamodb().hasNewImage()) {
        inserted.computeIfAbsent(r.dynamodb().keys().get("PK").s(), k -> new ArrayList<>())
            .add(r.dynamodb().keys().get("SK").s());
      }
    }
    Seed.writtenKeys().forEach((pk, sks) -> assertEquals(sks, inserted.get(pk), "INSERT records of " + pk));
  }

  /** The one reason a WCU-1 table's throttled write gives. */
  private void expectThrottled(ProvisionedThroughputExceededException e, String hot) {
    assertEquals(400, e.statusCode());
    assertTrue(e.hasThrottlingReasons());
    assertEquals(1, e.throttlingReasons().size());
    assertEquals("TableWriteProvisionedThroughputExceeded", e.throttlingReasons().get(0).reason());
    assertEquals("arn:aws:dynamodb:us-east-1:000000000000:table/" + hot, e.throttlingReasons().get(0).resource());
  }

  @Test
  @Order(8)
  void throttlesAHotKeyAndRetries() {
    String hot = table.replace("Shop_", "Hot_");
    Clients.Settings settings = Clients.Settings.of("MONOTABLE_THROTTLED_ENDPOINT");
    try (Dynamo retrying = open.apply(settings); Dynamo once = open.apply(settings.withoutRetries())) {
      retrying.createTableAndWait(Seed.hotTable(hot));
      Function<Integer, PutItemRequest> write = i -> PutItemRequest.builder().tableName(hot)
          .item(Map.of("PK", s("hot"), "n", AttributeValue.fromN(Integer.toString(i)))).build();

      // Without retries the exception reaches the caller, with its ThrottlingReasons.
      ProvisionedThroughputExceededException refused = null;
      for (int i = 0; i < 50 && refused == null; i++) {
        try {
          once.putItem(write.apply(i));
        } catch (ProvisionedThroughputExceededException e) {
          refused = e;
        }
      }
      assertTrue(refused != null, "50 writes to a WCU-1 table and none was throttled");
      expectThrottled(refused, hot);

      // The default strategy backs off and resends: within the bound some write goes through
      // after a retry (the bucket refills once a second); one whose retries all came too soon
      // surfaces the exception after the strategy's last attempt.
      boolean retriedAndSucceeded = false;
      for (int i = 0; i < 20 && !retriedAndSucceeded; i++) {
        int before = settings.attempts().get();
        try {
          retrying.putItem(write.apply(i));
          retriedAndSucceeded = settings.attempts().get() - before > 1;
        } catch (ProvisionedThroughputExceededException e) {
          expectThrottled(e, hot);
          assertTrue(settings.attempts().get() - before > 1, "a throttled write was not retried");
        }
      }
      assertTrue(retriedAndSucceeded, "20 writes and none went through after a retry");
    }
  }

  @Test
  @Order(9)
  void timeToLiveDeletesAnExpiredItem() throws InterruptedException {
    dynamo.enableTimeToLive(table, "ExpiresAt");
    assertEquals(TimeToLiveStatus.ENABLED, dynamo.timeToLiveStatus(table));
    String expired = Long.toString(Instant.now().minus(Duration.ofHours(1)).getEpochSecond());
    dynamo.putItem(PutItemRequest.builder().tableName(table)
        .item(Map.of("PK", s(C001), "SK", s("CART"), "ExpiresAt", AttributeValue.fromN(expired))).build());
    Instant deadline = Instant.now().plusSeconds(30);
    while (dynamo.get(table, OrderItem.class, C001, "CART") != null) {
      assertTrue(Instant.now().isBefore(deadline), "the expired item is still there after 30 s");
      Thread.sleep(200);
    }
  }
}
