package monotable.sdk;

import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

/** The table's key, which every entity of the single table has (the beans inherit it). */
public abstract class ShopItem {
  private String pk;
  private String sk;

  @DynamoDbPartitionKey
  @DynamoDbAttribute("PK")
  public String getPk() {
    return pk;
  }

  public void setPk(String pk) {
    this.pk = pk;
  }

  @DynamoDbSortKey
  @DynamoDbAttribute("SK")
  public String getSk() {
    return sk;
  }

  public void setSk(String sk) {
    this.sk = sk;
  }

  void setKey(String pk, String sk) {
    this.pk = pk;
    this.sk = sk;
  }
}
