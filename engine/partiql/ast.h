#pragma once
// The syntax tree of a parsed PartiQL statement. Immutable once built; thread-safe to
// share (and, later, to cache by statement text).
//
// It stays close to engine/expr/ast.h so that lowering into the engine's requests is a
// walk, not a translation: paths are vectors of name/index steps, conditions and
// operands are Nodes whose Op names the operator (a comparison: kCompare and the
// expressions' own expr::Comparison), and function calls keep their arguments as
// children. Unlike an expression, PartiQL writes its values inline
// (literals, tuples, lists, bags) or as '?' parameters, numbered in text order.
//
// The parser accepts the PartiQL grammar DynamoDB's parser accepts, wider than what
// DynamoDB executes (arithmetic, LIKE, IS <type>, path steps on any term, ...): the
// lowering step refuses what DynamoDB refuses, with its texts (errors.h, lowering).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/expr/comparison.h"

namespace monotable::partiql::ast {

// Byte offset of a token in the statement; with the token's length, enough to build
// DynamoDB's "at <line>:<column>:<length>" suffixes (errors.h FormatLocation).
using Position = uint32_t;

struct Node;
struct Statement;

struct PathElement {
  enum class Kind : uint8_t {
    kName,        // .name, ."name", or the first element
    kIndex,       // [N], N a non-negative integer literal
    kWildcard,    // .* or [*]
    kExpression,  // [anything else]: expression holds it
  };
  Kind kind = Kind::kName;
  bool quoted = false;                     // kName written in double quotes
  uint32_t index = 0;                      // kIndex
  std::string name;                        // kName, unescaped
  std::shared_ptr<const Node> expression;  // kExpression
  Position position = 0;
  uint32_t length = 0;
};
// Never empty. In a kPath node the first element is a kName.
using Path = std::vector<PathElement>;

enum class Op : uint8_t {
  // Operands.
  kPath,    // an attribute path; Node::path
  kPathOn,  // path steps on a term that is not a name: children[0], steps in path
  kString,  // Node::text, unescaped
  kNumber,  // Node::text as written, with a folded unary sign ("-.5e1")
  kBool,    // Node::boolean
  kNull,
  kMissing,
  kParameter,  // '?': Node::parameter is its 0-based number in the statement
  kTuple,      // {k: v, ...}: children are key, value, key, value, ...
  kList,       // [a, b] or a parenthesised row (a, b)
  kBag,        // <<a, b>>
  kFunction,   // Node::text is the name in lower case, arguments in children
  kStatement,  // a statement used as a term (SELECT as an EXISTS argument); statement
  // Unary; the operand in children[0].
  kNot,
  kNegate,
  kUnaryPlus,
  // Binary; children[0] op children[1].
  kCompare,  // Node::comparison
  kAnd,
  kOr,
  kPlus,
  kMinus,
  kTimes,
  kDivide,
  kModulo,
  kConcat,
  kLike,
  kIn,       // children[1] is the collection: a kList for `IN (a, b)` and `IN [a, b]`
  kBetween,  // children: operand, lower, upper
  kIs,       // `IS [NOT] type`: Node::text is the type name in lower case ("missing",
             // "null", "boolean", "integer8", "double_precision", ...); children[0]
};
// NOT IN, NOT BETWEEN, NOT LIKE and IS NOT are a kNot around the positive form.

struct Node {
  Op op = Op::kPath;
  // kCompare: which one.
  expr::Comparison comparison = expr::Comparison::kEq;
  bool boolean = false;    // kBool
  uint32_t parameter = 0;  // kParameter
  Position position = 0;   // the node's leading token (a call: its name)
  uint32_t length = 0;     // that token's length in bytes
  std::string text;        // kString, kNumber, kFunction, kIs
  Path path;               // kPath, kPathOn
  std::vector<Node> children;
  std::shared_ptr<const Statement> statement;  // kStatement
};

// Whether the node is `a c b`.
inline bool IsComparison(const Node& node, expr::Comparison c) {
  return node.op == Op::kCompare && node.comparison == c;
}

// The name of a node's PartiQL AST class ("IsType", "Eq", "Call", ...), which DynamoDB
// puts in "Unsupported operation: <class>".
std::string_view OpClassName(const Node& node);

// A table (and index) reference: the FROM of SELECT, the target of a write.
struct TableRef {
  // SELECT: any term DynamoDB's parser accepts after FROM; writes: a simple path. The
  // lowering expects a kPath of one or two kName elements: "table" or "table"."index".
  Node source;
  std::string alias;  // refused by DynamoDB ("Aliasing is not supported"); kept for that
  bool has_alias = false;
};

enum class ReturnMode : uint8_t { kAllOld, kModifiedOld, kAllNew, kModifiedNew };

// One element of RETURNING. DynamoDB takes `<mode> *` only.
struct Returning {
  ReturnMode mode = ReturnMode::kAllOld;
  bool star = true;
  Node column;  // !star: what was written instead of '*'
  Position position = 0;
};

struct OrderKey {
  Node key;  // a path, normally the sort key
  bool descending = false;
};

struct Select {
  bool star = false;              // SELECT *
  std::vector<Node> projection;   // otherwise: kPath nodes, in text order
  bool projection_alias = false;  // `SELECT a AS b`: refused like a table alias
  TableRef from;
  bool has_where = false;
  Node where;
  std::vector<OrderKey> order_by;
};

struct Insert {
  TableRef into;
  // true for `INSERT INTO t VALUE <value>`; false for PartiQL's `INSERT INTO t <bag>`,
  // which DynamoDB does not run.
  bool value_form = true;
  Node value;  // normally a kTuple
};

struct UpdateAction {
  enum class Kind : uint8_t { kSet, kRemove };
  Kind kind = Kind::kSet;
  Path path;
  Node value;  // kSet: the value, e.g. a literal, `a + 1`, list_append(...), set_add(...)
  Position position = 0;
};

struct Update {
  TableRef table;
  std::vector<UpdateAction> actions;  // SET and REMOVE clauses, in text order
  bool has_where = false;
  Node where;
  std::vector<Returning> returning;
  // `FROM "t" WHERE ... SET ...`, PartiQL's other spelling of UPDATE.
  bool from_first = false;
};

struct Delete {
  TableRef table;
  bool has_where = false;
  Node where;
  std::vector<Returning> returning;
};

struct Statement {
  enum class Kind : uint8_t { kSelect, kInsert, kUpdate, kDelete, kExists };
  Kind kind = Kind::kSelect;
  Select select;  // kSelect, and kExists: the SELECT inside EXISTS(...)
  Insert insert;
  Update update;
  Delete del;
  uint32_t parameter_count = 0;  // '?' in the whole statement text
  Position position = 0;         // the statement's first keyword
};

}  // namespace monotable::partiql::ast
