// The evaluator against cases from AWS's documentation of policy evaluation; each test
// names the page it comes from.
#include "iam/evaluator.h"

#include <gtest/gtest.h>

#include <deque>

namespace monotable::iam {
namespace {

Policy Identity(std::string_view json) {
  auto p = ParsePolicy(json, PolicyKind::kIdentity);
  EXPECT_TRUE(p.ok()) << p.status().message();
  return p.ok() ? std::move(*p) : Policy{};
}

Policy Resource(std::string_view json) {
  auto p = ParsePolicy(json, PolicyKind::kResource);
  EXPECT_TRUE(p.ok()) << p.status().message();
  return p.ok() ? std::move(*p) : Policy{};
}

// A context's strings are views: the tests' live as long as the test binary.
std::string_view Kept(std::string text) {
  static std::deque<std::string> kept;
  return kept.emplace_back(std::move(text));
}

RequestContext Alice(std::string action, std::string resource) {
  RequestContext c;
  c.principal_arn = "arn:aws:iam::123456789012:user/alice";
  c.principal_account = "123456789012";
  c.resource_account = "123456789012";
  c.action = Kept(std::move(action));
  c.resource = Kept(std::move(resource));
  c.Set("aws:username", "alice");
  return c;
}

// The administrator's policy: every DynamoDB action on every resource.
Policy AllowAll() {
  return Identity(R"({"Version":"2012-10-17","Statement":{"Effect":"Allow",
    "Action":"dynamodb:*","Resource":"*"}})");
}

constexpr std::string_view kShop = "arn:aws:dynamodb:us-east-1:123456789012:table/Shop";

// reference_policies_evaluation-logic_AccessPolicyLanguage_Interplay ("The difference
// between explicit and implicit denies"): Get*/List* allowed, *Report* denied, the rest
// implicitly denied.
TEST(Evaluator, ExplicitAndImplicitDenies) {
  Policy p = Identity(R"({"Version":"2012-10-17","Statement":[
    {"Sid":"AllowGetList","Effect":"Allow","Action":["iam:Get*","iam:List*"],"Resource":"*"},
    {"Sid":"DenyReports","Effect":"Deny","Action":"iam:*Report","Resource":"*"}]})");
  ApplicablePolicies policies{{&p}};
  auto d = Evaluate(policies, Alice("iam:GetUser", "*"));
  EXPECT_TRUE(d.allowed());
  EXPECT_EQ(DescribeDecision(d), "allow by identity[0] AllowGetList");
  d = Evaluate(policies, Alice("iam:GetCredentialReport", "*"));
  EXPECT_EQ(d.outcome, Outcome::kExplicitDenyIdentity);
  EXPECT_EQ(StatementName(*d.statement), "DenyReports");
  EXPECT_EQ(Evaluate(policies, Alice("iam:CreatePolicy", "*")).outcome, Outcome::kNoIdentityAllow);
}

// The AccessDeniedException forms; the implicit one as DynamoDB answers it (issue 36;
// aws-sdk-java users quote "... because no identity-based policy allows the
// dynamodb:Query action", AntonShuvaev/intellij-dynamodb#29).
TEST(Evaluator, AccessDeniedMessages) {
  Policy none = Identity(R"({"Version":"2012-10-17","Statement":{"Effect":"Allow",
    "Action":"dynamodb:GetItem","Resource":"*"}})");
  auto c = Alice("dynamodb:PutItem", std::string(kShop));
  auto d = Evaluate({{&none}}, c);
  EXPECT_EQ(AccessDeniedMessage(d, c),
            "User: arn:aws:iam::123456789012:user/alice is not authorized to perform: "
            "dynamodb:PutItem on resource: arn:aws:dynamodb:us-east-1:123456789012:table/Shop "
            "because no identity-based policy allows the dynamodb:PutItem action");
  Policy deny = Identity(R"({"Version":"2012-10-17","Statement":{"Effect":"Deny",
    "Action":"dynamodb:*","Resource":"*"}})");
  d = Evaluate({{&none, &deny}}, c);
  EXPECT_EQ(AccessDeniedMessage(d, c),
            "User: arn:aws:iam::123456789012:user/alice is not authorized to perform: "
            "dynamodb:PutItem on resource: arn:aws:dynamodb:us-east-1:123456789012:table/Shop "
            "with an explicit deny in an identity-based policy");
  EXPECT_EQ(DescribeDecision(d), "deny by identity[1] Statement[0]");
}

