// The protocol's authorization, end to end on an in-memory engine: what each operation
// is checked as (DynamoDB's fine-grained access control, specifying-conditions; the
// transactions' item-level actions, transaction-apis-iam) and the answers.
#include "protocol/authorization/authorizer.h"

#include <gtest/gtest.h>

#include "engine/base/clock.h"
#include "engine/testing/in_memory_engine.h"
#include "protocol/operations.h"

namespace monotable::protocol::authorization {
namespace {

constexpr char kIam[] = R"({"principals":[
  {"accessKeyId":"ADMIN","secretAccessKey":"s","arn":"arn:aws:iam::123456789012:user/admin",
   "policies":[{"Version":"2012-10-17","Statement":{"Effect":"Allow","Action":"dynamodb:*","Resource":"*"}}]},
  {"accessKeyId":"TENANT","secretAccessKey":"s","arn":"arn:aws:iam::123456789012:user/t1",
   "policies":[{"Version":"2012-10-17","Statement":{"Sid":"OwnItems","Effect":"Allow",
     "Action":["dynamodb:GetItem","dynamodb:PutItem","dynamodb:Query","dynamodb:BatchWriteItem",
               "dynamodb:UpdateItem","dynamodb:ConditionCheckItem"],
     "Resource":"arn:aws:dynamodb:*:*:table/Shop",
     "Condition":{"ForAllValues:StringEquals":{"dynamodb:LeadingKeys":["${aws:username}"]}}}}]},
  {"accessKeyId":"READER","secretAccessKey":"s","arn":"arn:aws:iam::123456789012:user/reader",
   "policies":[{"Version":"2012-10-17","Statement":{"Effect":"Allow","Action":["dynamodb:GetItem","dynamodb:Query"],
     "Resource":"*","Condition":{"ForAllValues:StringEquals":{"dynamodb:Attributes":["PK","SK","name"]},
     "StringEqualsIfExists":{"dynamodb:Select":"SPECIFIC_ATTRIBUTES"}}}}]},
  {"accessKeyId":"PARTIQL","secretAccessKey":"s","arn":"arn:aws:iam::123456789012:user/t1",
   "policies":[{"Version":"2012-10-17","Statement":[{"Sid":"OwnStatements","Effect":"Allow",
     "Action":["dynamodb:PartiQLSelect","dynamodb:PartiQLInsert","dynamodb:PartiQLUpdate"],
     "Resource":"arn:aws:dynamodb:*:*:table/Shop",
     "Condition":{"ForAllValues:StringEquals":{"dynamodb:LeadingKeys":["${aws:username}"]}}},
    {"Sid":"NoFullTableScan","Effect":"Deny","Action":"dynamodb:PartiQLSelect","Resource":"*",
     "Condition":{"Bool":{"dynamodb:FullTableScan":"true"}}}]}]},
  {"accessKeyId":"OUTSIDER","secretAccessKey":"s","arn":"arn:aws:iam::111122223333:user/bob",
   "policies":[{"Version":"2012-10-17","Statement":{"Effect":"Allow","Action":"dynamodb:*","Resource":"*"}}]}]})";

class AuthorizerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    engine_ = test_engine::OpenInMemory(std::make_unique<SystemClock>());
    ASSERT_NE(engine_, nullptr);
    auto principals = iam::ParsePrincipals(kIam);
    ASSERT_TRUE(principals.ok()) << principals.status().message();
    ProtocolOptions options;
    options.account_id = principals->account_id;
    options.authorizer = std::make_shared<const Authorizer>(
        std::make_shared<const iam::Principals>(std::move(*principals)), &clock_,
        /*describe_decisions=*/true);
    protocol_ = std::make_unique<Protocol>(engine_.get(), std::move(options));
    ASSERT_EQ(Call("ADMIN", "CreateTable", R"({"TableName":"Shop","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}]})")
                  .http_status,
              200);
  }

  Response Call(std::string_view key, std::string_view operation, std::string_view body) {
    return protocol_->Handle(operation, body, {std::string(key), "us-east-1"}, parser_);
  }

  FakeClock clock_{1780000000000};
  JsonParser parser_;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<Protocol> protocol_;
};

