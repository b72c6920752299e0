#include "protocol/policy_document.h"

#include <gtest/gtest.h>

namespace monotable::protocol {
namespace {

std::string ReasonOf(std::string_view document) {
  auto r = CheckPolicyDocument(document);
  EXPECT_FALSE(r.ok()) << document;
  return r.ok() ? "" : r.status().message();
}

TEST(PolicyDocumentTest, MinifiesAValidPolicyKeepingItsOrder) {
  auto r = CheckPolicyDocument(
      "{\n  \"Version\": \"2012-10-17\",\n  \"Statement\": {\"Effect\": \"Allow\", "
      "\"Resource\": \"*\", \"Action\": \"dynamodb:*\"}\n}");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(*r, R"({"Version":"2012-10-17","Statement":{"Effect":"Allow","Resource":"*",)"
                R"("Action":"dynamodb:*"}})");
}

TEST(PolicyDocumentTest, Reasons) {
  const std::string p = "One or more parameter values were invalid: Invalid policy document: ";
  EXPECT_EQ(ReasonOf("{"), p + "This policy contains invalid Json");
  EXPECT_EQ(ReasonOf("[]"), p + "This policy contains invalid Json");
  EXPECT_EQ(ReasonOf("null"), p + "This text appears not to be a policy");
  EXPECT_EQ(ReasonOf("{}"), p + "Could not parse the policy: Statement is empty!");
  EXPECT_EQ(ReasonOf(R"({"Statement":[]})"), p + "Could not parse the policy: Statement is empty!");
  EXPECT_EQ(ReasonOf(R"({"Statement":[{"Resource":"*"}]})"), p + "Missing required field Effect");
  EXPECT_EQ(ReasonOf(R"({"Statement":[{"Effect":"Deny"}]})"),
            p + "Missing required field Resource");
  EXPECT_EQ(ReasonOf(R"({"Statement":[1]})"), p + "This policy contains invalid Json");
  EXPECT_EQ(ReasonOf(R"({"Statement":[{"Sid":"a","Effect":"Allow","Resource":"*"},)"
                     R"({"Sid":"a","Effect":"Deny","NotResource":"x"}]})"),
            p + "The Statement Ids in the policy are not unique");
  EXPECT_EQ(ReasonOf(std::string(kMaxPolicyBytes + 1, ' ')),
            "One or more parameter values were invalid: Maximum policy size of 20480 bytes "
            "exceeded");
}

}  // namespace
}  // namespace monotable::protocol
