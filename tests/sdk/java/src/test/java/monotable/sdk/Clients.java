package monotable.sdk;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.PutItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.WriteBatch;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;

/** How the tests build their clients and the requests both kinds of client send. */
final class Clients {
  private Clients() {}

  /**
   * A client's settings: the endpoint in environment variable `endpointVariable` (set by
   * tests/sdk/with_servers.py), the SDK's default retry strategy or none, and a counter of the
   * HTTP attempts the client makes (retries included).
   */
  record Settings(String endpointVariable, boolean retries, AtomicInteger attempts) {
    static Settings of(String endpointVariable) {
      return new Settings(endpointVariable, true, new AtomicInteger());
    }

    Settings withoutRetries() {
      return new Settings(endpointVariable, false, attempts);
    }

    URI endpoint() {
      String value = System.getenv(endpointVariable);
      if (value == null) {
        throw new IllegalStateException(endpointVariable + " is not set: run through tests/sdk/java/run.sh");
      }
      return URI.create(value);
    }

    /** The endpoint override a user writes, plus the test's retry choice and counter. */
    <B extends AwsClientBuilder<B, ?>> B configure(B builder) {
      return builder
          .endpointOverride(endpoint())
          .region(Region.US_EAST_1)
          .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret")))
          .overrideConfiguration(o -> {
            o.addExecutionInterceptor(new ExecutionInterceptor() {
              @Override
              public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
                attempts.incrementAndGet();
              }
            });
            if (!retries) o.retryStrategy(AwsRetryStrategy.doNotRetry());
          });
    }
  }

  /** Step 4's write: only if the item does not exist, returning the old item when it does. */
  static PutItemEnhancedRequest<Customer> putIfAbsent(Customer customer) {
    return PutItemEnhancedRequest.builder(Customer.class)
        .item(customer)
        .conditionExpression(Expression.builder().expression("attribute_not_exists(PK)").build())
        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
        .build();
  }

  /**
   * Every record of the stream `arn` through the Streams client's three calls (sync, or async
   * joined): each shard from TRIM_HORIZON to its end for now (an empty page; at most 100 pages a
   * shard).
   */
  static List<Record> readStream(String arn, Function<DescribeStreamRequest, DescribeStreamResponse> describe,
      Function<GetShardIteratorRequest, GetShardIteratorResponse> iterators,
      Function<GetRecordsRequest, GetRecordsResponse> records) {
    List<Record> out = new ArrayList<>();
    DescribeStreamRequest request = DescribeStreamRequest.builder().streamArn(arn).build();
    for (Shard shard : describe.apply(request).streamDescription().shards()) {
      String iterator = iterators.apply(GetShardIteratorRequest.builder().streamArn(arn).shardId(shard.shardId())
          .shardIteratorType(ShardIteratorType.TRIM_HORIZON).build()).shardIterator();
      for (int pages = 0; iterator != null && pages < 100; pages++) {
        GetRecordsResponse page = records.apply(GetRecordsRequest.builder().shardIterator(iterator).build());
        if (page.records().isEmpty()) break; // the open shard's end, for now
        out.addAll(page.records());
        iterator = page.nextShardIterator();
      }
    }
    return out;
  }

  /** Step 6's request: one batch of puts (at most 25) into `table`. */
  static BatchWriteItemEnhancedRequest batchPut(MappedTableResource<OrderItem> table, List<OrderItem> items) {
    WriteBatch.Builder<OrderItem> batch = WriteBatch.builder(OrderItem.class).mappedTableResource(table);
    items.forEach(batch::addPutItem);
    return BatchWriteItemEnhancedRequest.builder().writeBatches(batch.build()).build();
  }
}