TEST_F(AuthorizerTest, TenantOwnPartitionOnly) {
  EXPECT_EQ(
      Call("TENANT", "PutItem", R"({"TableName":"Shop","Item":{"PK":{"S":"t1"},"SK":{"S":"a"}}})")
          .http_status,
      200);
  Response r =
      Call("TENANT", "PutItem", R"({"TableName":"Shop","Item":{"PK":{"S":"t2"},"SK":{"S":"a"}}})");
  EXPECT_EQ(r.http_status, 400);
  EXPECT_EQ(r.error, ErrorCode::kAccessDenied);
  EXPECT_NE(r.body.find("User: arn:aws:iam::123456789012:user/t1 is not authorized to perform: "
                        "dynamodb:PutItem on resource: "
                        "arn:aws:dynamodb:us-east-1:123456789012:table/Shop because no "
                        "identity-based policy allows the dynamodb:PutItem action"),
            std::string::npos)
      << r.body;
  EXPECT_EQ(
      r.authorization,
      "deny (implicit) (dynamodb:PutItem on arn:aws:dynamodb:us-east-1:123456789012:table/Shop)");
  EXPECT_EQ(Call("TENANT", "Query", R"({"TableName":"Shop","KeyConditionExpression":"PK = :p",
    "ExpressionAttributeValues":{":p":{"S":"t1"}}})")
                .http_status,
            200);
  EXPECT_EQ(Call("TENANT", "Query", R"({"TableName":"Shop","KeyConditionExpression":"PK = :p",
    "ExpressionAttributeValues":{":p":{"S":"t2"}}})")
                .error,
            ErrorCode::kAccessDenied);
  // Scan is not in the policy: "Scan returns all items regardless of the leading keys".
  EXPECT_EQ(Call("TENANT", "Scan", R"({"TableName":"Shop"})").error, ErrorCode::kAccessDenied);
  // BatchWriteItem: one item out of bounds refuses the whole batch.
  EXPECT_EQ(Call("TENANT", "BatchWriteItem", R"({"RequestItems":{"Shop":[
    {"PutRequest":{"Item":{"PK":{"S":"t1"},"SK":{"S":"b"}}}},
    {"PutRequest":{"Item":{"PK":{"S":"t2"},"SK":{"S":"b"}}}}]}})")
                .error,
            ErrorCode::kAccessDenied);
  EXPECT_EQ(
      Call("ADMIN", "GetItem", R"({"TableName":"Shop","Key":{"PK":{"S":"t2"},"SK":{"S":"b"}}})")
          .body,
      "{}");
}

// PartiQL statements are checked with their partition key values (LeadingKeys) and
// dynamodb:FullTableScan (ql-iam, "Allow select statements and deny full table scan
// statements"), statement by statement in a batch.
TEST_F(AuthorizerTest, PartiqlLeadingKeysAndFullTableScan) {
  EXPECT_EQ(Call("PARTIQL", "ExecuteStatement",
                 R"({"Statement":"INSERT INTO \"Shop\" VALUE {'PK': ?, 'SK': 'p'}",
                     "Parameters":[{"S":"t1"}]})")
                .http_status,
            200);
  EXPECT_EQ(Call("PARTIQL", "ExecuteStatement",
                 R"({"Statement":"SELECT * FROM \"Shop\" WHERE PK = 't1'"})")
                .http_status,
            200);
  Response other = Call("PARTIQL", "ExecuteStatement",
                        R"({"Statement":"UPDATE \"Shop\" SET n = 1 WHERE PK = ? AND SK = 'p'",
                            "Parameters":[{"S":"t2"}]})");
  EXPECT_EQ(other.error, ErrorCode::kAccessDenied);
  EXPECT_NE(other.body.find("dynamodb:PartiQLUpdate on resource: "
                            "arn:aws:dynamodb:us-east-1:123456789012:table/Shop because no "
                            "identity-based policy allows the dynamodb:PartiQLUpdate action"),
            std::string::npos)
      << other.body;
  Response scan = Call("PARTIQL", "ExecuteStatement", R"({"Statement":"SELECT * FROM \"Shop\""})");
  EXPECT_EQ(scan.error, ErrorCode::kAccessDenied);
  EXPECT_NE(scan.body.find("with an explicit deny in an identity-based policy"), std::string::npos)
      << scan.body;
  EXPECT_EQ(scan.authorization,
            "deny by identity[0] NoFullTableScan (dynamodb:PartiQLSelect on "
            "arn:aws:dynamodb:us-east-1:123456789012:table/Shop)");
  // A batch's denied statement answers in its own entry (BatchStatementErrorCodeEnum's
  // AccessDenied); the others run.
  Response batch = Call("PARTIQL", "BatchExecuteStatement", R"({"Statements":[
    {"Statement":"SELECT * FROM \"Shop\" WHERE PK = 't1' AND SK = 'p'"},
    {"Statement":"SELECT * FROM \"Shop\" WHERE PK = 't2' AND SK = 'p'"}]})");
  EXPECT_EQ(batch.http_status, 200);
  EXPECT_EQ(batch.body,
            R"({"Responses":[{"TableName":"Shop","Item":{"PK":{"S":"t1"},"SK":{"S":"p"}}},)"
            R"({"Error":{"Code":"AccessDenied","Message":"User: )"
            R"(arn:aws:iam::123456789012:user/t1 is not authorized to perform: )"
            R"(dynamodb:PartiQLSelect on resource: arn:aws:dynamodb:us-east-1:123456789012:)"
            R"(table/Shop because no identity-based policy allows the dynamodb:PartiQLSelect )"
            R"(action"}}]})");
  EXPECT_EQ(batch.authorization,
            "Statements[1]: deny (implicit) (dynamodb:PartiQLSelect on "
            "arn:aws:dynamodb:us-east-1:123456789012:table/Shop)");
}

