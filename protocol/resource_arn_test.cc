#include "protocol/resource_arn.h"

#include <gtest/gtest.h>

namespace monotable::protocol {
namespace {

const std::string kTable = "arn:aws:dynamodb:us-east-1:000000000000:table/Orders";

Status Resolve(const std::string& arn, ArnUse use) {
  auto r = ResolveTableArn(arn, "us-east-1", "000000000000", use);
  return r.ok() ? Status::Ok() : r.status();
}

TEST(ResourceArnTest, ResolvesATableArn) {
  auto r = ResolveTableArn(kTable, "us-east-1", "000000000000", ArnUse::kTags);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->table_name, "Orders");
}

TEST(ResourceArnTest, ErrorsInDynamoDbsOrderAndWording) {
  const std::string invalid = "One or more parameter values were invalid: ";
  EXPECT_EQ(Resolve("Orders", ArnUse::kTags).message(),
            invalid + "ARNs must start with 'arn:': Orders");
  EXPECT_EQ(Resolve("arn:aws:s3:::b", ArnUse::kPolicy).message(),
            invalid + "Provided Arn is not a DynamoDB resource arn: arn:aws:s3:::b");
  const std::string other_account = "arn:aws:dynamodb:eu-west-1:111111111111:table/Orders";
  EXPECT_EQ(Resolve(other_account, ArnUse::kTags).code(), ErrorCode::kAccessDenied);
  EXPECT_EQ(Resolve(other_account, ArnUse::kPolicy).message(),
            "This action is only supported by accounts that match the resource owner’s account.");
  const std::string other_region = "arn:aws:dynamodb:eu-west-1:000000000000:table/Orders";
  EXPECT_EQ(Resolve(other_region, ArnUse::kTags).message(),
            "Invalid TableArn: Invalid ResourceArn provided as input " + other_region);
  EXPECT_EQ(Resolve(other_region, ArnUse::kPolicy).message(),
            invalid + "Invalid resource Arn: " + other_region);
  EXPECT_EQ(
      Resolve("arn:aws-cn:dynamodb:us-east-1:000000000000:table/Orders", ArnUse::kPolicy).code(),
      ErrorCode::kValidation);
  EXPECT_EQ(Resolve(kTable + "/index/byDate", ArnUse::kPolicy).message(),
            invalid +
                "Invalid resource arn provided, only table or stream is accepted. Provided "
                "resource arn: " +
                kTable + "/index/byDate");
  EXPECT_EQ(Resolve(kTable + "/stream/2024-01-01T00:00:00.000", ArnUse::kPolicy).message(),
            "Requested resource not found: Stream: 2024-01-01T00:00:00.000 not found for Table: "
            "Orders");
  EXPECT_EQ(Resolve("arn:aws:dynamodb:us-east-1:000000000000:table/", ArnUse::kTags).code(),
            ErrorCode::kValidation);
  EXPECT_EQ(Resolve("arn:aws:dynamodb:us-east-1:000000000000:backup/x", ArnUse::kTags).code(),
            ErrorCode::kValidation);
}

}  // namespace
}  // namespace monotable::protocol
