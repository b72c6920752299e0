#pragma once
// Translation of DynamoDB's legacy (pre-expression) parameters into the same Condition,
// Update and Projection objects the expressions produce, so that one engine evaluates
// both. The protocol fills these typed inputs from JSON (it has already checked JSON
// types, AttributeValues and enum spellings); this layer makes DynamoDB's semantic
// checks, with the legacy messages (texts from dynalite's validations and tests, which
// run against DynamoDB).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/expr/expression.h"

namespace monotable::expr::legacy {

// The legacy spelling and order of the operators. EQ NE LE LT GE GT are the comparisons
// of comparison.h (legacy.cc maps them there in one place); the others translate into
// functions, BETWEEN and IN.
enum class ComparisonOperator : uint8_t {
  kEq,
  kNe,
  kLe,
  kLt,
  kGe,
  kGt,
  kNotNull,
  kNull,
  kContains,
  kNotContains,
  kBeginsWith,
  kIn,
  kBetween,
};
// "EQ", "NE", ... "BETWEEN"; nullopt for anything else.
std::optional<ComparisonOperator> ParseComparisonOperator(std::string_view text);
std::string_view ComparisonOperatorName(ComparisonOperator op);

// One entry of Expected (ExpectedAttributeValue) or of QueryFilter/ScanFilter
// (Condition); absent members are nullopt. Filters use only the last two.
struct AttributeCondition {
  std::string attribute;
  std::optional<bool> exists;
  std::optional<AttributeValue> value;
  std::optional<ComparisonOperator> comparison_operator;
  std::optional<std::vector<AttributeValue>> attribute_value_list;
};

enum class ConditionalOperator : uint8_t { kAnd, kOr };  // absent means kAnd

// Which parameter the conditions came from; they differ in what may be given.
enum class ConditionSource : uint8_t { kExpected, kFilter };

// The conjunction (kAnd) or disjunction (kOr) of the conditions, in the order given
// (the request's map order). An empty list yields the always-true Condition.
// Semantics (Developer Guide, "Legacy conditional parameters"): Exists false ->
// attribute absent; Value (Exists true or absent) -> equal; EQ NE LE LT GE GT IN
// BETWEEN BEGINS_WITH CONTAINS as the expression forms; NULL/NOT_NULL -> absent/present;
// NOT_CONTAINS -> present and not containing (false on a missing attribute). Errors
// (kValidation), the first offending condition in order:
//   One or more parameter values were invalid: Value and AttributeValueList cannot be
//     used together for Attribute: a
//   One or more parameter values were invalid: Exists and ComparisonOperator cannot be
//     used together for Attribute: a
//   One or more parameter values were invalid: Value or AttributeValueList must be used
//     with ComparisonOperator: LT for Attribute: a
//   One or more parameter values were invalid: Invalid number of argument(s) for the
//     BETWEEN ComparisonOperator
//   One or more parameter values were invalid: AttributeValues inside
//     AttributeValueList must be of same type
//   One or more parameter values were invalid: ComparisonOperator LT is not valid for
//     BOOL AttributeValue type
//   The BETWEEN condition was provided a range where the lower bound is greater than
//     the upper bound
//   One or more parameter values were invalid: AttributeValueList can only be used with
//     a ComparisonOperator for Attribute: a
//   One or more parameter values were invalid: Value must be provided when Exists is
//     true for Attribute: a   (also "when Exists is null")
//   One or more parameter values were invalid: Value cannot be used when Exists is
//     false for Attribute: a
// kFilter conditions must carry a ComparisonOperator (the protocol reports a missing
// one as a constraint error); kInternal if not.
Result<Condition> TranslateConditions(std::span<const AttributeCondition> conditions,
                                      ConditionalOperator conditional_operator,
                                      ConditionSource source);

enum class UpdateAction : uint8_t { kPut, kAdd, kDelete };  // absent means kPut

// One entry of AttributeUpdates.
struct AttributeUpdate {
  std::string attribute;
  UpdateAction action = UpdateAction::kPut;
  std::optional<AttributeValue> value;
};

// PUT -> SET a = v; DELETE without a value -> REMOVE a; DELETE with a set -> DELETE a
// v; ADD of a number or set -> ADD a v; ADD of a list appends (creating the list).
// Runtime type clashes report "Type mismatch for attribute to update". Errors
// (kValidation), the first offending update in order:
//   One or more parameter values were invalid: Only DELETE action is allowed when no
//     attribute value is specified
//   One or more parameter values were invalid: DELETE action with value is not
//     supported for the type S
//   One or more parameter values were invalid: ADD action is not supported for the
//     type S
// An empty list yields an Update that changes nothing.
Result<Update> TranslateAttributeUpdates(std::span<const AttributeUpdate> updates);

// AttributesToGet. Error: "One or more parameter values were invalid: Duplicate value
// in attribute name: a".
Result<Projection> TranslateAttributesToGet(std::span<const std::string> names);

}  // namespace monotable::expr::legacy
