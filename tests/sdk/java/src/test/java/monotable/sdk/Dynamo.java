package monotable.sdk;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * What the scenario asks of the SDK, once through the sync clients (SyncDynamo) and once through
 * the async ones (AsyncDynamo): the same requests, each client's own way of sending them (waiters,
 * paginators and publishers, the Enhanced Client and its async twin). Service errors are thrown as
 * the SDK's typed exceptions; the async implementation unwraps them from CompletionException.
 */
interface Dynamo extends AutoCloseable {
  /** CreateTable, then the SDK's TableExists waiter; the table as the waiter saw it. */
  TableDescription createTableAndWait(CreateTableRequest request);

  /** PutItem through the Enhanced Client's table for `type`. */
  <T> void put(String table, Class<T> type, T item);

  /** GetItem through the Enhanced Client; null when there is no such item. */
  <T> T get(String table, Class<T> type, String pk, String sk);

  /** One Query call. */
  QueryResponse query(QueryRequest request);

  /** A query of a secondary index through the Enhanced Client, every page. */
  <T> List<T> queryIndex(String table, Class<T> type, String index, QueryConditional condition);

  /** The SDK's Query paginator: each page's items. */
  List<List<Map<String, AttributeValue>>> queryPages(QueryRequest request);

  /** The Enhanced Client's PutItem with attribute_not_exists(PK) and ALL_OLD on failure. */
  void putIfAbsent(String table, Customer customer);

  void transactWrite(TransactWriteItemsRequest request);

  /** The Enhanced Client's batchWriteItem of at most 25 items; the unprocessed ones. */
  List<OrderItem> batchPut(String table, List<OrderItem> items);

  void putItem(PutItemRequest request);

  /**
   * The records of the table's latest stream, through the Streams client: every shard from
   * TRIM_HORIZON to its end for now (an empty page; at most 100 pages a shard).
   */
  List<Record> streamRecords(String table);

  void enableTimeToLive(String table, String attribute);

  TimeToLiveStatus timeToLiveStatus(String table);

  @Override
  void close();
}
