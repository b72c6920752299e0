#include "server/dynamodb_local.h"

#include <gtest/gtest.h>

#include <string>

namespace monotable::server {
namespace {

// DynamoDB Local 2.x's lines, tab after each colon, in its order, an empty line last.
TEST(DynamoDbLocalBannerTest, NamesTheSettingsInForceInDynamoDbLocalsOrder) {
  Config config;
  config.db_path = "/data";
  EXPECT_EQ(DynamoDbLocalBanner(config, 8000),
            "Initializing DynamoDB Local with the following configuration:\n"
            "Port:\t8000\n"
            "InMemory:\tfalse\n"
            "Version:\tmonotable\n"
            "DbPath:\t/data\n"
            "SharedDb:\tfalse\n"
            "shouldDelayTransientStatuses:\tfalse\n"
            "CorsParams:\tnull\n"
            "\n");
}

TEST(DynamoDbLocalBannerTest, InMemorySharedWithCorsAndTheBoundPort) {
  Config config;
  config.in_memory = true;
  config.shared_db = true;
  config.cors_origins = "*";
  const std::string banner = DynamoDbLocalBanner(config, 41234);
  EXPECT_NE(banner.find("\nPort:\t41234\n"), std::string::npos) << banner;
  EXPECT_NE(banner.find("\nInMemory:\ttrue\n"), std::string::npos) << banner;
  EXPECT_NE(banner.find("\nDbPath:\tnull\n"), std::string::npos) << banner;
  EXPECT_NE(banner.find("\nSharedDb:\ttrue\n"), std::string::npos) << banner;
  EXPECT_NE(banner.find("\nCorsParams:\t*\n"), std::string::npos) << banner;
}

TEST(DynamoDbLocalRootAnswerTest, OnlyThe400WithItsErrorCounts) {
  EXPECT_TRUE(IsDynamoDbLocalRootAnswer(400, kDynamoDbLocalRootBody));
  // DynamoDB Local 1.x wrote "message" in lower case: the type is what counts.
  EXPECT_TRUE(IsDynamoDbLocalRootAnswer(
      400, R"({"__type":"com.amazonaws.dynamodb.v20120810#MissingAuthenticationToken",)"
           R"("message":"Request must contain either a valid (registered) AWS access key )"
           R"(ID or X.509 certificate."})"));
  EXPECT_FALSE(IsDynamoDbLocalRootAnswer(403, kDynamoDbLocalRootBody));
  EXPECT_FALSE(IsDynamoDbLocalRootAnswer(400, "Bad Request"));
  EXPECT_FALSE(IsDynamoDbLocalRootAnswer(
      400, R"({"__type":"com.amazon.coral.validate#ValidationException","message":"x"})"));
}

}  // namespace
}  // namespace monotable::server
