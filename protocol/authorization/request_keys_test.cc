// The keys a keyed item request computes on demand (request_keys.h) are the keys
// access_checks.h computes for it eagerly: the cached path of Authorizer and the
// general one see the same request context.
#include "protocol/authorization/request_keys.h"

#include <gtest/gtest.h>

#include "engine/testing/in_memory_engine.h"
#include "protocol/authorization/access_checks.h"
#include "protocol/operations.h"

namespace monotable::protocol::authorization {
namespace {

TEST(RequestKeys, ItemKeysMatchTheGeneralChecks) {
  auto engine = test_engine::OpenInMemory(std::make_unique<FakeClock>(1780000000000));
  ASSERT_NE(engine, nullptr);
  Protocol protocol(engine.get(), ProtocolOptions{});
  JsonParser parser;
  const CallerIdentity caller{"AKID", "us-east-1"};
  ASSERT_EQ(protocol
                .Handle("CreateTable", R"({"TableName":"Shop","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}]})",
                        caller, parser)
                .http_status,
            200);
  RequestContext ns{"AKID:us-east-1"};
  struct Case {
    std::string_view operation, key_member, body;
  };
  const Case cases[] = {
      {"GetItem", "Key", R"j({"TableName":"Shop","Key":{"PK":{"S":"u1"},"SK":{"S":"a"}}})j"},
      {"GetItem", "Key",
       R"j({"TableName":"Shop","Key":{"PK":{"S":"u1"},"SK":{"S":"a"}},
           "ProjectionExpression":"#t, price","ExpressionAttributeNames":{"#t":"title"},
           "ReturnConsumedCapacity":"TOTAL"})j"},
      {"GetItem", "Key",
       R"j({"TableName":"Shop","Key":{"PK":{"S":"u1"},"SK":{"S":"a"}},"AttributesToGet":["x"]})j"},
      {"PutItem", "Item",
       R"j({"TableName":"Shop","Item":{"PK":{"S":"u2"},"SK":{"S":"b"},"n":{"N":"1"}},
           "ConditionExpression":"attribute_not_exists(PK)","ReturnValues":"ALL_OLD"})j"},
      {"UpdateItem", "Key",
       R"j({"TableName":"Shop","Key":{"PK":{"S":"u3"},"SK":{"S":"c"}},
           "UpdateExpression":"SET a = :v, b.c = :v","ExpressionAttributeValues":{":v":{"N":"2"}}})j"},
      {"DeleteItem", "Key", R"j({"TableName":"Shop","Key":{"PK":{"S":"u4"},"SK":{"S":"d"}}})j"},
  };
  FakeClock clock(1780000000000);
  const CallerFacts facts{"AKID", "", false};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.body);
    auto request = parser.ParseObject(c.body);
    ASSERT_TRUE(request.ok());
    TableFacts tables(*engine, ns);
    CheckScope scope{"us-east-1", "000000000000", &tables};
    std::vector<AccessCheck> checks = ChecksFor(c.operation, *request, scope);
    ASSERT_EQ(checks.size(), 1u);
    auto definition = engine->SharedDefinitionOf(ns, "Shop");
    ASSERT_NE(definition, nullptr);
    CallerKeys caller_keys(facts, clock);
    ItemKeys lazy(*request, c.key_member, *definition, c.operation == "GetItem", caller_keys);
    for (const auto& key : checks[0].keys) {
      SCOPED_TRACE(key.name);
      const std::optional<iam::KeyValues> values = lazy.Find(key.name);
      ASSERT_TRUE(values.has_value());
      EXPECT_EQ(std::vector<std::string>(values->begin(), values->end()), key.values);
    }
    EXPECT_EQ(lazy.Find("dynamodb:Select").has_value(), c.operation == "GetItem");
    EXPECT_EQ(lazy.Find("dynamodb:ReturnValues").has_value(), c.operation != "GetItem");
  }
}

TEST(RequestKeys, CallerKeys) {
  FakeClock clock(1780000000000);
  const CallerFacts plain{"AKID", "127.0.0.1", false};
  CallerKeys keys(plain, clock);
  ASSERT_TRUE(keys.Find("aws:SourceIp").has_value());
  EXPECT_EQ(keys.Find("AWS:SOURCEIP")->front(), "127.0.0.1");
  EXPECT_EQ(keys.Find("aws:SecureTransport")->front(), "false");
  EXPECT_EQ(keys.Find("aws:CurrentTime")->front(), "2026-05-28T20:26:40Z");
  EXPECT_EQ(keys.Find("aws:EpochTime")->front(), "1780000000");
  EXPECT_FALSE(keys.Find("dynamodb:LeadingKeys").has_value());
  const CallerFacts unknown{"AKID", "", true};
  CallerKeys tls(unknown, clock);
  EXPECT_FALSE(tls.Find("aws:SourceIp").has_value());
  EXPECT_EQ(tls.Find("aws:SecureTransport")->front(), "true");
}

}  // namespace
}  // namespace monotable::protocol::authorization
