package monotable.sdk;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.dynamodb.model.Record;

/** The scenario through DynamoDbClient, DynamoDbEnhancedClient and DynamoDbStreamsClient. */
final class SyncDynamo implements Dynamo {
  private final DynamoDbClient client;
  private final DynamoDbEnhancedClient enhanced;
  private final DynamoDbStreamsClient streams;

  SyncDynamo(Clients.Settings settings) {
    client = settings.configure(DynamoDbClient.builder()).build();
    enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
    streams = settings.configure(DynamoDbStreamsClient.builder()).build();
  }

  private <T> DynamoDbTable<T> table(String name, Class<T> type) {
    return enhanced.table(name, TableSchema.fromBean(type));
  }

  @Override
  public TableDescription createTableAndWait(CreateTableRequest request) {
    client.createTable(request);
    return client.waiter().waitUntilTableExists(r -> r.tableName(request.tableName()))
        .matched().response().orElseThrow().table();
  }

  @Override
  public <T> void put(String table, Class<T> type, T item) {
    table(table, type).putItem(item);
  }

  @Override
  public <T> T get(String table, Class<T> type, String pk, String sk) {
    return table(table, type).getItem(Key.builder().partitionValue(pk).sortValue(sk).build());
  }

  @Override
  public QueryResponse query(QueryRequest request) {
    return client.query(request);
  }

  @Override
  public <T> List<T> queryIndex(String table, Class<T> type, String index, QueryConditional condition) {
    List<T> out = new ArrayList<>();
    table(table, type).index(index).query(condition).forEach(page -> out.addAll(page.items()));
    return out;
  }

  @Override
  public List<List<Map<String, AttributeValue>>> queryPages(QueryRequest request) {
    List<List<Map<String, AttributeValue>>> pages = new ArrayList<>();
    for (QueryResponse page : client.queryPaginator(request)) pages.add(page.items());
    return pages;
  }

  @Override
  public void putIfAbsent(String table, Customer customer) {
    table(table, Customer.class).putItem(Clients.putIfAbsent(customer));
  }

  @Override
  public void transactWrite(TransactWriteItemsRequest request) {
    client.transactWriteItems(request);
  }

  @Override
  public List<OrderItem> batchPut(String table, List<OrderItem> items) {
    var resource = table(table, OrderItem.class);
    return enhanced.batchWriteItem(Clients.batchPut(resource, items))
        .unprocessedPutItemsForTable(resource);
  }

  @Override
  public void putItem(PutItemRequest request) {
    client.putItem(request);
  }

  @Override
  public List<Record> streamRecords(String table) {
    String arn = client.describeTable(r -> r.tableName(table)).table().latestStreamArn();
    return Clients.readStream(arn, streams::describeStream, streams::getShardIterator,
        streams::getRecords);
  }

  @Override
  public void enableTimeToLive(String table, String attribute) {
    client.updateTimeToLive(r -> r.tableName(table)
        .timeToLiveSpecification(s -> s.attributeName(attribute).enabled(true)));
  }

  @Override
  public TimeToLiveStatus timeToLiveStatus(String table) {
    return client.describeTimeToLive(r -> r.tableName(table)).timeToLiveDescription().timeToLiveStatus();
  }

  @Override
  public void close() {
    streams.close();
    client.close();
  }
}