// reference_policies_evaluation-logic_policy-eval-basics: "If either the identity-based
// policy or the resource-based policy within the same account allows the request and
// the other doesn't, the request is still allowed."
TEST(Evaluator, SameAccountUnionOfIdentityAndResource) {
  Policy nothing = Identity(R"({"Version":"2012-10-17","Statement":{"Effect":"Allow",
    "Action":"dynamodb:DescribeTable","Resource":"*"}})");
  Policy table = Resource(R"({"Version":"2012-10-17","Statement":{"Effect":"Allow",
    "Principal":{"AWS":"arn:aws:iam::123456789012:user/alice"},"Action":"dynamodb:GetItem",
    "Resource":"*"}})");
  auto d = Evaluate({{&nothing}, nullptr, &table}, Alice("dynamodb:GetItem", std::string(kShop)));
  EXPECT_TRUE(d.allowed());
  EXPECT_EQ(PolicyName(d), "resource");
  Policy deny = Resource(R"({"Version":"2012-10-17","Statement":{"Effect":"Deny",
    "Principal":"*","Action":"dynamodb:DeleteItem","Resource":"*"}})");
  Policy all = AllowAll();
  auto c = Alice("dynamodb:DeleteItem", std::string(kShop));
  d = Evaluate({{&all}, nullptr, &deny}, c);
  EXPECT_EQ(d.outcome, Outcome::kExplicitDenyResource);
  EXPECT_EQ(AccessDeniedMessage(d, c),
            "User: arn:aws:iam::123456789012:user/alice is not authorized to perform: "
            "dynamodb:DeleteItem on resource: arn:aws:dynamodb:us-east-1:123456789012:table/Shop "
            "with an explicit deny in a resource-based policy");
}

// reference_policies_evaluation-logic-cross-account: "the identity-based policy and the
// resource-based policy must both allow" (rbac-examples, "Resource-based policy for
// cross-account access").
TEST(Evaluator, CrossAccountNeedsBothSides) {
  Policy all = AllowAll();
  Policy admits = Resource(R"({"Version":"2012-10-17","Statement":{"Effect":"Allow",
    "Principal":{"AWS":"arn:aws:iam::111122223333:root"},"Action":"dynamodb:GetItem",
    "Resource":"*"}})");
  RequestContext bob = Alice("dynamodb:GetItem", std::string(kShop));
  bob.principal_arn = "arn:aws:iam::111122223333:user/bob";
  bob.principal_account = "111122223333";
  EXPECT_EQ(Evaluate({{&all}}, bob).outcome, Outcome::kNoResourceAllow);
  EXPECT_TRUE(Evaluate({{&all}, nullptr, &admits}, bob).allowed());
  EXPECT_EQ(Evaluate({{}, nullptr, &admits}, bob).outcome, Outcome::kNoIdentityAllow);
  bob.action = "dynamodb:PutItem";
  auto d = Evaluate({{&all}, nullptr, &admits}, bob);
  EXPECT_EQ(AccessDeniedMessage(d, bob),
            "User: arn:aws:iam::111122223333:user/bob is not authorized to perform: "
            "dynamodb:PutItem on resource: arn:aws:dynamodb:us-east-1:123456789012:table/Shop "
            "because no resource-based policy allows the dynamodb:PutItem action");
}

