// The policy grammar (reference_policies_grammar) and its validation errors.
#include "iam/policy.h"

#include <gtest/gtest.h>

#include "iam/wildcard.h"

namespace monotable::iam {
namespace {

std::string Error(std::string_view json, PolicyKind kind = PolicyKind::kIdentity) {
  auto p = ParsePolicy(json, kind);
  return p.ok() ? "ok" : p.status().message();
}

TEST(Policy, StatementObjectOrList) {
  auto one = ParsePolicy(R"({"Version":"2012-10-17","Statement":{"Sid":"A","Effect":"Allow",
    "Action":"DynamoDB:GetItem","Resource":"*"}})",
                         PolicyKind::kIdentity);
  ASSERT_TRUE(one.ok()) << one.status().message();
  ASSERT_EQ(one->statements.size(), 1u);
  EXPECT_EQ(one->statements[0].actions, std::vector<std::string>{"dynamodb:getitem"});
  EXPECT_TRUE(one->variables);
  auto two = ParsePolicy(R"({"Version":"2008-10-17","Statement":[
    {"Effect":"Deny","NotAction":["s3:*"],"NotResource":"arn:aws:s3:::b"},
    {"Effect":"Allow","Action":"*","Resource":"*","Condition":{"Bool":{"aws:SecureTransport":true}}}]})",
                         PolicyKind::kIdentity);
  ASSERT_TRUE(two.ok()) << two.status().message();
  EXPECT_FALSE(two->variables);
  EXPECT_TRUE(two->statements[0].not_action);
  EXPECT_TRUE(two->statements[0].not_resource);
  EXPECT_EQ(StatementName(two->statements[1]), "Statement[1]");
  EXPECT_EQ(two->statements[1].conditions[0].values, std::vector<std::string>{"true"});
}

TEST(Policy, ValidationErrors) {
  EXPECT_EQ(Error("{"), "Syntax errors in policy.");
  EXPECT_EQ(Error("[]"), "Syntax errors in policy.");
  EXPECT_EQ(Error(R"({"Version":"2012-10-17"})"), "Statement is empty!");
  EXPECT_EQ(Error(R"({"Version":"2012-10-17","Statement":[]})"), "Statement is empty!");
  EXPECT_EQ(Error(R"({"Version":"2020-01-01","Statement":[]})"),
            "The policy failed legacy parsing");
  EXPECT_EQ(Error(R"({"Statement":{"Action":"*","Resource":"*"}})"),
            "Missing required field Effect");
  EXPECT_EQ(Error(R"({"Statement":{"Effect":"Permit","Action":"*","Resource":"*"}})"),
            "Invalid effect: Permit");
  EXPECT_EQ(Error(R"({"Statement":{"Effect":"Allow","Resource":"*"}})"),
            "Missing required field Action");
  EXPECT_EQ(Error(R"({"Statement":{"Effect":"Allow","Action":"*"}})"),
            "Missing required field Resource");
  EXPECT_EQ(
      Error(R"({"Statement":{"Effect":"Allow","Action":"*","NotAction":"*","Resource":"*"}})"),
      "Syntax errors in policy.");
  EXPECT_EQ(
      Error(R"({"Statement":{"Effect":"Allow","Action":"*","Resource":"*","Principal":"*"}})"),
      "Policy document should not specify a principal.");
  EXPECT_EQ(Error(R"({"Statement":{"Effect":"Allow","Action":"*","Resource":"*"}})",
                  PolicyKind::kResource),
            "Missing required field Principal");
  EXPECT_EQ(Error(R"({"Statement":{"Effect":"Allow","Action":"*","Resource":"*","Color":"red"}})"),
            "Syntax errors in policy.");
  EXPECT_EQ(Error(R"({"Statement":[{"Sid":"a","Effect":"Allow","Action":"*","Resource":"*"},
    {"Sid":"a","Effect":"Deny","Action":"*","Resource":"*"}]})"),
            "Statement IDs (SID) in a single policy must be unique");
  EXPECT_EQ(Error(R"({"Statement":{"Effect":"Allow","Action":"*","Resource":"*",
    "Condition":{"StringSortOf":{"k":"v"}}}})"),
            "Unknown condition operator: StringSortOf");
  EXPECT_EQ(Error(R"({"Statement":{"Effect":"Allow","Action":"*","Resource":"*",
    "Principal":{"AWS":"alice"}}})",
                  PolicyKind::kResource),
            "Invalid principal in policy: \"AWS\":\"alice\"");
}

TEST(Policy, Principals) {
  auto p = ParsePolicy(R"({"Version":"2012-10-17","Statement":{"Effect":"Allow",
    "Principal":{"AWS":["111122223333","arn:aws:iam::444455556666:root",
    "arn:aws:iam::123456789012:user/alice"],"Service":"lambda.amazonaws.com"},
    "Action":"dynamodb:GetItem","Resource":"*"}})",
                       PolicyKind::kResource);
  ASSERT_TRUE(p.ok()) << p.status().message();
  const PrincipalSet& s = p->statements[0].principals;
  EXPECT_FALSE(s.anyone);
  EXPECT_EQ(s.accounts, (std::vector<std::string>{"111122223333", "444455556666"}));
  EXPECT_EQ(s.arns, std::vector<std::string>{"arn:aws:iam::123456789012:user/alice"});
}

TEST(Wildcard, GlobAndArns) {
  EXPECT_TRUE(GlobMatch("dynamodb:*", "dynamodb:GetItem"));
  EXPECT_TRUE(GlobMatch("dynamodb:get*", "DynamoDB:GetItem", true));
  EXPECT_FALSE(GlobMatch("dynamodb:get*", "DynamoDB:GetItem"));
  EXPECT_TRUE(GlobMatch("a?c", "abc"));
  EXPECT_FALSE(GlobMatch("a?c", "ac"));
  EXPECT_TRUE(GlobMatch("*a*b*", "xxaxxbxx"));
  EXPECT_FALSE(GlobMatch("*a*b", "xxaxxbxx"));
  EXPECT_TRUE(
      ArnMatch("arn:aws:dynamodb:*:*:table/*", "arn:aws:dynamodb:us-east-1:1:table/T/index/I"));
  EXPECT_FALSE(ArnMatch("arn:aws:dynamodb:*:table/*", "arn:aws:dynamodb:us-east-1:1:table/T"));
  EXPECT_TRUE(ArnMatch("*", "anything"));
}

TEST(Wildcard, Substitute) {
  RequestContext c;
  c.Set("aws:username", "alice");
  EXPECT_EQ(Substitute("home/${aws:username}/x", c), "home/alice/x");
  EXPECT_EQ(Substitute("${aws:userid}", c), std::nullopt);
  EXPECT_EQ(Substitute("${aws:userid, 'none'}", c), "none");
  auto literal = Substitute("a${*}b", c);
  ASSERT_TRUE(literal.has_value());
  EXPECT_TRUE(GlobMatch(*literal, "a*b"));
  EXPECT_FALSE(GlobMatch(*literal, "axb"));
  EXPECT_EQ(Substitute("cost${$}", c), "cost$");
}

}  // namespace
}  // namespace monotable::iam
