// Condition operators as reference_policies_elements_condition_operators and
// reference_policies_condition-single-vs-multi-valued-context-keys document them, and
// DynamoDB's fine-grained access control examples (specifying-conditions).
#include "iam/condition.h"

#include <gtest/gtest.h>

#include "iam/evaluator.h"

namespace monotable::iam {
namespace {

bool Holds(std::string_view op, std::string_view key, std::vector<std::string> values,
           const RequestContext& c) {
  ConditionClause clause;
  EXPECT_TRUE(ParseOperator(op, &clause).ok()) << op;
  clause.key = std::string(key);
  clause.values = std::move(values);
  return ConditionHolds(clause, c, /*variables=*/true);
}

TEST(Condition, StringOperators) {
  RequestContext c;
  c.Set("aws:PrincipalTag/team", "Blue");
  EXPECT_TRUE(Holds("StringEquals", "aws:principaltag/team", {"Red", "Blue"}, c));
  EXPECT_FALSE(Holds("StringEquals", "aws:PrincipalTag/team", {"blue"}, c));
  EXPECT_TRUE(Holds("StringEqualsIgnoreCase", "aws:PrincipalTag/team", {"blue"}, c));
  // A negated operator's values are NORed ("Evaluation logic for negated matching").
  EXPECT_FALSE(Holds("StringNotEquals", "aws:PrincipalTag/team", {"Red", "Blue"}, c));
  EXPECT_TRUE(Holds("StringNotEquals", "aws:PrincipalTag/team", {"Red"}, c));
  EXPECT_TRUE(Holds("StringLike", "aws:PrincipalTag/team", {"B*"}, c));
  EXPECT_TRUE(Holds("StringLike", "aws:PrincipalTag/team", {"Bl?e"}, c));
  EXPECT_TRUE(Holds("StringNotLike", "aws:PrincipalTag/team", {"R*"}, c));
}

// "If the key that you specify in a policy condition is not present in the request
// context, the values do not match and the condition is false. If the policy condition
// requires that the key is not matched, such as StringNotLike or ArnNotLike, and the
// right key is not present, the condition is true."
TEST(Condition, AbsentKeys) {
  RequestContext c;
  EXPECT_FALSE(Holds("StringEquals", "dynamodb:Select", {"SPECIFIC_ATTRIBUTES"}, c));
  EXPECT_TRUE(Holds("StringNotEquals", "dynamodb:Select", {"ALL_ATTRIBUTES"}, c));
  EXPECT_TRUE(Holds("StringEqualsIfExists", "dynamodb:Select", {"SPECIFIC_ATTRIBUTES"}, c));
  EXPECT_TRUE(Holds("Null", "aws:TokenIssueTime", {"true"}, c));
  EXPECT_FALSE(Holds("Null", "aws:TokenIssueTime", {"false"}, c));
  c.Set("dynamodb:Select", "ALL_ATTRIBUTES");
  EXPECT_FALSE(Holds("StringEqualsIfExists", "dynamodb:Select", {"SPECIFIC_ATTRIBUTES"}, c));
  EXPECT_TRUE(Holds("Null", "dynamodb:Select", {"false"}, c));
}

// reference_policies_condition-single-vs-multi-valued-context-keys: ForAllValues is
// true when every request value matches, and when the key is absent; ForAnyValue needs
// one match and is false for an absent key.
TEST(Condition, SetQualifiers) {
  RequestContext c;
  c.SetList("dynamodb:Attributes", {"UserId", "TopScore"});
  EXPECT_TRUE(Holds("ForAllValues:StringEquals", "dynamodb:Attributes",
                    {"UserId", "GameTitle", "TopScore"}, c));
  EXPECT_FALSE(Holds("ForAllValues:StringEquals", "dynamodb:Attributes", {"UserId"}, c));
  EXPECT_TRUE(Holds("ForAnyValue:StringEquals", "dynamodb:Attributes", {"TopScore"}, c));
  EXPECT_FALSE(Holds("ForAnyValue:StringEquals", "dynamodb:Attributes", {"Wins"}, c));
  EXPECT_TRUE(Holds("ForAllValues:StringNotEquals", "dynamodb:Attributes", {"Secret"}, c));
  EXPECT_FALSE(Holds("ForAllValues:StringNotEquals", "dynamodb:Attributes", {"TopScore"}, c));
  RequestContext empty;
  EXPECT_TRUE(Holds("ForAllValues:StringEquals", "dynamodb:LeadingKeys", {"u1"}, empty));
  EXPECT_FALSE(Holds("ForAnyValue:StringEquals", "dynamodb:LeadingKeys", {"u1"}, empty));
}

// specifying-conditions, example 1: dynamodb:LeadingKeys against ${www.amazon.com:user_id}.
TEST(Condition, LeadingKeysWithAPolicyVariable) {
  RequestContext c;
  c.Set("www.amazon.com:user_id", "amzn1.account.A");
  c.SetList("dynamodb:LeadingKeys", {"amzn1.account.A"});
  EXPECT_TRUE(
      Holds("ForAllValues:StringEquals", "dynamodb:LeadingKeys", {"${www.amazon.com:user_id}"}, c));
  c.SetList("dynamodb:LeadingKeys", {"amzn1.account.A", "amzn1.account.B"});
  EXPECT_FALSE(
      Holds("ForAllValues:StringEquals", "dynamodb:LeadingKeys", {"${www.amazon.com:user_id}"}, c));
  // An unresolved variable matches nothing; a default fills in.
  RequestContext anonymous;
  anonymous.SetList("dynamodb:LeadingKeys", {"guest"});
  EXPECT_FALSE(Holds("ForAllValues:StringEquals", "dynamodb:LeadingKeys",
                     {"${www.amazon.com:user_id}"}, anonymous));
  EXPECT_TRUE(Holds("ForAllValues:StringEquals", "dynamodb:LeadingKeys",
                    {"${www.amazon.com:user_id, 'guest'}"}, anonymous));
}

TEST(Condition, NumericDateBoolAndIp) {
  RequestContext c;
  c.Set("aws:MultiFactorAuthAge", "300");
  c.Set("aws:CurrentTime", "2026-06-01T12:00:00Z");
  c.Set("aws:EpochTime", "1780000000");
  c.Set("aws:SecureTransport", "false");
  c.Set("aws:SourceIp", "203.0.113.7");
  EXPECT_TRUE(Holds("NumericLessThan", "aws:MultiFactorAuthAge", {"3600"}, c));
  EXPECT_FALSE(Holds("NumericGreaterThan", "aws:MultiFactorAuthAge", {"3600"}, c));
  EXPECT_TRUE(Holds("NumericEquals", "aws:MultiFactorAuthAge", {"300.0"}, c));
  EXPECT_FALSE(Holds("NumericEquals", "aws:MultiFactorAuthAge", {"abc"}, c));
  EXPECT_TRUE(Holds("DateGreaterThan", "aws:CurrentTime", {"2026-01-01T00:00:00Z"}, c));
  EXPECT_TRUE(Holds("DateLessThan", "aws:CurrentTime", {"2026-06-01T14:00:00+01:00"}, c));
  EXPECT_TRUE(Holds("DateLessThanEquals", "aws:CurrentTime", {"2026-06-01"}, c) == false);
  EXPECT_TRUE(Holds("DateGreaterThan", "aws:EpochTime", {"2026-01-01T00:00:00Z"}, c));
  EXPECT_TRUE(Holds("Bool", "aws:SecureTransport", {"false"}, c));
  EXPECT_FALSE(Holds("Bool", "aws:SecureTransport", {"true"}, c));
  EXPECT_TRUE(Holds("IpAddress", "aws:SourceIp", {"203.0.113.0/24"}, c));
  EXPECT_FALSE(Holds("IpAddress", "aws:SourceIp", {"198.51.100.0/24"}, c));
  EXPECT_TRUE(Holds("NotIpAddress", "aws:SourceIp", {"198.51.100.0/24"}, c));
  c.Set("aws:SourceIp", "2001:db8::1");
  EXPECT_TRUE(Holds("IpAddress", "aws:SourceIp", {"2001:DB8::/32"}, c));
  EXPECT_FALSE(Holds("IpAddress", "aws:SourceIp", {"203.0.113.0/24"}, c));
}

TEST(Condition, ArnOperators) {
  RequestContext c;
  c.Set("aws:PrincipalArn", "arn:aws:iam::123456789012:role/app/reader");
  EXPECT_TRUE(Holds("ArnLike", "aws:PrincipalArn", {"arn:aws:iam::*:role/app/*"}, c));
  EXPECT_TRUE(
      Holds("ArnEquals", "aws:PrincipalArn", {"arn:aws:iam::123456789012:role/app/reader"}, c));
  EXPECT_FALSE(Holds("ArnLike", "aws:PrincipalArn", {"arn:aws:iam::*:user/*"}, c));
  EXPECT_TRUE(Holds("ArnNotLike", "aws:PrincipalArn", {"arn:aws:iam::*:user/*"}, c));
}

TEST(Condition, UnknownOperator) {
  ConditionClause clause;
  Status s = ParseOperator("StringSortOf", &clause);
  EXPECT_EQ(s.message(), "Unknown condition operator: StringSortOf");
}

// reference_policies_examples_dynamodb_attributes: the attribute-limited reader, whole.
TEST(Condition, AttributeLimitedReaderPolicy) {
  auto p = ParsePolicy(R"({"Version":"2012-10-17","Statement":[{"Effect":"Allow",
    "Action":["dynamodb:GetItem","dynamodb:Query"],"Resource":["arn:aws:dynamodb:*:*:table/GameScores"],
    "Condition":{"ForAllValues:StringEquals":{"dynamodb:Attributes":["UserId","GameTitle","TopScore"]},
    "StringEqualsIfExists":{"dynamodb:Select":"SPECIFIC_ATTRIBUTES"}}}]})",
                       PolicyKind::kIdentity);
  ASSERT_TRUE(p.ok()) << p.status().message();
  RequestContext c;
  c.principal_arn = "arn:aws:iam::123456789012:user/reader";
  c.principal_account = c.resource_account = "123456789012";
  c.action = "dynamodb:GetItem";
  c.resource = "arn:aws:dynamodb:us-west-2:123456789012:table/GameScores";
  c.SetList("dynamodb:Attributes", {"UserId", "TopScore"});
  c.Set("dynamodb:Select", "SPECIFIC_ATTRIBUTES");
  EXPECT_TRUE(Evaluate({{&*p}}, c).allowed());
  c.Set("dynamodb:Select", "ALL_ATTRIBUTES");
  EXPECT_FALSE(Evaluate({{&*p}}, c).allowed());
  c.Set("dynamodb:Select", "SPECIFIC_ATTRIBUTES");
  c.SetList("dynamodb:Attributes", {"UserId", "PersonalDetails"});
  EXPECT_FALSE(Evaluate({{&*p}}, c).allowed());
}

}  // namespace
}  // namespace monotable::iam
