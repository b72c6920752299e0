// The fault-injection API through the router: rules added, listed and removed over
// /monotable/faults, the faults DynamoDB requests then get, /metrics listing the rules,
// and what a request names (ReadRequestTargets).

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "server/request_targets.h"
#include "server/router.h"
#include "server/router_test_protocol.h"

namespace monotable::server {
namespace {

class RouterFaultsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(test_.Open());
    router_ = std::make_unique<Router>(test_.protocol.get(), test_.engine.get(), "");
  }

  HttpReply Admin(http::verb method, const std::string& target, const std::string& body = "") {
    HttpRequest request{method, target, 11};
    request.body() = body;
    HttpReply reply;
    router_->Handle(request, parser_, reply);
    return reply;
  }

  HttpReply Call(const std::string& operation, const std::string& body) {
    HttpRequest request{http::verb::post, "/", 11};
    request.set("X-Amz-Target", "DynamoDB_20120810." + operation);
    request.set(http::field::authorization,
                "AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/dynamodb/aws4_request, "
                "SignedHeaders=host, Signature=abc");
    request.body() = body;
    HttpReply reply;
    router_->Handle(request, parser_, reply);
    return reply;
  }

  TestProtocol test_;
  std::unique_ptr<Router> router_;
  protocol::JsonParser parser_;
};

TEST_F(RouterFaultsTest, ARuleAddedOverTheApiFailsTheRequestsItNames) {
  HttpReply added = Admin(http::verb::post, "/monotable/faults",
                          R"({"kind":"InternalServerError","operation":"GetItem","count":1})");
  ASSERT_EQ(added.status, 200u) << added.body;
  EXPECT_EQ(added.body, R"({"id":"fault-1","kind":"InternalServerError","operation":"GetItem",)"
                        R"("probability":1.0,"count":1})");
  // Another operation is served (the table does not exist: DynamoDB's own answer).
  EXPECT_NE(Call("DescribeTable", R"({"TableName":"nope"})").body.find("ResourceNotFound"),
            std::string::npos);
  HttpReply failed = Call("GetItem", R"({"TableName":"nope","Key":{}})");
  EXPECT_EQ(failed.status, 500u);
  EXPECT_NE(failed.body.find("#InternalServerError"), std::string::npos);
  EXPECT_NE(failed.headers.find("x-amzn-RequestId: "), std::string::npos);
  // count 1: the next one is served.
  EXPECT_EQ(Call("GetItem", R"({"TableName":"nope","Key":{}})").status, 400u);
  HttpReply listed = Admin(http::verb::get, "/monotable/faults");
  EXPECT_EQ(listed.status, 200u);
  EXPECT_NE(listed.body.find(R"("matched":1,"injected":1)"), std::string::npos) << listed.body;
}

TEST_F(RouterFaultsTest, LatencyAndResetAreLeftToTheSession) {
  ASSERT_EQ(Admin(http::verb::post, "/monotable/faults",
                  R"({"kind":"Latency","latencyMs":250,"operation":"ListTables"})")
                .status,
            200u);
  HttpReply slow = Call("ListTables", "{}");
  EXPECT_EQ(slow.status, 200u);
  EXPECT_EQ(slow.delay_ms, 250);
  ASSERT_EQ(Admin(http::verb::post, "/monotable/faults",
                  R"({"kind":"ConnectionReset","operation":"ListTables"})")
                .status,
            200u);
  EXPECT_TRUE(Call("ListTables", "{}").reset_connection);
}

TEST_F(RouterFaultsTest, RulesGoByTableAndAreRemoved) {
  ASSERT_EQ(Admin(http::verb::post, "/monotable/faults",
                  R"({"seed":5,"rules":[{"id":"t","kind":"ThrottlingException","table":"hot"},)"
                  R"({"id":"c","kind":"TransactionConflict","table":"hot"}]})")
                .status,
            200u);
  EXPECT_EQ(Call("DescribeTable", R"({"TableName":"cold"})").body.find("Throttling"),
            std::string::npos);
  EXPECT_NE(Call("DescribeTable", R"({"TableName":"hot"})").body.find("ThrottlingException"),
            std::string::npos);
  ASSERT_EQ(Admin(http::verb::delete_, "/monotable/faults/t").status, 200u);
  EXPECT_EQ(Admin(http::verb::delete_, "/monotable/faults/t").status, 404u);
  HttpReply cancelled =
      Call("TransactWriteItems", R"({"TransactItems":[{"Put":{"TableName":"cold","Item":{}}},)"
                                 R"({"Delete":{"TableName":"hot","Key":{}}}]})");
  EXPECT_NE(cancelled.body.find("[None, TransactionConflict]"), std::string::npos)
      << cancelled.body;
  HttpReply metrics = Admin(http::verb::get, "/metrics");
  EXPECT_NE(metrics.body.find(R"(monotable_fault_rules{)"), std::string::npos);
  EXPECT_NE(metrics.body.find(R"(rule="c")"), std::string::npos);
  EXPECT_NE(Admin(http::verb::get, "/monotable/faults").body.find(R"("seed":5)"),
            std::string::npos);
  ASSERT_EQ(Admin(http::verb::delete_, "/monotable/faults").status, 200u);
  EXPECT_FALSE(router_->faults().active());
}

TEST_F(RouterFaultsTest, BadRulesAndMethodsAreRefused) {
  HttpReply bad = Admin(http::verb::post, "/monotable/faults", R"({"kind":"Nope"})");
  EXPECT_EQ(bad.status, 400u);
  EXPECT_NE(bad.body.find("unknown kind 'Nope'"), std::string::npos);
  // A batch is all or nothing.
  EXPECT_EQ(Admin(http::verb::post, "/monotable/faults",
                  R"({"rules":[{"kind":"InternalFailure"},{"kind":"Latency"}]})")
                .status,
            400u);
  EXPECT_FALSE(router_->faults().active());
  EXPECT_EQ(Admin(http::verb::put, "/monotable/faults").status, 405u);
  EXPECT_EQ(Admin(http::verb::get, "/monotable/faults/x").status, 405u);
  EXPECT_EQ(Admin(http::verb::get, "/monotable/faultsx").status, 404u);
}

TEST(RequestTargetsTest, NamesTheTablesAndIndexOfARequest) {
  protocol::JsonParser parser;
  RequestTargets query = ReadRequestTargets(
      parser, R"({"TableName":"t","IndexName":"g","KeyConditionExpression":""})");
  EXPECT_EQ(query.tables, (std::vector<std::string_view>{"t"}));
  EXPECT_EQ(query.index, "g");
  EXPECT_EQ(query.actions, 0u);
  RequestTargets batch = ReadRequestTargets(parser, R"({"RequestItems":{"a":[],"b":[]}})");
  EXPECT_EQ(batch.tables, (std::vector<std::string_view>{"a", "b"}));
  RequestTargets txn = ReadRequestTargets(
      parser, R"({"TransactItems":[{"ConditionCheck":{"TableName":"x"}},{"Get":{}}]})");
  EXPECT_EQ(txn.tables, (std::vector<std::string_view>{"x", ""}));
  EXPECT_EQ(txn.actions, 2u);
  EXPECT_EQ(ReadRequestTargets(parser, R"({"TransactStatements":[{},{},{}]})").actions, 3u);
  EXPECT_TRUE(ReadRequestTargets(parser, "not json").tables.empty());
}

}  // namespace
}  // namespace monotable::server
