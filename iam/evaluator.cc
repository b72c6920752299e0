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

bool HasVariables(const Statement& s) {
  for (const auto& pattern : s.resources) {
    if (pattern.find("${") != std::string::npos) return true;
  }
  return false;
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

// `text` with the principal's variables replaced (VariablesResolvedBy held for it).
bool Resolve(std::string& text, const RequestContext& principal_only) {
  if (text.find("${") == std::string::npos) return true;
  if (!VariablesResolvedBy(text, *principal_only.principal_keys)) return false;
  auto substituted = Substitute(text, principal_only);
  if (!substituted) return false;
  text = std::move(*substituted);
  return true;
}

// `s` settled for one principal and resource (Prematch's resolve_principal_variables):
// its variables replaced by the principal's keys, its conditions on the principal's or
// the resource's keys decided (one that fails sets *never: the statement cannot
// apply), the others marked request_key. Null when a variable names another key (the
// statement is evaluated as written then) or there is nothing to settle.
std::shared_ptr<const Statement> SettledStatement(const Statement& s, const RequestContext& context,
                                                  bool* never) {
  if (context.principal_keys == nullptr || (s.conditions.empty() && !HasVariables(s))) {
    return nullptr;
  }
  RequestContext fixed;
  fixed.principal_keys = context.principal_keys;
  fixed.resource_keys = context.resource_keys;
  auto settled = std::make_shared<Statement>(s);
  for (auto& resource : settled->resources) {
    if (!Resolve(resource, fixed)) return nullptr;
  }
  std::vector<ConditionClause> remaining;
  for (auto& clause : settled->conditions) {
    for (auto& value : clause.values) {
      if (!Resolve(value, fixed)) return nullptr;
    }
  }
  for (auto& clause : settled->conditions) {
    const bool fixed_key =
        FindKey(*fixed.principal_keys, clause.key) != nullptr ||
        (fixed.resource_keys != nullptr && FindKey(*fixed.resource_keys, clause.key) != nullptr);
    if (!fixed_key) {
      clause.request_key = true;
      remaining.push_back(std::move(clause));
    } else if (!ConditionHolds(clause, fixed, /*variables=*/false)) {
      *never = true;
      return nullptr;
    }
  }
  settled->conditions = std::move(remaining);
  return settled;
}

// The statements of one policy whose Principal, Action and (variable-free) Resource
// match.
CandidateList Candidates(const Policy* policy, const RequestContext& context, bool resolve) {
  CandidateList list;
  if (policy == nullptr) return list;
  list.present = true;
  list.variables = policy->variables;
  for (const auto& s : policy->statements) {
    Candidate c{&s, PrincipalMatch::kByArn, false, nullptr};
    if (s.has_principal) {
      c.principal = MatchPrincipal(s, context);
      if (c.principal == PrincipalMatch::kNone) continue;
    }
    if (!ActionMatches(s, context.action)) continue;
    if (resolve && policy->variables) {
      bool never = false;
      c.resolved = SettledStatement(s, context, &never);
      if (never) continue;
    }
    const Statement& subject = c.resolved ? *c.resolved : s;
    c.resource_pending = policy->variables && !c.resolved && HasVariables(s);
    if (!c.resource_pending && !ResourceMatches(subject, false, context)) continue;
    list.statements.push_back(std::move(c));
  }
  return list;
}

// The first applicable Deny and the first applicable Allow of one policy.
struct PolicyMatches {
  const Statement* deny = nullptr;
  const Statement* allow = nullptr;
  PrincipalMatch allow_principal = PrincipalMatch::kNone;
};

PolicyMatches Match(const CandidateList& list, const RequestContext& context) {
  PolicyMatches m;
  for (const Candidate& c : list.statements) {
    const Statement& s = *c.statement;
    if (s.effect == Effect::kAllow && m.allow != nullptr) continue;
    if (c.resource_pending && !ResourceMatches(s, list.variables, context)) continue;
    if (c.resolved ? !ConditionsHold(*c.resolved, false, context)
                   : !ConditionsHold(s, list.variables, context)) {
      continue;
    }
    if (s.effect == Effect::kDeny) {
      m.deny = &s;
      return m;
    }
    m.allow = &s;
    m.allow_principal = c.principal;
  }
  return m;
}

Decision Decided(Outcome outcome, const Statement* statement, PolicyKindDeciding policy,
                 int index = 0) {
  return {outcome, statement, policy, index};
}

}  // namespace

bool StatementApplies(const Statement& s, bool variables, const RequestContext& context) {
  if (s.has_principal && MatchPrincipal(s, context) == PrincipalMatch::kNone) return false;
  return ActionMatches(s, context.action) && ResourceMatches(s, variables, context) &&
         ConditionsHold(s, variables, context);
}

