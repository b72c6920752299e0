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

#include <memory>
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

// Which policy decided.
enum class PolicyKindDeciding { kNone, kIdentity, kResource, kBoundary };

struct Decision {
  Outcome outcome = Outcome::kNoIdentityAllow;
  // The statement that decided: the Deny, or the Allow that allowed (null for an
  // implicit deny), and which policy held it (identity policy `identity_index`, the
  // resource policy or the boundary).
  const Statement* statement = nullptr;
  PolicyKindDeciding policy = PolicyKindDeciding::kNone;
  int identity_index = 0;
  bool allowed() const { return outcome == Outcome::kAllowed; }
};

// How a resource-based statement's Principal names the caller (kByArn for an
// identity-based statement, which names no principal).
enum class PrincipalMatch { kNone, kByAccount, kByArn };

// One statement that may apply to a question: its Action, Principal and (when it holds
// no policy variable) Resource already matched.
struct Candidate {
  const Statement* statement = nullptr;
  PrincipalMatch principal = PrincipalMatch::kByArn;
  bool resource_pending = false;  // Resource has ${...}: matched with the request's keys
  // The statement settled for the principal and resource (Prematch): evaluated in its
  // stead, without substitution.
  std::shared_ptr<const Statement> resolved;
};

struct CandidateList {
  bool present = false;               // the policy exists (a boundary or resource policy may not)
  bool variables = true;              // the policy's Version substitutes ${...}
  std::vector<Candidate> statements;  // in the policy's order
};

// The statements of the applicable policies that may apply to one principal, action
// and resource: what is left to decide depends on the request's keys only (the
// conditions, and resources with policy variables). Computing it once per principal,
// action and resource and evaluating each request against it gives Evaluate's answer
// at the cost of the conditions alone. Reads only the context's principal, action and
// resource. With `resolve_principal_variables` (worth it for a result that is kept),
// each statement whose variables all name keys of context.principal_keys is settled
// once here: its variables replaced, its conditions on context.principal_keys or
// context.resource_keys decided (a statement one of them fails is left out), and the
// rest marked to search the request's keys alone, so each request evaluates only the
// conditions on its own keys. That form takes the principal's and resource's keys as
// fixed: evaluate with the same two lists, and no key of theirs in `keys`. The result
// points into `policies`' statements: they must outlive it.
struct Prematched {
  std::vector<CandidateList> identity;  // one per identity policy, in order
  CandidateList boundary;
  CandidateList resource;
  bool same_account = true;  // the principal's account owns the resource
};
Prematched Prematch(const ApplicablePolicies& policies, const RequestContext& context,
                    bool resolve_principal_variables = false);

// The decision of a request whose principal, action and resource are those `prematched`
// was computed for. Allocates nothing.
Decision EvaluatePrematched(const Prematched& prematched, const RequestContext& context);

// Prematch and EvaluatePrematched in one.
Decision Evaluate(const ApplicablePolicies& policies, const RequestContext& context);

// "User: <principal> is not authorized to perform: <action> on resource: <resource>
// because no identity-based policy allows the <action> action" and the other forms.
std::string AccessDeniedMessage(const Decision& decision, const RequestContext& context);

// "allow" or "deny", with the deciding statement: "deny by identity[0] DenyDeletes".
std::string DescribeDecision(const Decision& decision);

// The deciding policy's name: "identity[0]", "resource", "boundary", or "".
std::string PolicyName(const Decision& decision);

}  // namespace monotable::iam
