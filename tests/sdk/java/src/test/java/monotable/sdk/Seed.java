package monotable.sdk;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** Seed 004's table and items (tests/sdk/README.md), shared by the sync and async runs. */
final class Seed {
  static final String C001 = "CUSTOMER#C001";

  private Seed() {}

  static final Customer PROFILE_C001 = Customer.of("C001", "Nguyen Van A", "a@mail.com");
  static final Customer PROFILE_C002 = Customer.of("C002", "Tran Thi B", "b@mail.com");
  static final CustomerOrder O098 = CustomerOrder.of("2026-03-30", "O098", 120000, "delivered", false);
  static final CustomerOrder O099 = CustomerOrder.of("2026-04-15", "O099", 350000, "delivered", false);
  static final CustomerOrder O100 = CustomerOrder.of("2026-04-18", "O100", 2500000, "processing", true);
  static final OrderItem O099_ITEM = OrderItem.of(C001, O099.getSk() + "#ITEM#1", "Book", 2, 175000);
  static final OrderItem O100_ITEM = OrderItem.of(C001, O100.getSk() + "#ITEM#1", "Laptop", 1, 2500000);

  /** Step 2's items, in the order they are written (and streamed). */
  static final List<ShopItem> ITEMS =
      List.of(PROFILE_C001, O098, O099, O099_ITEM, O100, O100_ITEM, PROFILE_C002);

  /** Their sort keys by partition key, in the order written. */
  static Map<String, List<String>> writtenKeys() {
    Map<String, List<String>> keys = new TreeMap<>();
    for (ShopItem item : ITEMS) keys.computeIfAbsent(item.getPk(), k -> new ArrayList<>()).add(item.getSk());
    return keys;
  }

  /** Step 6's 30 items of order O102. */
  static List<OrderItem> bigOrderItems() {
    List<OrderItem> items = new ArrayList<>();
    for (int i = 1; i <= 30; i++) {
      items.add(OrderItem.of("ORDER#O102", String.format("ITEM#%02d", i), "SKU-" + i, 1, 1000L * i));
    }
    return items;
  }

  private static AttributeDefinition string(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
  }

  private static List<KeySchemaElement> keys(String hash, String range) {
    return List.of(
        KeySchemaElement.builder().attributeName(hash).keyType(KeyType.HASH).build(),
        KeySchemaElement.builder().attributeName(range).keyType(KeyType.RANGE).build());
  }

  private static GlobalSecondaryIndex index(String name, String hash, String range, ProjectionType projection) {
    return GlobalSecondaryIndex.builder().indexName(name).keySchema(keys(hash, range))
        .projection(p -> p.projectionType(projection)).build();
  }

  /** Step 1: PK/SK, the overloaded GSI1, the sparse Unpaid index, a stream of both images. */
  static CreateTableRequest shopTable(String name) {
    return CreateTableRequest.builder()
        .tableName(name)
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(string("PK"), string("SK"), string("GSI1PK"), string("GSI1SK"),
            string("UnpaidGSIPK"), string("UnpaidGSISK"))
        .keySchema(keys("PK", "SK"))
        .globalSecondaryIndexes(index("GSI1", "GSI1PK", "GSI1SK", ProjectionType.ALL),
            index("Unpaid", "UnpaidGSIPK", "UnpaidGSISK", ProjectionType.KEYS_ONLY))
        .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES))
        .build();
  }

  /** Step 8's table: one key, 1 RCU and 1 WCU. */
  static CreateTableRequest hotTable(String name) {
    return CreateTableRequest.builder()
        .tableName(name)
        .attributeDefinitions(string("PK"))
        .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build())
        .billingMode(BillingMode.PROVISIONED)
        .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L))
        .build();
  }

  static AttributeValue s(String value) {
    return AttributeValue.fromS(value);
  }

  static Map<String, AttributeValue> key(String pk, String sk) {
    return Map.of("PK", s(pk), "SK", s(sk));
  }
}
