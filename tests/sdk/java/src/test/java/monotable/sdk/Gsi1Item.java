package monotable.sdk;

import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondaryPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondarySortKey;

/** An entity in the overloaded index GSI1: customers by EMAIL#..., orders by STATUS#... */
public abstract class Gsi1Item extends ShopItem {
  private String gsi1pk;
  private String gsi1sk;

  @DynamoDbSecondaryPartitionKey(indexNames = "GSI1")
  @DynamoDbAttribute("GSI1PK")
  public String getGsi1pk() {
    return gsi1pk;
  }

  public void setGsi1pk(String gsi1pk) {
    this.gsi1pk = gsi1pk;
  }

  @DynamoDbSecondarySortKey(indexNames = "GSI1")
  @DynamoDbAttribute("GSI1SK")
  public String getGsi1sk() {
    return gsi1sk;
  }

  public void setGsi1sk(String gsi1sk) {
    this.gsi1sk = gsi1sk;
  }

  void setGsi1(String pk, String sk) {
    this.gsi1pk = pk;
    this.gsi1sk = sk;
  }
}
