#pragma once
// Which request parameter an expression came from. It selects the grammar and names
// the expression in DynamoDB's messages ("Invalid ConditionExpression: ...").

#include <cstdint>
#include <string_view>

namespace monotable::expr {

enum class ExpressionKind : uint8_t { kCondition, kFilter, kKeyCondition, kUpdate, kProjection };

// "ConditionExpression", "FilterExpression", "KeyConditionExpression",
// "UpdateExpression", "ProjectionExpression".
constexpr std::string_view ExpressionKindName(ExpressionKind kind) {
  switch (kind) {
    case ExpressionKind::kCondition: return "ConditionExpression";
    case ExpressionKind::kFilter: return "FilterExpression";
    case ExpressionKind::kKeyCondition: return "KeyConditionExpression";
    case ExpressionKind::kUpdate: return "UpdateExpression";
    case ExpressionKind::kProjection: return "ProjectionExpression";
  }
  return "Expression";
}

// Condition, filter and key-condition expressions share one grammar.
constexpr bool IsConditionKind(ExpressionKind kind) {
  return kind == ExpressionKind::kCondition || kind == ExpressionKind::kFilter ||
         kind == ExpressionKind::kKeyCondition;
}

}  // namespace monotable::expr
