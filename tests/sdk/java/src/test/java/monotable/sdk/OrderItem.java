package monotable.sdk;

import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;

/** Seed 004's order item (SK ORDER#date#id#ITEM#n), and step 6's items of order O102. */
@DynamoDbBean
public class OrderItem extends ShopItem {
  private String product;
  private Integer qty;
  private Long price;

  public OrderItem() {}

  static OrderItem of(String pk, String sk, String product, int qty, long price) {
    OrderItem i = new OrderItem();
    i.setKey(pk, sk);
    i.product = product;
    i.qty = qty;
    i.price = price;
    return i;
  }

  @DynamoDbAttribute("Product")
  public String getProduct() {
    return product;
  }

  public void setProduct(String product) {
    this.product = product;
  }

  @DynamoDbAttribute("Qty")
  public Integer getQty() {
    return qty;
  }

  public void setQty(Integer qty) {
    this.qty = qty;
  }

  @DynamoDbAttribute("Price")
  public Long getPrice() {
    return price;
  }

  public void setPrice(Long price) {
    this.price = price;
  }
}
