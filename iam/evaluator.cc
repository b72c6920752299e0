#include "iam/evaluator.h"

#include "iam/wildcard.h"

namespace monotable::iam {
namespace {

bool ActionMatches(const Statement& s, std::string_view action) {
  bool any = false;
  for (const auto& pattern : s.actions) {
    if (pattern == "*" || GlobMatch(pattern, action, /*ignore_case=*/true)) {
      any = true;
      break;
    }
  }
  return s.not_action ? !any : any;
}

bool ResourceMatches(const Statement& s, bool variables, const RequestContext& context) {
  bool any = false;
  for (const auto& pattern : s.resources) {
    if (variables && pattern.find("${") != std::string::npos) {
      auto substituted = Substitute(pattern, context);
      if (substituted && ArnMatch(*substituted, context.resource)) any = true;
    } else if (ArnMatch(pattern, context.resource)) {
      any = true;
    }
    if (any) break;
  }
  return s.not_resource ? !any : any;
}

// How a resource-based statement's Principal names the caller.
enum class PrincipalMatch { kNone, kByAccount, kByArn };

PrincipalMatch MatchPrincipal(const Statement& s, const RequestContext& context) {
  const PrincipalSet& p = s.principals;
  PrincipalMatch match = PrincipalMatch::kNone;
  for (const auto& arn : p.arns) {
    if (arn == context.principal_arn) match = PrincipalMatch::kByArn;
  }
  if (match == PrincipalMatch::kNone) {
    for (const auto& account : p.accounts) {
      if (account == context.principal_account) match = PrincipalMatch::kByAccount;
    }
  }
  if (match == PrincipalMatch::kNone && p.anyone) match = PrincipalMatch::kByAccount;
  if (s.not_principal) {
    return match == PrincipalMatch::kNone ? PrincipalMatch::kByAccount : PrincipalMatch::kNone;
  }
  return match;
}

bool ConditionsHold(const Statement& s, bool variables, const RequestContext& context) {
  for (const auto& clause : s.conditions) {
    if (!ConditionHolds(clause, context, variables)) return false;
  }
  return true;
}

// The first applicable Deny and the first applicable Allow of one policy.
struct PolicyMatches {
  const Statement* deny = nullptr;
  const Statement* allow = nullptr;
  PrincipalMatch allow_principal = PrincipalMatch::kNone;
};

PolicyMatches Match(const Policy& policy, const RequestContext& context) {
  PolicyMatches m;
  for (const auto& s : policy.statements) {
    if (s.effect == Effect::kAllow && m.allow != nullptr) continue;
    PrincipalMatch principal = PrincipalMatch::kByArn;
    if (s.has_principal) {
      principal = MatchPrincipal(s, context);
      if (principal == PrincipalMatch::kNone) continue;
    }
    if (!ActionMatches(s, context.action) || !ResourceMatches(s, policy.variables, context) ||
        !ConditionsHold(s, policy.variables, context)) {
      continue;
    }
    if (s.effect == Effect::kDeny) {
      m.deny = &s;
      return m;
    }
    m.allow = &s;
    m.allow_principal = principal;
  }
  return m;
}

}  // namespace

bool StatementApplies(const Statement& s, bool variables, const RequestContext& context) {
  if (s.has_principal && MatchPrincipal(s, context) == PrincipalMatch::kNone) return false;
  return ActionMatches(s, context.action) && ResourceMatches(s, variables, context) &&
         ConditionsHold(s, variables, context);
}

Decision Evaluate(const ApplicablePolicies& policies, const RequestContext& context) {
  Decision d;
  const Statement* identity_allow = nullptr;
  std::string identity_allow_policy;
  for (size_t i = 0; i < policies.identity.size(); ++i) {
    PolicyMatches m = Match(*policies.identity[i], context);
    if (m.deny != nullptr) {
      return {Outcome::kExplicitDenyIdentity, m.deny, "identity[" + std::to_string(i) + "]"};
    }
    if (identity_allow == nullptr && m.allow != nullptr) {
      identity_allow = m.allow;
      identity_allow_policy = "identity[" + std::to_string(i) + "]";
    }
  }
  PolicyMatches resource, boundary;
  if (policies.resource != nullptr) {
    resource = Match(*policies.resource, context);
    if (resource.deny != nullptr)
      return {Outcome::kExplicitDenyResource, resource.deny, "resource"};
  }
  if (policies.boundary != nullptr) {
    boundary = Match(*policies.boundary, context);
    if (boundary.deny != nullptr)
      return {Outcome::kExplicitDenyBoundary, boundary.deny, "boundary"};
  }
  const bool within_boundary = policies.boundary == nullptr || boundary.allow != nullptr;
  const bool same_account = context.principal_account == context.resource_account;
  if (same_account) {
    if (resource.allow != nullptr &&
        (resource.allow_principal == PrincipalMatch::kByArn || within_boundary)) {
      return {Outcome::kAllowed, resource.allow, "resource"};
    }
    if (identity_allow != nullptr) {
      if (within_boundary) return {Outcome::kAllowed, identity_allow, identity_allow_policy};
      return {Outcome::kNoBoundaryAllow, nullptr, "boundary"};
    }
    return {Outcome::kNoIdentityAllow, nullptr, ""};
  }
  if (identity_allow == nullptr) return {Outcome::kNoIdentityAllow, nullptr, ""};
  if (!within_boundary) return {Outcome::kNoBoundaryAllow, nullptr, "boundary"};
  if (resource.allow == nullptr) return {Outcome::kNoResourceAllow, nullptr, "resource"};
  return {Outcome::kAllowed, resource.allow, "resource"};
}

std::string AccessDeniedMessage(const Decision& decision, const RequestContext& context) {
  std::string m = "User: " + context.principal_arn +
                  " is not authorized to perform: " + context.action +
                  " on resource: " + context.resource;
  switch (decision.outcome) {
    case Outcome::kAllowed: return "";
    case Outcome::kExplicitDenyIdentity:
      return m + " with an explicit deny in an identity-based policy";
    case Outcome::kExplicitDenyResource:
      return m + " with an explicit deny in a resource-based policy";
    case Outcome::kExplicitDenyBoundary:
      return m + " with an explicit deny in a permissions boundary";
    case Outcome::kNoIdentityAllow:
      return m + " because no identity-based policy allows the " + context.action + " action";
    case Outcome::kNoResourceAllow:
      return m + " because no resource-based policy allows the " + context.action + " action";
    case Outcome::kNoBoundaryAllow:
      return m + " because no permissions boundary allows the " + context.action + " action";
  }
  return m;
}

std::string DescribeDecision(const Decision& decision) {
  std::string out = decision.allowed() ? "allow" : "deny";
  if (decision.statement != nullptr) {
    out += " by " + decision.policy + " " + StatementName(*decision.statement);
  } else {
    out += " (implicit)";
  }
  return out;
}

}  // namespace monotable::iam
