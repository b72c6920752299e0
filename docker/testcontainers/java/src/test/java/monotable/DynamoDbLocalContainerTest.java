package monotable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A GenericContainer as users of amazon/dynamodb-local write it (Testcontainers for Java
 * has no DynamoDB module): DynamoDB Local's command, port 8000, and either the default
 * wait strategy (the listening port: from outside, and inside the container with
 * {@code /bin/sh -c "cat /proc/net/tcp* | awk ... | grep ..."}) or
 * {@code Wait.forHttp("/").forStatusCode(400)}, DynamoDB Local's answer to a bare GET.
 * Then the AWS SDK for Java v2 creates a table, writes and queries.
 */
class DynamoDbLocalContainerTest {
  private static final DockerImageName IMAGE =
      DockerImageName.parse(System.getProperty("monotable.image", "monotable:latest"));

  @Test
  void defaultWaitStrategy() throws Exception {
    try (GenericContainer<?> container =
        new GenericContainer<>(IMAGE)
            .withExposedPorts(8000)
            .withCommand("-jar DynamoDBLocal.jar -inMemory -sharedDb")) {
      container.start();
      // The in-container check the default strategy ran, once more, to see it pass.
      ExecResult check =
          container.execInContainer(
              "/bin/sh", "-c", "cat /proc/net/tcp* | awk '{print $2}' | grep -i ':0*1f40'");
      assertEquals(0, check.getExitCode(), check.getStderr());
      assertTrue(
          container.getLogs().contains("Initializing DynamoDB Local with the following configuration:"),
          container.getLogs());
      createWriteQuery(container);
      System.out.println(
          "proved: GenericContainer with the default wait strategy (listening port, in-container"
              + " shell check), -jar DynamoDBLocal.jar -inMemory -sharedDb, then CreateTable,"
              + " PutItem, Query with the AWS SDK for Java v2");
    }
  }

  @Test
  void waitForHttp400() {
    try (GenericContainer<?> container =
        new GenericContainer<>(IMAGE)
            .withExposedPorts(8000)
            .withCommand("-jar", "DynamoDBLocal.jar", "-inMemory")
            .waitingFor(Wait.forHttp("/").forStatusCode(400))) {
      container.start();
      createWriteQuery(container);
      System.out.println(
          "proved: GenericContainer with Wait.forHttp(\"/\").forStatusCode(400), then"
              + " CreateTable, PutItem, Query with the AWS SDK for Java v2");
    }
  }

  private static void createWriteQuery(GenericContainer<?> container) {
    URI endpoint =
        URI.create("http://" + container.getHost() + ":" + container.getMappedPort(8000));
    try (DynamoDbClient db =
        DynamoDbClient.builder()
            .endpointOverride(endpoint)
            .region(Region.US_EAST_1)
            .credentialsProvider(
                StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")))
            .httpClient(UrlConnectionHttpClient.create())
            .build()) {
      db.createTable(
          b ->
              b.tableName("orders")
                  .attributeDefinitions(
                      AttributeDefinition.builder()
                          .attributeName("pk")
                          .attributeType(ScalarAttributeType.S)
                          .build(),
                      AttributeDefinition.builder()
                          .attributeName("sk")
                          .attributeType(ScalarAttributeType.N)
                          .build())
                  .keySchema(
                      KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
                      KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build())
                  .billingMode(BillingMode.PAY_PER_REQUEST));
      db.waiter().waitUntilTableExists(b -> b.tableName("orders"));
      for (String sk : List.of("1", "2")) {
        db.putItem(
            b ->
                b.tableName("orders")
                    .item(
                        Map.of(
                            "pk", AttributeValue.fromS("customer#1"),
                            "sk", AttributeValue.fromN(sk))));
      }
      QueryResponse out =
          db.query(
              b ->
                  b.tableName("orders")
                      .keyConditionExpression("pk = :pk AND sk > :min")
                      .expressionAttributeValues(
                          Map.of(
                              ":pk", AttributeValue.fromS("customer#1"),
                              ":min", AttributeValue.fromN("1"))));
      assertEquals(1, out.count());
      assertEquals("2", out.items().get(0).get("sk").n());
    }
  }
}
