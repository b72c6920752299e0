#pragma once
// Decides one request as AWS's enforcement code does
// (reference_policies_evaluation-logic_policy-eval-denyallow,
// reference_policies_evaluation-logic-cross-account):
//  1. an explicit Deny in any applicable policy (identity-based, resource-based or
//     the permissions boundary) denies;
//  2. within the principal's account, an Allow from an identity-based policy that the
//     permissions boundary (when there is one) also allows, or an Allow from the
//     resource-based policy, allows. A resource-based Allow that names the principal's
//     own ARN is not limited by the boundary; one that names its account is;
//  3. across accounts, both the identity-based side (within its boundary) and the
//     resource-based policy must allow;
//  4. anything else is an implicit deny.
// The decision names the statement that decided it and the answer's reason, worded as
// AccessDeniedException's message (AccessDeniedMessage). Pure; thread-safe.

#include <string>
#include <vector>

#include "iam/policy.h"
#include "iam/request_context.h"

namespace monotable::iam {

// The policies that apply to one request.
struct ApplicablePolicies {
  std::vector<const Policy*> identity;  // the principal's policies
  const Policy* boundary = nullptr;     // its permissions boundary, if any
  const Policy* resource = nullptr;     // the resource's policy, if any
};

enum class Outcome {
  kAllowed,
  kExplicitDenyIdentity,  // "with an explicit deny in an identity-based policy"
  kExplicitDenyResource,  // "with an explicit deny in a resource-based policy"
  kExplicitDenyBoundary,  // "with an explicit deny in a permissions boundary"
  kNoIdentityAllow,       // "because no identity-based policy allows the <action> action"
  kNoResourceAllow,       // "because no resource-based policy allows the <action> action"
  kNoBoundaryAllow,       // "because no permissions boundary allows the <action> action"
};

struct Decision {
  Outcome outcome = Outcome::kNoIdentityAllow;
  // The statement that decided: the Deny, or the Allow that allowed (null for an
  // implicit deny), and which policy held it ("identity[0]", "resource", "boundary").
  const Statement* statement = nullptr;
  std::string policy;
  bool allowed() const { return outcome == Outcome::kAllowed; }
};

Decision Evaluate(const ApplicablePolicies& policies, const RequestContext& context);

// Whether a statement applies to the request: action, resource, principal (for a
// resource-based statement) and every condition.
bool StatementApplies(const Statement& statement, bool variables, const RequestContext& context);

// "User: <principal> is not authorized to perform: <action> on resource: <resource>
// because no identity-based policy allows the <action> action" and the other forms.
std::string AccessDeniedMessage(const Decision& decision, const RequestContext& context);

// "allow" or "deny", with the deciding statement: "deny by identity[0] DenyDeletes".
std::string DescribeDecision(const Decision& decision);

}  // namespace monotable::iam
