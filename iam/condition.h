#pragma once
// One condition of a statement's Condition block: an operator, a context key and the
// policy's values, e.g. "ForAllValues:StringEquals": {"dynamodb:LeadingKeys": ["u1"]}.
// Evaluated as IAM documents (reference_policies_elements_condition_operators,
// reference_policies_condition-single-vs-multi-valued-context-keys):
//  - the policy's values are ORed (NORed for a negated operator: StringNotEquals...);
//  - a key absent from the request makes a condition false, or true for a negated
//    operator; ...IfExists makes it true; Null tests presence alone;
//  - ForAllValues: every request value matches (true when the key is absent or empty);
//    ForAnyValue: at least one does (false when absent).
// Pure; thread-safe.

#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"
#include "iam/request_context.h"

namespace monotable::iam {

enum class SetQualifier { kNone, kForAllValues, kForAnyValue };

enum class OperatorFamily {
  kString,            // StringEquals
  kStringIgnoreCase,  // StringEqualsIgnoreCase
  kStringLike,        // StringLike (wildcards)
  kNumeric,
  kDate,
  kBool,
  kBinary,
  kIpAddress,
  kArn,  // ArnEquals and ArnLike: both match component by component with wildcards
  kNull,
};

enum class Comparison { kEquals, kLessThan, kLessThanEquals, kGreaterThan, kGreaterThanEquals };

struct ConditionClause {
  std::string operator_name;  // as written, for answers
  SetQualifier qualifier = SetQualifier::kNone;
  OperatorFamily family = OperatorFamily::kString;
  Comparison comparison = Comparison::kEquals;
  bool negated = false;  // StringNotEquals, NotIpAddress, ArnNotLike...
  bool if_exists = false;
  std::string key;
  std::vector<std::string> values;
  // Set by Prematch on a settled copy (evaluator.h): the key is none of the principal's
  // or the resource's, so only the request's own keys are searched.
  bool request_key = false;
};

// Parses an operator's name. Errors: kValidation "Unknown condition operator: <name>".
Status ParseOperator(std::string_view name, ConditionClause* clause);

// Whether the clause holds for the request. `variables`: substitute ${...} in the values
// (Version 2012-10-17).
bool ConditionHolds(const ConditionClause& clause, const RequestContext& context, bool variables);

}  // namespace monotable::iam
