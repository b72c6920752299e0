#pragma once
// The comparison operators of DynamoDB's condition languages: one list for condition
// and key condition expressions, the legacy ComparisonOperators that are comparisons
// (EQ NE LE LT GE GT), PartiQL's WHERE, and the sort key conditions of a Query. The
// expression spelling names them in errors; Holds decides each one, from an order its
// caller computes in its own domain (attribute values, stored key bytes).
// Pure functions; thread-safe.

#include <cstdint>
#include <optional>
#include <string_view>

namespace monotable::expr {

enum class Comparison : uint8_t { kEq, kNe, kLt, kLe, kGt, kGe };

// "=", "<>", "<", "<=", ">", ">=": how expressions write them and DynamoDB's errors quote
// them ("operator or function: <"). PartiQL writes them the same (its lexer reads "!="
// as "<>").
constexpr std::string_view ComparisonSymbol(Comparison c) {
  switch (c) {
    case Comparison::kEq: return "=";
    case Comparison::kNe: return "<>";
    case Comparison::kLt: return "<";
    case Comparison::kLe: return "<=";
    case Comparison::kGt: return ">";
    case Comparison::kGe: return ">=";
  }
  return "";
}

// The comparison ComparisonSymbol spells `symbol`; nullopt for any other text.
constexpr std::optional<Comparison> ParseComparisonSymbol(std::string_view symbol) {
  for (Comparison c : {Comparison::kEq, Comparison::kNe, Comparison::kLt, Comparison::kLe,
                       Comparison::kGt, Comparison::kGe}) {
    if (ComparisonSymbol(c) == symbol) return c;
  }
  return std::nullopt;
}

// <, <=, > and >= order their operands, which only S, N and B values can be; = and <>
// compare values of any type.
constexpr bool IsOrdering(Comparison c) { return c != Comparison::kEq && c != Comparison::kNe; }

// The comparison with its operands swapped: `:v < a` is `a > :v`.
constexpr Comparison Mirror(Comparison c) {
  switch (c) {
    case Comparison::kLt: return Comparison::kGt;
    case Comparison::kLe: return Comparison::kGe;
    case Comparison::kGt: return Comparison::kLt;
    case Comparison::kGe: return Comparison::kLe;
    default: return c;
  }
}

// Whether `a c b` holds, given the order of a and b: negative (a before b), zero (equal)
// or positive (a after b).
constexpr bool Holds(Comparison c, int order) {
  switch (c) {
    case Comparison::kEq: return order == 0;
    case Comparison::kNe: return order != 0;
    case Comparison::kLt: return order < 0;
    case Comparison::kLe: return order <= 0;
    case Comparison::kGt: return order > 0;
    case Comparison::kGe: return order >= 0;
  }
  return false;
}

}  // namespace monotable::expr
