#include "bench/request_templates.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace monotable::bench {
namespace {

// The body of a complete request, checked against its Content-Length.
std::string_view BodyOf(std::string_view request) {
  const size_t head_end = request.find("\r\n\r\n");
  EXPECT_NE(head_end, std::string_view::npos);
  std::string_view body = request.substr(head_end + 4);
  EXPECT_NE(request.find("Content-Length: " + std::to_string(body.size()) + "\r\n"),
            std::string_view::npos);
  return body;
}

TEST(RequestTemplatesTest, BatchGetPutsEachKeyInItsSlot) {
  const RequestContext context{"127.0.0.1:8000", "peer_items", ""};
  RequestTemplate batch = MakeBatchGetTemplate(context, 3);
  ASSERT_EQ(batch.slots(), 3u);
  batch.SetKey(0, 7);
  batch.SetKey(1, 1234567890);
  batch.SetKey(2, 42);
  EXPECT_NE(batch.bytes().find("X-Amz-Target: DynamoDB_20120810.BatchGetItem\r\n"),
            std::string_view::npos);
  EXPECT_EQ(BodyOf(batch.bytes()), R"({"RequestItems":{"peer_items":{"Keys":[)"
                                   R"({"PK":{"S":"USER#0000000007"},"SK":{"S":"PROFILE"}},)"
                                   R"({"PK":{"S":"USER#1234567890"},"SK":{"S":"PROFILE"}},)"
                                   R"({"PK":{"S":"USER#0000000042"},"SK":{"S":"PROFILE"}}]}}})");
}

TEST(RequestTemplatesTest, GsiQueryAsksGsi1ForOneEmail) {
  const RequestContext context{"127.0.0.1:8000", "scale_profiles", ""};
  RequestTemplate query = MakeGsiQueryTemplate(context);
  ASSERT_EQ(query.slots(), 1u);
  query.SetKey(99);
  EXPECT_EQ(BodyOf(query.bytes()),
            R"({"TableName":"scale_profiles","IndexName":"GSI1",)"
            R"("KeyConditionExpression":"GSI1PK = :pk","ExpressionAttributeValues":)"
            R"({":pk":{"S":"EMAIL#user0000000099@example.com"}}})");
}

}  // namespace
}  // namespace monotable::bench
