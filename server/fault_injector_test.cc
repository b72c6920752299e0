// FaultInjector and its rules: parsing, which requests a rule applies to, the
// reproducible draws, counts, and the answers' DynamoDB shapes.

#include "server/fault_injector.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "server/fault_answer.h"

namespace monotable::server {
namespace {

Result<FaultRule> Parse(const std::string& json) {
  static protocol::JsonParser parser;
  auto object = parser.ParseObject(json);
  if (!object.ok()) return object.status();
  return ParseFaultRule(*object);
}

FaultRule Rule(const std::string& json) {
  auto rule = Parse(json);
  EXPECT_TRUE(rule.ok()) << json << ": " << rule.status().message();
  return rule.ok() ? *rule : FaultRule{};
}

RequestTargets Tables(std::vector<std::string_view> tables, std::string_view index = {}) {
  RequestTargets targets;
  targets.tables = std::move(tables);
  targets.index = index;
  return targets;
}

TEST(FaultRuleTest, ParsesEveryField) {
  FaultRule rule =
      Rule(R"({"id":"r1","kind":"Latency","operation":"Query","table":"t","index":"g",)"
           R"("probability":0.25,"latencyMs":40,"count":3})");
  EXPECT_EQ(rule.id, "r1");
  EXPECT_EQ(rule.kind, FaultKind::kLatency);
  EXPECT_EQ(rule.operation, "Query");
  EXPECT_EQ(rule.table, "t");
  EXPECT_EQ(rule.index, "g");
  EXPECT_EQ(rule.probability, 0.25);
  EXPECT_EQ(rule.latency_ms, 40);
  ASSERT_TRUE(rule.count);
  EXPECT_EQ(*rule.count, 3);
  EXPECT_EQ(Rule(R"({"kind":"ThrottlingException","operation":"*"})").operation, "");
}

TEST(FaultRuleTest, RefusesWhatCannotBeMeant) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({})", "fault rule: 'kind' is required"},
      {R"({"kind":"Boom"})", "fault rule: unknown kind 'Boom'"},
      {R"({"kind":"InternalServerError","probability":1.5})",
       "fault rule: 'probability' must be a number from 0 to 1"},
      {R"({"kind":"InternalServerError","probabilty":1})", "fault rule: unknown field"},
      {R"({"kind":"Latency"})", "fault rule: kind Latency needs 'latencyMs' above 0"},
      {R"({"kind":"ServiceUnavailable","latencyMs":5})",
       "fault rule: 'latencyMs' goes with kind Latency only"},
      {R"({"kind":"TransactionConflict","operation":"GetItem"})",
       "fault rule: DynamoDB answers TransactionConflict only to"},
      {R"({"kind":"InternalServerError","count":-1})",
       "fault rule: 'count' must be an integer from 0"},
      {R"({"kind":"InternalServerError","id":"a/b"})", "fault rule: 'id' must have"},
  };
  for (const auto& [json, message] : cases) {
    auto rule = Parse(json);
    ASSERT_FALSE(rule.ok()) << json;
    EXPECT_EQ(rule.status().code(), ErrorCode::kValidation);
    EXPECT_EQ(rule.status().message().rfind(message, 0), 0u)
        << json << ": " << rule.status().message();
  }
}

TEST(FaultInjectorTest, InactiveWithoutRules) {
  FaultInjector faults;
  EXPECT_FALSE(faults.active());
  ASSERT_TRUE(faults.Add(Rule(R"({"kind":"InternalServerError"})")).ok());
  EXPECT_TRUE(faults.active());
  faults.Clear();
  EXPECT_FALSE(faults.active());
  EXPECT_FALSE(faults.Decide("GetItem", {}).kind);
}

