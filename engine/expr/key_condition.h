#pragma once
// KeyConditionExpression (and translated KeyConditions) analysis: the resolved
// condition must be one equality on the partition key and at most one condition on
// the sort key (=, <, <=, >, >=, BETWEEN, begins_with), joined by AND. The result is
// what the read path turns into a key range.

#include <optional>
#include <string_view>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/expr/comparison.h"
#include "engine/expr/expression.h"

namespace monotable::expr {

// What a Query asks of the sort key: a comparison other than <> (`sk < :v`, the sort key
// on the left), BETWEEN or begins_with.
struct SortKeyCondition {
  enum class Kind : uint8_t { kCompare, kBetween, kBeginsWith };
  Kind kind = Kind::kCompare;
  Comparison comparison = Comparison::kEq;  // kCompare
  AttributeValue value;  // the bound (lower bound for BETWEEN, prefix for begins_with)
  AttributeValue upper;  // BETWEEN only

  // A range without an upper bound (`> v`, `>= v`) or without a lower one (`<`, `<=`).
  bool OpenAbove() const {
    return kind == Kind::kCompare &&
           (comparison == Comparison::kGt || comparison == Comparison::kGe);
  }
  bool OpenBelow() const {
    return kind == Kind::kCompare &&
           (comparison == Comparison::kLt || comparison == Comparison::kLe);
  }
};

// "<", "BETWEEN", "begins_with": the condition's operator as a KeyConditionExpression
// writes it, for messages and tests.
std::string_view SortKeyOperatorName(const SortKeyCondition& condition);

struct KeyCondition {
  AttributeValue partition_value;
  std::optional<SortKeyCondition> sort;
};

// The key schema the condition is checked against (of the table or of an index).
struct KeyAttributes {
  std::string_view hash_name;
  AttributeType hash_type = AttributeType::kS;
  std::string_view range_name;  // empty: no sort key
  AttributeType range_type = AttributeType::kS;
};

// Errors (kValidation), DynamoDB's texts:
//   Invalid operator used in KeyConditionExpression: OR   (also NOT, IN, <>, functions)
//   KeyConditionExpressions cannot have conditions on nested attributes
//   KeyConditionExpressions must only contain one condition per key
//   Query condition missed key schema element: PK
//   Query key condition not supported
//   One or more parameter values were invalid: Condition parameter type does not match
//     schema type
Result<KeyCondition> AnalyzeKeyCondition(const Condition& condition, const KeyAttributes& keys);

// The top-level attribute names a condition reads, in order of appearance (a filter
// may not name key attributes in a Query).
std::vector<std::string> TopLevelAttributes(const Condition& condition);

}  // namespace monotable::expr
