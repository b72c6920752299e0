// libFuzzer harness: the IAM policy parser (iam/policy.h). The input is a policy
// document; it is parsed as an identity-based and as a resource-based policy, and what
// parses is evaluated against a fixed request context with every kind of context key
// (strings, lists, numbers, dates, addresses, ARNs), so the condition operators, the
// wildcard matcher and the policy variables see what the parser accepts. A finding is
// a crash, a sanitizer report, or a decision that is not one of the documented outcomes.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "iam/evaluator.h"
#include "iam/policy.h"

namespace iam = monotable::iam;

namespace {

const iam::RequestContext& Context() {
  static const iam::RequestContext context = [] {
    iam::RequestContext c;
    c.principal_arn = "arn:aws:iam::123456789012:user/alice";
    c.principal_account = "123456789012";
    c.resource_account = "123456789012";
    c.action = "dynamodb:GetItem";
    c.resource = "arn:aws:dynamodb:us-east-1:123456789012:table/Shop";
    c.Set("aws:username", "alice");
    c.Set("aws:PrincipalArn", std::string(c.principal_arn));
    c.Set("aws:SourceIp", "127.0.0.1");
    c.Set("aws:CurrentTime", "2026-06-01T12:00:00Z");
    c.Set("aws:EpochTime", "1780315200");
    c.Set("aws:SecureTransport", "false");
    c.SetList("dynamodb:LeadingKeys", {"alice"});
    c.SetList("dynamodb:Attributes", {"PK", "SK", "name"});
    c.Set("dynamodb:Select", "SPECIFIC_ATTRIBUTES");
    return c;
  }();
  return context;
}

void Check(const iam::Policy& policy, bool as_resource) {
  iam::ApplicablePolicies policies;
  if (as_resource) {
    policies.resource = &policy;
  } else {
    policies.identity.push_back(&policy);
    policies.boundary = &policy;
  }
  const iam::Decision d = iam::Evaluate(policies, Context());
  if (d.outcome == iam::Outcome::kAllowed && d.statement == nullptr) std::abort();
  if (!d.allowed() && iam::AccessDeniedMessage(d, Context()).empty()) std::abort();
  (void)iam::DescribeDecision(d);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (auto p = iam::ParsePolicy(text, iam::PolicyKind::kIdentity); p.ok()) Check(*p, false);
  if (auto p = iam::ParsePolicy(text, iam::PolicyKind::kResource); p.ok()) Check(*p, true);
  return 0;
}