TEST(FaultInjectorTest, MatchesOperationTableAndIndex) {
  FaultInjector faults;
  ASSERT_TRUE(faults
                  .Add(Rule(R"({"kind":"ServiceUnavailable","operation":"Query",)"
                            R"("table":"orders","index":"byCustomer"})"))
                  .ok());
  EXPECT_FALSE(faults.Decide("Scan", Tables({"orders"}, "byCustomer")).kind);
  EXPECT_FALSE(faults.Decide("Query", Tables({"users"}, "byCustomer")).kind);
  EXPECT_FALSE(faults.Decide("Query", Tables({"orders"})).kind);
  auto hit = faults.Decide("Query", Tables({"orders"}, "byCustomer"));
  ASSERT_TRUE(hit.kind);
  EXPECT_EQ(*hit.kind, FaultKind::kServiceUnavailable);
  // A table named anywhere in the request: a batch's second table.
  FaultInjector any_op;
  ASSERT_TRUE(any_op.Add(Rule(R"({"kind":"ThrottlingException","table":"b"})")).ok());
  EXPECT_TRUE(any_op.Decide("BatchWriteItem", Tables({"a", "b"})).kind);
}

TEST(FaultInjectorTest, TransactionConflictOnlyWhereDynamoDbAnswersIt) {
  FaultInjector faults;
  ASSERT_TRUE(faults.Add(Rule(R"({"kind":"TransactionConflict"})")).ok());
  EXPECT_FALSE(faults.Decide("GetItem", {}).kind);
  EXPECT_FALSE(faults.Decide("Query", {}).kind);
  EXPECT_TRUE(faults.Decide("PutItem", {}).kind);
  EXPECT_TRUE(faults.Decide("TransactWriteItems", {}).kind);
}

TEST(FaultInjectorTest, CountLimitsTheFaults) {
  FaultInjector faults;
  ASSERT_TRUE(faults.Add(Rule(R"({"id":"twice","kind":"InternalServerError","count":2})")).ok());
  EXPECT_TRUE(faults.Decide("PutItem", {}).kind);
  EXPECT_TRUE(faults.Decide("PutItem", {}).kind);
  EXPECT_FALSE(faults.Decide("PutItem", {}).kind);
  auto listed = faults.List();
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].injected, 2u);
  EXPECT_EQ(listed[0].matched, 2u);  // an exhausted rule no longer applies
}

TEST(FaultInjectorTest, LatencyAddsUpAndTheFirstErrorDecides) {
  FaultInjector faults;
  ASSERT_TRUE(faults.Add(Rule(R"({"kind":"Latency","latencyMs":30})")).ok());
  ASSERT_TRUE(faults.Add(Rule(R"({"kind":"Latency","latencyMs":12})")).ok());
  ASSERT_TRUE(faults.Add(Rule(R"({"kind":"ConnectionReset","operation":"Scan"})")).ok());
  ASSERT_TRUE(faults.Add(Rule(R"({"kind":"InternalFailure"})")).ok());
  auto get = faults.Decide("GetItem", {});
  EXPECT_EQ(get.delay_ms, 42);
  ASSERT_TRUE(get.kind);
  EXPECT_EQ(*get.kind, FaultKind::kInternalFailure);
  auto scan = faults.Decide("Scan", {});
  ASSERT_TRUE(scan.kind);
  EXPECT_EQ(*scan.kind, FaultKind::kConnectionReset);
  EXPECT_EQ(faults.List()[3].matched, 1u);  // the reset decided the Scan: not tried
}

// The draws of a seed: the same rules and requests give the same faults, whatever
// other rules exist; another seed gives others.
std::string Pattern(uint64_t seed, bool with_other_rule) {
  FaultInjector faults(seed);
  if (with_other_rule) {
    EXPECT_TRUE(faults.Add(Rule(R"({"kind":"Latency","latencyMs":1,"probability":0.5})")).ok());
  }
  EXPECT_TRUE(
      faults.Add(Rule(R"({"id":"p","kind":"ThrottlingException","probability":0.3})")).ok());
  std::string pattern;
  for (int i = 0; i < 200; ++i) pattern += faults.Decide("GetItem", {}).kind ? 'x' : '.';
  return pattern;
}

TEST(FaultInjectorTest, SeededDrawsAreReproducible) {
  const std::string a = Pattern(7, false);
  EXPECT_EQ(a, Pattern(7, false));
  EXPECT_EQ(a, Pattern(7, true));
  EXPECT_NE(a, Pattern(8, false));
  const auto hits = std::count(a.begin(), a.end(), 'x');
  EXPECT_GT(hits, 30);  // 0.3 of 200: 60 expected; far from both ends
  EXPECT_LT(hits, 90);
}