// access_policies_boundaries: "the effective permissions are the intersection of the
// identity-based policy and the permissions boundary"; a resource-based policy naming
// the user's ARN is not limited by the boundary's implicit deny.
TEST(Evaluator, PermissionsBoundary) {
  Policy all = AllowAll();
  Policy reads = Identity(R"({"Version":"2012-10-17","Statement":{"Effect":"Allow",
    "Action":["dynamodb:GetItem","dynamodb:Query"],"Resource":"*"}})");
  ApplicablePolicies policies{{&all}, &reads};
  EXPECT_TRUE(Evaluate(policies, Alice("dynamodb:GetItem", std::string(kShop))).allowed());
  auto c = Alice("dynamodb:PutItem", std::string(kShop));
  auto d = Evaluate(policies, c);
  EXPECT_EQ(AccessDeniedMessage(d, c),
            "User: arn:aws:iam::123456789012:user/alice is not authorized to perform: "
            "dynamodb:PutItem on resource: arn:aws:dynamodb:us-east-1:123456789012:table/Shop "
            "because no permissions boundary allows the dynamodb:PutItem action");
  Policy by_arn = Resource(R"({"Version":"2012-10-17","Statement":{"Effect":"Allow",
    "Principal":{"AWS":"arn:aws:iam::123456789012:user/alice"},"Action":"dynamodb:PutItem",
    "Resource":"*"}})");
  policies.resource = &by_arn;
  EXPECT_TRUE(Evaluate(policies, c).allowed());
  Policy by_account = Resource(R"({"Version":"2012-10-17","Statement":{"Effect":"Allow",
    "Principal":{"AWS":"123456789012"},"Action":"dynamodb:PutItem","Resource":"*"}})");
  policies.resource = &by_account;
  EXPECT_EQ(Evaluate(policies, c).outcome, Outcome::kNoBoundaryAllow);
}

// reference_policies_elements_notaction / _notresource: NotAction allows every action
// but the listed; NotResource every resource but the listed.
TEST(Evaluator, NotActionAndNotResource) {
  Policy p = Identity(R"({"Version":"2012-10-17","Statement":[
    {"Effect":"Allow","NotAction":"dynamodb:Delete*","Resource":"*"},
    {"Effect":"Deny","Action":"dynamodb:*","NotResource":"arn:aws:dynamodb:*:*:table/Shop*"}]})");
  EXPECT_TRUE(Evaluate({{&p}}, Alice("dynamodb:PutItem", std::string(kShop))).allowed());
  EXPECT_EQ(Evaluate({{&p}}, Alice("dynamodb:DeleteItem", std::string(kShop))).outcome,
            Outcome::kNoIdentityAllow);
  EXPECT_EQ(Evaluate({{&p}}, Alice("dynamodb:GetItem",
                                   "arn:aws:dynamodb:us-east-1:123456789012:table/Other"))
                .outcome,
            Outcome::kExplicitDenyIdentity);
  // Action names are not case-sensitive (reference_policies_elements_action).
  EXPECT_TRUE(Evaluate({{&p}}, Alice("DynamoDB:putitem", std::string(kShop))).allowed());
}

// DynamoDB's resources (list_amazondynamodb, "Resource types"): an index ARN is the
// table's ARN and /index/<name>; "table/Shop" alone does not cover it, ".../index/*" does.
TEST(Evaluator, IndexAndStreamResources) {
  Policy p = Identity(R"({"Version":"2012-10-17","Statement":{"Effect":"Allow",
    "Action":"dynamodb:Query","Resource":["arn:aws:dynamodb:us-east-1:123456789012:table/Shop",
    "arn:aws:dynamodb:us-east-1:123456789012:table/Shop/index/*"]}})");
  EXPECT_TRUE(
      Evaluate({{&p}}, Alice("dynamodb:Query", std::string(kShop) + "/index/ByDate")).allowed());
  Policy table_only = Identity(R"({"Version":"2012-10-17","Statement":{"Effect":"Allow",
    "Action":"dynamodb:Query","Resource":"arn:aws:dynamodb:us-east-1:123456789012:table/Shop"}})");
  EXPECT_FALSE(
      Evaluate({{&table_only}}, Alice("dynamodb:Query", std::string(kShop) + "/index/ByDate"))
          .allowed());
  // Each ARN component matches alone: a * in the region never swallows the account.
  Policy any_region = Identity(R"({"Version":"2012-10-17","Statement":{"Effect":"Allow",
    "Action":"dynamodb:GetRecords","Resource":"arn:aws:dynamodb:*:123456789012:table/Shop/stream/*"}})");
  EXPECT_TRUE(
      Evaluate({{&any_region}},
               Alice("dynamodb:GetRecords", std::string(kShop) + "/stream/2026-01-01T00:00:00.000"))
          .allowed());
}

