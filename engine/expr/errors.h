#pragma once
// DynamoDB's expression error texts, built in one place. Each text carries a comment
// naming where it was taken from (the service's messages as captured by tests of
// dynalite, ExtendDB and ScyllaDB Alternator, and error reports pasted in GitHub issues).

#include <string>
#include <string_view>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/expr/kind.h"

namespace monotable::expr {

// kValidation "Invalid <Kind>: <detail>", e.g. "Invalid ConditionExpression: ...".
Status InvalidExpression(ExpressionKind kind, std::string_view detail);

// "AttributeValue: {N:5}", the operand rendering of the BETWEEN messages. Binary
// values are shown in base64, as on the wire.
std::string FormatBoundOperand(const AttributeValue& value);

// The operand type names of the ADD/DELETE messages: STRING, NUMBER, BINARY, BOOLEAN,
// NULL, LIST, MAP (sets never appear: they are valid operands).
std::string_view UpdateOperandTypeName(AttributeType type);

// Runtime errors of UpdateExpression (no "Invalid UpdateExpression:" prefix; texts
// from dynalite's updateItem tests, which run against DynamoDB).
inline constexpr std::string_view kInvalidUpdatePath =
    "The document path provided in the update expression is invalid for update";
inline constexpr std::string_view kIncorrectOperandType =
    "An operand in the update expression has an incorrect data type";
inline constexpr std::string_view kMissingOperandAttribute =
    "The provided expression refers to an attribute that does not exist in the item";
// The legacy AttributeUpdates form of kIncorrectOperandType (dynalite updateItem tests).
inline constexpr std::string_view kLegacyTypeMismatch = "Type mismatch for attribute to update";
// The item depth limit, as protocol/attribute_value_json reports it for items.
inline constexpr std::string_view kNestingTooDeep = "Nesting Levels have exceeded supported limits";

}  // namespace monotable::expr