TEST(FaultInjectorTest, IdsAreGivenOrReplaced) {
  FaultInjector faults;
  auto first = faults.Add(Rule(R"({"kind":"InternalServerError"})"));
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->id, "fault-1");
  ASSERT_TRUE(faults.Add(Rule(R"({"id":"fault-2","kind":"InternalServerError"})")).ok());
  auto third = faults.Add(Rule(R"({"kind":"InternalServerError"})"));
  ASSERT_TRUE(third.ok());
  EXPECT_EQ(third->id, "fault-3");  // fault-2 is taken
  ASSERT_TRUE(faults.Add(Rule(R"({"id":"fault-1","kind":"ThrottlingException"})")).ok());
  ASSERT_EQ(faults.List().size(), 3u);
  EXPECT_EQ(faults.List()[0].rule.kind, FaultKind::kThrottling);
  EXPECT_TRUE(faults.Remove("fault-2"));
  EXPECT_FALSE(faults.Remove("fault-2"));
  EXPECT_EQ(faults.List().size(), 2u);
}

TEST(FaultAnswerTest, DynamoDbShapes) {
  auto internal = AnswerFault(FaultKind::kInternalServerError, "GetItem", {}, 0);
  EXPECT_EQ(internal.http_status, 500);
  EXPECT_EQ(internal.body, R"({"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError",)"
                           R"("message":"Internal server error"})");
  auto failure = AnswerFault(FaultKind::kInternalFailure, "GetItem", {}, 0);
  EXPECT_EQ(failure.http_status, 500);
  EXPECT_EQ(failure.body, R"({"__type":"com.amazon.coral.service#InternalFailure"})");
  auto unavailable = AnswerFault(FaultKind::kServiceUnavailable, "GetItem", {}, 0);
  EXPECT_EQ(unavailable.http_status, 503);
  EXPECT_NE(unavailable.body.find(kServiceUnavailableType), std::string::npos);
  auto throttled = AnswerFault(FaultKind::kThrottling, "GetItem", {}, 0);
  EXPECT_EQ(throttled.http_status, 400);
  EXPECT_EQ(
      throttled.body.rfind(R"({"__type":"com.amazon.coral.availability#ThrottlingException")", 0),
      0u);
  auto limit = AnswerFault(FaultKind::kRequestLimitExceeded, "GetItem", {}, 0);
  EXPECT_EQ(limit.http_status, 400);
  EXPECT_EQ(
      limit.body.rfind(R"({"__type":"com.amazonaws.dynamodb.v20120810#RequestLimitExceeded")", 0),
      0u);
  auto conflict = AnswerFault(FaultKind::kTransactionConflict, "PutItem", {}, 0);
  EXPECT_EQ(conflict.body,
            R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionConflictException",)"
            R"("message":"Transaction is ongoing for the item"})");
}

TEST(FaultAnswerTest, ATransactionIsCancelledOnTheRulesTable) {
  FaultInjector faults;
  ASSERT_TRUE(faults.Add(Rule(R"({"kind":"TransactionConflict","table":"b"})")).ok());
  RequestTargets targets = Tables({"a", "b", "c"});
  targets.actions = 3;
  auto decision = faults.Decide("TransactWriteItems", targets);
  ASSERT_TRUE(decision.kind);
  EXPECT_EQ(decision.conflicting_action, 1u);
  auto answer = AnswerFault(*decision.kind, "TransactWriteItems", targets, 1);
  EXPECT_EQ(answer.http_status, 400);
  EXPECT_NE(answer.body.find("TransactionCanceledException"), std::string::npos);
  EXPECT_NE(answer.body.find(R"("CancellationReasons":[{"Code":"None"},)"
                             R"({"Code":"TransactionConflict",)"
                             R"("Message":"Transaction is ongoing for the item"},)"
                             R"({"Code":"None"}])"),
            std::string::npos)
      << answer.body;
  EXPECT_NE(answer.body.find("[None, TransactionConflict, None]"), std::string::npos);
}

}  // namespace
}  // namespace monotable::server
