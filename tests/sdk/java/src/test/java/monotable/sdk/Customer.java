package monotable.sdk;

import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;

/** Seed 004's customer profile (SK PROFILE), found by email through GSI1. */
@DynamoDbBean
public class Customer extends Gsi1Item {
  private String name;
  private String email;

  public Customer() {}

  static Customer of(String id, String name, String email) {
    Customer c = new Customer();
    c.setKey("CUSTOMER#" + id, "PROFILE");
    c.setGsi1("EMAIL#" + email, "CUSTOMER#" + id);
    c.name = name;
    c.email = email;
    return c;
  }

  @DynamoDbAttribute("Name")
  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  @DynamoDbAttribute("Email")
  public String getEmail() {
    return email;
  }

  public void setEmail(String email) {
    this.email = email;
  }
}
