#include "iam/principals.h"

#include <gtest/gtest.h>

namespace monotable::iam {
namespace {

TEST(Principals, ParsesTheIssueOutline) {
  auto p = ParsePrincipals(R"({"principals":[{"accessKeyId":"AKIDALICE","secretAccessKey":"s",
    "arn":"arn:aws:iam::123456789012:user/team/alice",
    "policies":[{"Version":"2012-10-17","Statement":{"Effect":"Allow","Action":"dynamodb:*","Resource":"*"}}],
    "permissionsBoundary":{"Version":"2012-10-17","Statement":{"Effect":"Allow","Action":"dynamodb:Get*","Resource":"*"}},
    "tags":{"team":"blue"},"context":{"www.amazon.com:user_id":"u1"}},
    {"accessKeyId":"AKIDBOB","secretAccessKey":"t","arn":"arn:aws:iam::111122223333:role/app"}]})");
  ASSERT_TRUE(p.ok()) << p.status().message();
  EXPECT_EQ(p->account_id, "123456789012");
  const Principal* alice = p->Find("AKIDALICE");
  ASSERT_NE(alice, nullptr);
  EXPECT_EQ(alice->account, "123456789012");
  EXPECT_EQ(alice->user_name, "alice");
  EXPECT_EQ(alice->policies.size(), 1u);
  EXPECT_TRUE(alice->boundary.has_value());
  RequestContext c;
  c.keys = alice->keys;
  ASSERT_TRUE(c.Find("aws:principaltag/team").has_value());
  EXPECT_EQ(c.Find("aws:PrincipalTag/team")->front(), "blue");
  EXPECT_EQ(c.Find("www.amazon.com:user_id")->front(), "u1");
  EXPECT_EQ(c.Find("aws:username")->front(), "alice");
  const Principal* bob = p->Find("AKIDBOB");
  ASSERT_NE(bob, nullptr);
  EXPECT_EQ(bob->account, "111122223333");
  EXPECT_TRUE(bob->user_name.empty());
  EXPECT_EQ(p->Find("AKIDNOBODY"), nullptr);
}

TEST(Principals, Errors) {
  auto error = [](std::string_view json) {
    auto p = ParsePrincipals(json);
    return p.ok() ? std::string("ok") : p.status().message();
  };
  EXPECT_EQ(error("nope"), "the file is not a JSON object");
  EXPECT_EQ(error(R"({"principals":{}})"), "principals must be a list");
  EXPECT_EQ(error(R"({"principals":[{"accessKeyId":"A","secretAccessKey":"s","arn":"alice"}]})"),
            "principals[0]: arn must be an IAM ARN (arn:aws:iam::<account>:...)");
  EXPECT_EQ(
      error(R"({"principals":[{"accessKeyId":"A","arn":"arn:aws:iam::123456789012:user/a"}]})"),
      "principals[0]: secretAccessKey must be a non-empty string");
  EXPECT_EQ(error(R"({"principals":[
    {"accessKeyId":"A","secretAccessKey":"s","arn":"arn:aws:iam::123456789012:user/a"},
    {"accessKeyId":"A","secretAccessKey":"s","arn":"arn:aws:iam::123456789012:user/b"}]})"),
            "principals[1]: accessKeyId A appears twice");
  EXPECT_EQ(error(R"({"principals":[{"accessKeyId":"A","secretAccessKey":"s",
    "arn":"arn:aws:iam::123456789012:user/a","policies":[{"Statement":{"Action":"*","Resource":"*"}}]}]})"),
            "principals[0].policies[0]: Missing required field Effect");
  EXPECT_EQ(error(R"({"accountId":"12","principals":[]})"), "accountId must be 12 digits");
}

}  // namespace
}  // namespace monotable::iam
