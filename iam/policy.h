#pragma once
// An IAM policy document (Version 2012-10-17 or 2008-10-17) parsed into statements the
// evaluator (iam/evaluator.h) matches requests against. The grammar is IAM's: Statement
// is one object or a list; each statement has Effect, one of Action/NotAction, one of
// Resource/NotResource, optionally Sid, Principal/NotPrincipal (resource-based
// policies only) and Condition. Knows no HTTP and no DynamoDB request.
// Immutable once parsed: a Policy is safe to share between threads.

#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"
#include "iam/condition.h"

namespace monotable::iam {

enum class Effect { kAllow, kDeny };

// Who a resource-based statement applies to ("Principal": "*" or {"AWS": [...]}).
struct PrincipalSet {
  bool anyone = false;                // "*" or {"AWS": "*"}
  std::vector<std::string> arns;      // exact principal ARNs
  std::vector<std::string> accounts;  // "123456789012" or "arn:aws:iam::123456789012:root"
};

struct Statement {
  std::string sid;  // may be empty; the evaluator names a statement by Sid or by index
  int index = 0;    // position in its policy, from 0
  Effect effect = Effect::kAllow;
  bool not_action = false;
  std::vector<std::string> actions;  // lower-cased, wildcards kept ("dynamodb:get*")
  bool not_resource = false;
  std::vector<std::string> resources;  // as written: wildcards and ${variables} kept
  bool has_principal = false;
  bool not_principal = false;
  PrincipalSet principals;
  std::vector<ConditionClause> conditions;  // all must hold
};

struct Policy {
  bool variables = true;  // Version 2012-10-17: ${...} are substituted; 2008-10-17: literal
  std::vector<Statement> statements;
};

enum class PolicyKind {
  kIdentity,  // attached to a principal: a Principal element is an error
  kResource,  // attached to a table or stream: Principal (or NotPrincipal) is required
};

// Parses and validates a document. Errors: kValidation with IAM's MalformedPolicyDocument
// reasons: "Syntax errors in policy.", "The policy failed legacy parsing" (a Version
// other than the two), "Policy document should not specify a principal.", "Missing
// required field Principal", "Missing required field Effect", "Missing required field
// Action", "Missing required field Resource", "Statement is empty!", "Invalid effect:
// <e>", "Unknown condition operator: <op>", "Statement IDs (SID) in a single policy
// must be unique".
Result<Policy> ParsePolicy(std::string_view document, PolicyKind kind);

// A statement's name for answers and logs: its Sid, or "Statement[<index>]".
std::string StatementName(const Statement& statement);

}  // namespace monotable::iam
