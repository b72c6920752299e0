package monotable.sdk;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The scenario through DynamoDbAsyncClient (Netty), DynamoDbEnhancedAsyncClient and
 * DynamoDbStreamsAsyncClient: futures joined one at a time, paginators as publishers.
 */
final class AsyncDynamo implements Dynamo {
  private final DynamoDbAsyncClient client;
  private final DynamoDbEnhancedAsyncClient enhanced;
  private final DynamoDbStreamsAsyncClient streams;

  AsyncDynamo(Clients.Settings settings) {
    client = settings.configure(DynamoDbAsyncClient.builder()).build();
    enhanced = DynamoDbEnhancedAsyncClient.builder().dynamoDbClient(client).build();
    streams = settings.configure(DynamoDbStreamsAsyncClient.builder()).build();
  }

  /** The future's value; a failure is rethrown as the SDK's exception, not CompletionException. */
  static <T> T join(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) throw cause;
      throw e;
    }
  }

  private <T> DynamoDbAsyncTable<T> table(String name, Class<T> type) {
    return enhanced.table(name, TableSchema.fromBean(type));
  }

  @Override
  public TableDescription createTableAndWait(CreateTableRequest request) {
    join(client.createTable(request));
    return join(client.waiter().waitUntilTableExists(r -> r.tableName(request.tableName())))
        .matched().response().orElseThrow().table();
  }

  @Override
  public <T> void put(String table, Class<T> type, T item) {
    join(table(table, type).putItem(item));
  }

  @Override
  public <T> T get(String table, Class<T> type, String pk, String sk) {
    return join(table(table, type).getItem(Key.builder().partitionValue(pk).sortValue(sk).build()));
  }

  @Override
  public QueryResponse query(QueryRequest request) {
    return join(client.query(request));
  }

  @Override
  public <T> List<T> queryIndex(String table, Class<T> type, String index, QueryConditional condition) {
    List<T> out = new ArrayList<>();
    join(table(table, type).index(index).query(condition).subscribe(page -> out.addAll(page.items())));
    return out;
  }

  @Override
  public List<List<Map<String, AttributeValue>>> queryPages(QueryRequest request) {
    List<List<Map<String, AttributeValue>>> pages = new ArrayList<>();
    join(client.queryPaginator(request).subscribe(page -> pages.add(page.items())));
    return pages;
  }

  @Override
  public void putIfAbsent(String table, Customer customer) {
    join(table(table, Customer.class).putItem(Clients.putIfAbsent(customer)));
  }

  @Override
  public void transactWrite(TransactWriteItemsRequest request) {
    join(client.transactWriteItems(request));
  }

  @Override
  public List<OrderItem> batchPut(String table, List<OrderItem> items) {
    var resource = table(table, OrderItem.class);
    return join(enhanced.batchWriteItem(Clients.batchPut(resource, items)))
        .unprocessedPutItemsForTable(resource);
  }

  @Override
  public void putItem(PutItemRequest request) {
    join(client.putItem(request));
  }

  @Override
  public List<Record> streamRecords(String table) {
    String arn = join(client.describeTable(r -> r.tableName(table))).table().latestStreamArn();
    return Clients.readStream(arn, r -> join(streams.describeStream(r)), r -> join(streams.getShardIterator(r)),
        r -> join(streams.getRecords(r)));
  }

  @Override
  public void enableTimeToLive(String table, String attribute) {
    join(client.updateTimeToLive(r -> r.tableName(table)
        .timeToLiveSpecification(s -> s.attributeName(attribute).enabled(true))));
  }

  @Override
  public TimeToLiveStatus timeToLiveStatus(String table) {
    return join(client.describeTimeToLive(r -> r.tableName(table))).timeToLiveDescription().timeToLiveStatus();
  }

  @Override
  public void close() {
    streams.close();
    client.close();
  }
}