Prematched Prematch(const ApplicablePolicies& policies, const RequestContext& context,
                    bool resolve_principal_variables) {
  const bool resolve = resolve_principal_variables;
  Prematched p;
  p.identity.reserve(policies.identity.size());
  for (const Policy* policy : policies.identity) {
    p.identity.push_back(Candidates(policy, context, resolve));
  }
  p.boundary = Candidates(policies.boundary, context, resolve);
  p.resource = Candidates(policies.resource, context, resolve);
  p.same_account = context.principal_account == context.resource_account;
  return p;
}

Decision EvaluatePrematched(const Prematched& policies, const RequestContext& context) {
  const Statement* identity_allow = nullptr;
  int identity_allow_index = 0;
  for (size_t i = 0; i < policies.identity.size(); ++i) {
    PolicyMatches m = Match(policies.identity[i], context);
    if (m.deny != nullptr) {
      return Decided(Outcome::kExplicitDenyIdentity, m.deny, PolicyKindDeciding::kIdentity,
                     static_cast<int>(i));
    }
    if (identity_allow == nullptr && m.allow != nullptr) {
      identity_allow = m.allow;
      identity_allow_index = static_cast<int>(i);
    }
  }
  PolicyMatches resource, boundary;
  if (policies.resource.present) {
    resource = Match(policies.resource, context);
    if (resource.deny != nullptr) {
      return Decided(Outcome::kExplicitDenyResource, resource.deny, PolicyKindDeciding::kResource);
    }
  }
  if (policies.boundary.present) {
    boundary = Match(policies.boundary, context);
    if (boundary.deny != nullptr) {
      return Decided(Outcome::kExplicitDenyBoundary, boundary.deny, PolicyKindDeciding::kBoundary);
    }
  }
  const bool within_boundary = !policies.boundary.present || boundary.allow != nullptr;
  if (policies.same_account) {
    if (resource.allow != nullptr &&
        (resource.allow_principal == PrincipalMatch::kByArn || within_boundary)) {
      return Decided(Outcome::kAllowed, resource.allow, PolicyKindDeciding::kResource);
    }
    if (identity_allow != nullptr) {
      if (within_boundary) {
        return Decided(Outcome::kAllowed, identity_allow, PolicyKindDeciding::kIdentity,
                       identity_allow_index);
      }
      return Decided(Outcome::kNoBoundaryAllow, nullptr, PolicyKindDeciding::kBoundary);
    }
    return Decided(Outcome::kNoIdentityAllow, nullptr, PolicyKindDeciding::kNone);
  }
  if (identity_allow == nullptr) {
    return Decided(Outcome::kNoIdentityAllow, nullptr, PolicyKindDeciding::kNone);
  }
  if (!within_boundary) {
    return Decided(Outcome::kNoBoundaryAllow, nullptr, PolicyKindDeciding::kBoundary);
  }
  if (resource.allow == nullptr) {
    return Decided(Outcome::kNoResourceAllow, nullptr, PolicyKindDeciding::kResource);
  }
  return Decided(Outcome::kAllowed, resource.allow, PolicyKindDeciding::kResource);
}

Decision Evaluate(const ApplicablePolicies& policies, const RequestContext& context) {
  return EvaluatePrematched(Prematch(policies, context), context);
}

std::string PolicyName(const Decision& decision) {
  switch (decision.policy) {
    case PolicyKindDeciding::kNone: return "";
    case PolicyKindDeciding::kIdentity:
      return "identity[" + std::to_string(decision.identity_index) + "]";
    case PolicyKindDeciding::kResource: return "resource";
    case PolicyKindDeciding::kBoundary: return "boundary";
  }
  return "";
}

std::string AccessDeniedMessage(const Decision& decision, const RequestContext& context) {
  std::string m = "User: ";
  m.append(context.principal_arn)
      .append(" is not authorized to perform: ")
      .append(context.action)
      .append(" on resource: ")
      .append(context.resource);
  const std::string action(context.action);
  switch (decision.outcome) {
    case Outcome::kAllowed: return "";
    case Outcome::kExplicitDenyIdentity:
      return m + " with an explicit deny in an identity-based policy";
    case Outcome::kExplicitDenyResource:
      return m + " with an explicit deny in a resource-based policy";
    case Outcome::kExplicitDenyBoundary:
      return m + " with an explicit deny in a permissions boundary";
    case Outcome::kNoIdentityAllow:
      return m + " because no identity-based policy allows the " + action + " action";
    case Outcome::kNoResourceAllow:
      return m + " because no resource-based policy allows the " + action + " action";
    case Outcome::kNoBoundaryAllow:
      return m + " because no permissions boundary allows the " + action + " action";
  }
  return m;
}

std::string DescribeDecision(const Decision& decision) {
  std::string out = decision.allowed() ? "allow" : "deny";
  if (decision.statement != nullptr) {
    out += " by " + PolicyName(decision) + " " + StatementName(*decision.statement);
  } else {
    out += " (implicit)";
  }
  return out;
}

}  // namespace monotable::iam