// reference_policies_variables: ${aws:username} in a Resource ("Allows a user to access
// their own table"), and the default value form ${key, 'default'}.
TEST(Evaluator, PolicyVariablesInResources) {
  Policy p = Identity(R"({"Version":"2012-10-17","Statement":{"Effect":"Allow",
    "Action":"dynamodb:*","Resource":"arn:aws:dynamodb:*:*:table/${aws:username}-*"}})");
  EXPECT_TRUE(Evaluate({{&p}}, Alice("dynamodb:GetItem",
                                     "arn:aws:dynamodb:us-east-1:123456789012:table/alice-notes"))
                  .allowed());
  EXPECT_FALSE(Evaluate({{&p}}, Alice("dynamodb:GetItem",
                                      "arn:aws:dynamodb:us-east-1:123456789012:table/bob-notes"))
                   .allowed());
  // Version 2008-10-17 (or none) takes ${...} literally.
  Policy legacy = Identity(R"({"Statement":{"Effect":"Allow","Action":"dynamodb:*",
    "Resource":"arn:aws:dynamodb:*:*:table/${aws:username}-*"}})");
  EXPECT_FALSE(
      Evaluate({{&legacy}}, Alice("dynamodb:GetItem",
                                  "arn:aws:dynamodb:us-east-1:123456789012:table/alice-notes"))
          .allowed());
}

// A pre-match kept per principal (resolve_principal_variables) decides as Evaluate
// does: ${aws:username} resolved once, conditions on the principal's tags decided once,
// a variable naming a request key (the item's partition, the caller's address) still
// looked up per request.
TEST(Evaluator, PrematchedWithResolvedVariablesDecidesAsEvaluate) {
  Policy p = Identity(R"({"Version":"2012-10-17","Statement":[
    {"Sid":"Own","Effect":"Allow","Action":"dynamodb:GetItem",
     "Resource":"arn:aws:dynamodb:*:*:table/${aws:username}-*",
     "Condition":{"ForAllValues:StringEquals":{"dynamodb:LeadingKeys":["${aws:username}"]}}},
    {"Sid":"Echo","Effect":"Allow","Action":"dynamodb:GetItem","Resource":"*",
     "Condition":{"StringEquals":{"dynamodb:LeadingKeys":"${aws:SourceIp}"}}},
    {"Sid":"Never","Effect":"Deny","Action":"dynamodb:GetItem","Resource":"*",
     "Condition":{"StringEquals":{"dynamodb:LeadingKeys":"${aws:username}-banned"}}},
    {"Sid":"Team","Effect":"Allow","Action":"dynamodb:GetItem","Resource":"*",
     "Condition":{"StringEquals":{"aws:PrincipalTag/team":"blue","dynamodb:LeadingKeys":"shared"}}},
    {"Sid":"OtherTeam","Effect":"Deny","Action":"dynamodb:GetItem","Resource":"*",
     "Condition":{"StringEquals":{"aws:PrincipalTag/team":"red"}}}]})");
  const std::vector<ContextKey> principal = {{"aws:username", {"alice"}},
                                             {"aws:PrincipalTag/team", {"blue"}}};
  struct Case {
    std::string resource, leading_key, source_ip;
    Outcome outcome;
  };
  const std::string notes = "arn:aws:dynamodb:us-east-1:123456789012:table/alice-notes";
  const Case cases[] = {
      {notes, "alice", "", Outcome::kAllowed},
      {notes, "bob", "", Outcome::kNoIdentityAllow},
      {notes, "bob", "bob", Outcome::kAllowed},
      {notes, "alice-banned", "", Outcome::kExplicitDenyIdentity},
      {std::string(kShop), "alice", "", Outcome::kNoIdentityAllow},
      {std::string(kShop), "shared", "", Outcome::kAllowed},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.resource + " " + c.leading_key);
    RequestContext context = Alice("dynamodb:GetItem", c.resource);
    context.keys.clear();
    context.principal_keys = &principal;
    context.Set("dynamodb:LeadingKeys", c.leading_key);
    if (!c.source_ip.empty()) context.Set("aws:SourceIp", c.source_ip);
    const Decision reference = Evaluate({{&p}}, context);
    const Prematched kept = Prematch({{&p}}, context, /*resolve_principal_variables=*/true);
    const Decision decision = EvaluatePrematched(kept, context);
    EXPECT_EQ(reference.outcome, c.outcome);
    EXPECT_EQ(decision.outcome, reference.outcome);
    EXPECT_EQ(decision.statement, reference.statement);
  }
}

}  // namespace
}  // namespace monotable::iam