TEST_F(AuthorizerTest, TransactionRefusedForOneItem) {
  const std::string_view body = R"json({"TransactItems":[
    {"Put":{"TableName":"Shop","Item":{"PK":{"S":"t1"},"SK":{"S":"x"}}}},
    {"ConditionCheck":{"TableName":"Shop","Key":{"PK":{"S":"t2"},"SK":{"S":"x"}},
      "ConditionExpression":"attribute_not_exists(PK)"
}
}]
})json";
  Response r = Call("TENANT", "TransactWriteItems", body);
  EXPECT_EQ(r.error, ErrorCode::kAccessDenied);
  EXPECT_NE(r.body.find("dynamodb:ConditionCheckItem on resource"), std::string::npos) << r.body;
  EXPECT_EQ(
      Call("ADMIN", "GetItem", R"({"TableName":"Shop","Key":{"PK":{"S":"t1"},"SK":{"S":"x"}}})")
          .body,
      "{}");
  // TransactWriteItems' items need their own actions: the tenant may not delete.
  EXPECT_EQ(Call("TENANT", "TransactWriteItems", R"({"TransactItems":[
    {"Delete":{"TableName":"Shop","Key":{"PK":{"S":"t1"},"SK":{"S":"x"}}}}]})")
                .error,
            ErrorCode::kAccessDenied);
}

TEST_F(AuthorizerTest, AttributeLimitedReader) {
  EXPECT_EQ(Call("READER", "GetItem", R"({"TableName":"Shop","Key":{"PK":{"S":"a"},"SK":{"S":"b"}},
    "ProjectionExpression":"#n","ExpressionAttributeNames":{"#n":"name"}})")
                .http_status,
            200);
  // No projection: Select is ALL_ATTRIBUTES.
  EXPECT_EQ(
      Call("READER", "GetItem", R"({"TableName":"Shop","Key":{"PK":{"S":"a"},"SK":{"S":"b"}}})")
          .error,
      ErrorCode::kAccessDenied);
  EXPECT_EQ(Call("READER", "GetItem", R"({"TableName":"Shop","Key":{"PK":{"S":"a"},"SK":{"S":"b"}},
    "ProjectionExpression":"secret"})")
                .error,
            ErrorCode::kAccessDenied);
  EXPECT_EQ(Call("READER", "Query", R"({"TableName":"Shop","KeyConditionExpression":"PK = :p",
    "ExpressionAttributeValues":{":p":{"S":"a"}},"Select":"COUNT"})")
                .error,
            ErrorCode::kAccessDenied);
}

TEST_F(AuthorizerTest, ResourcePolicyAdmitsAnotherAccount) {
  const std::string_view get = R"({"TableName":"Shop","Key":{"PK":{"S":"a"},"SK":{"S":"b"}}})";
  Response r = Call("OUTSIDER", "GetItem", get);
  EXPECT_EQ(r.error, ErrorCode::kAccessDenied);
  EXPECT_NE(r.body.find("because no resource-based policy allows the dynamodb:GetItem action"),
            std::string::npos)
      << r.body;
  ASSERT_EQ(Call("ADMIN", "PutResourcePolicy",
                 R"({"ResourceArn":"arn:aws:dynamodb:us-east-1:123456789012:table/Shop",
    "Policy":"{\"Version\":\"2012-10-17\",\"Statement\":[{\"Sid\":\"Partner\",\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"arn:aws:iam::111122223333:root\"},\"Action\":\"dynamodb:GetItem\",\"Resource\":\"*\"},{\"Sid\":\"NoDeletes\",\"Effect\":\"Deny\",\"Principal\":\"*\",\"Action\":\"dynamodb:DeleteItem\",\"Resource\":\"*\"}]}"})")
                .http_status,
            200);
  r = Call("OUTSIDER", "GetItem", get);
  EXPECT_EQ(r.http_status, 200) << r.body;
  EXPECT_EQ(r.authorization, "allow by resource Partner");
  r = Call("ADMIN", "DeleteItem", get);
  EXPECT_EQ(r.error, ErrorCode::kAccessDenied);
  EXPECT_NE(r.body.find("with an explicit deny in a resource-based policy"), std::string::npos);
  EXPECT_EQ(r.authorization,
            "deny by resource NoDeletes (dynamodb:DeleteItem on "
            "arn:aws:dynamodb:us-east-1:123456789012:table/Shop)");
}

TEST_F(AuthorizerTest, UnknownKeyAndControlPlane) {
  EXPECT_EQ(Call("NOBODY", "ListTables", "{}").error, ErrorCode::kUnrecognizedClient);
  EXPECT_EQ(Call("TENANT", "ListTables", "{}").error, ErrorCode::kAccessDenied);
  Response r = Call("TENANT", "DeleteTable", R"({"TableName":"Shop"})");
  EXPECT_NE(r.body.find("dynamodb:DeleteTable on resource: "
                        "arn:aws:dynamodb:us-east-1:123456789012:table/Shop"),
            std::string::npos)
      << r.body;
  // Every principal of the account sees the same tables.
  EXPECT_EQ(
      Call("TENANT", "GetItem", R"({"TableName":"Shop","Key":{"PK":{"S":"t1"},"SK":{"S":"z"}}})")
          .http_status,
      200);
}

}  // namespace
}  // namespace monotable::protocol::authorization
