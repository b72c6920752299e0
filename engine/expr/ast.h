#pragma once
// The syntax tree of a parsed expression, before placeholders are resolved. It is
// independent of ExpressionAttributeNames/Values, so one tree is shared (and cached)
// across requests; per-request resolution lives in Condition/Update/Projection.
// Immutable once built; thread-safe to share.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/expr/comparison.h"
#include "engine/expr/kind.h"

namespace monotable::expr::ast {

// Byte offset of a token in the expression text. DynamoDB reports the first error in
// text order, so nodes remember where they start.
using Position = uint32_t;

struct PathElement {
  enum class Kind : uint8_t {
    kName,     // a plain attribute name: `a`
    kNameRef,  // an ExpressionAttributeNames placeholder: `#a`
    kIndex,    // a list index: `[3]`
  };
  Kind kind = Kind::kName;
  // kIndex: the list index. kNameRef: the slot in Expression::name_refs.
  uint32_t number = 0;
  std::string name;  // kName: the name as written
  Position position = 0;
};
using Path = std::vector<PathElement>;  // never empty; the first element is not an index

enum class Op : uint8_t {
  // Operands.
  kPath,      // Node::path
  kValue,     // an ExpressionAttributeValues placeholder; Node::slot indexes value_refs
  kLiteral,   // a value built in (legacy translation); Node::slot indexes literals
  kFunction,  // Node::function / Node::name, arguments in children. Also a condition.
  // Conditions; operands in children.
  kCompare,  // children: the two operands of Node::comparison
  kBetween,  // children: operand, lower, upper
  kIn,       // children: operand, then the list
  kAnd,
  kOr,
  kNot,
  // SET values.
  kPlus,
  kMinus,
};

enum class Function : uint8_t {
  kUnknown,  // not a DynamoDB function; Node::name holds what was written
  kAttributeExists,
  kAttributeNotExists,
  kAttributeType,
  kBeginsWith,
  kContains,
  kSize,
  kIfNotExists,
  kListAppend,
};

struct Node {
  Op op = Op::kPath;
  Function function = Function::kUnknown;
  Comparison comparison = Comparison::kEq;  // kCompare
  // How many parentheses directly wrap this node; two or more is DynamoDB's
  // "redundant parentheses" error. Parse-time bookkeeping only.
  uint8_t parens = 0;
  Position position = 0;
  uint32_t slot = 0;  // kValue / kLiteral
  Path path;          // kPath
  std::string name;   // kFunction: the name as written (case matters)
  std::vector<Node> children;
};

// `a c b`, as the builders of trees from other languages (legacy parameters, PartiQL)
// make it.
inline Node MakeComparison(Comparison c, Node a, Node b) {
  Node n;
  n.op = Op::kCompare;
  n.comparison = c;
  n.children.reserve(2);
  n.children.push_back(std::move(a));
  n.children.push_back(std::move(b));
  return n;
}

enum class ActionKind : uint8_t { kSet, kRemove, kAdd, kDelete };

struct Action {
  ActionKind kind = ActionKind::kSet;
  Path path;
  Node value;  // kSet: the value; kAdd/kDelete: a kValue/kLiteral node; kRemove: unused
};

struct Expression {
  ExpressionKind kind = ExpressionKind::kCondition;
  Node condition;               // condition kinds
  std::vector<Action> actions;  // kUpdate, in text order
  std::vector<Path> paths;      // kProjection, in text order
  // Distinct placeholders in order of first appearance; nodes refer to them by slot.
  std::vector<std::string> name_refs;
  std::vector<std::string> value_refs;
  std::vector<AttributeValue> literals;  // legacy translation only
  // Findings of the parser that DynamoDB reports after other errors, in resolve order.
  bool redundant_parens = false;
  std::string duplicate_section;  // "SET", "REMOVE", "ADD" or "DELETE"
  // Translated from legacy parameters: runtime errors use the legacy texts.
  bool legacy = false;
  // Built from another language (PartiQL) whose paths name attributes as written, not
  // in expression syntax: DynamoDB's reserved words are plain names there. Runtime
  // errors keep the expression texts (unlike `legacy`).
  bool verbatim_names = false;
  // The first plain name that is a reserved word, in the order the resolvers report
  // them (empty: none). Found once by the parser: a parsed tree is cached and resolved
  // again for every request, and the lookups were ~2% of an UpdateItem.
  std::string reserved_word;
  // Whether reserved words are refused in paths.
  bool checks_reserved_words() const { return !legacy && !verbatim_names; }
};

}  // namespace monotable::expr::ast
