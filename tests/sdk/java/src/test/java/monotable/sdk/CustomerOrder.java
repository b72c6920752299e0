package monotable.sdk;

import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondaryPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondarySortKey;

/**
 * Seed 004's order (SK ORDER#date#id), by status in GSI1; only an unpaid order has the sparse
 * index's key (a null attribute is left out of the item, so the order is not in the index).
 */
@DynamoDbBean
public class CustomerOrder extends Gsi1Item {
  private Long total;
  private String status;
  private String unpaidPk;
  private String unpaidSk;

  public CustomerOrder() {}

  static CustomerOrder of(String date, String id, long total, String status, boolean unpaid) {
    CustomerOrder o = new CustomerOrder();
    o.setKey(Seed.C001, "ORDER#" + date + "#" + id);
    o.setGsi1("STATUS#" + status, date);
    o.total = total;
    o.status = status;
    if (unpaid) {
      o.unpaidPk = "UNPAID";
      o.unpaidSk = date;
    }
    return o;
  }

  @DynamoDbAttribute("Total")
  public Long getTotal() {
    return total;
  }

  public void setTotal(Long total) {
    this.total = total;
  }

  @DynamoDbAttribute("Status")
  public String getStatus() {
    return status;
  }

  public void setStatus(String status) {
    this.status = status;
  }

  @DynamoDbSecondaryPartitionKey(indexNames = "Unpaid")
  @DynamoDbAttribute("UnpaidGSIPK")
  public String getUnpaidPk() {
    return unpaidPk;
  }

  public void setUnpaidPk(String unpaidPk) {
    this.unpaidPk = unpaidPk;
  }

  @DynamoDbSecondarySortKey(indexNames = "Unpaid")
  @DynamoDbAttribute("UnpaidGSISK")
  public String getUnpaidSk() {
    return unpaidSk;
  }

  public void setUnpaidSk(String unpaidSk) {
    this.unpaidSk = unpaidSk;
  }
}
