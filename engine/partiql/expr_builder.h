#pragma once
// Builds the expression language's syntax trees (engine/expr/ast.h) from PartiQL
// terms, so that a lowered statement is evaluated by the same Condition, Update and
// Projection code as the item operations: one evaluator.
//
// The trees are built directly rather than rendered as expression text and parsed
// again: PartiQL values become literals of the tree (no placeholder maps to keep
// alive), names are taken as written (Expression::verbatim_names: DynamoDB's reserved
// words are plain names in PartiQL), and the expression text limits (4 KB, 300
// operators), which PartiQL does not have, cannot be hit by a rendering.
//
// One builder per expression; not thread-safe. Errors (kValidation), DynamoDB's PartiQL
// texts ([C], [D]: errors.h):
//   Unrecognized function: <name> at <line>:<column>:<length>                  [C]
//   Unsupported operation: <class>       (a term that is no condition/operand) [C]
//   Wildcard path component like a[*].b are not supported                      [D]
//   Unexpected path component at <line>:<column>:<length>                      [C]
//   IN operator must have a left hand argument of type Variable Reference and
//     right hand argument of type Seq with at least one member                 [D]
//   The left hand side argument to IS must be a Variable Reference, Literal,
//     or Path                                                                   [D]
//   Unsupported data type for IS operator: <T>. Supported data types are
//     [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST]      [D]
// and those of ValueOf (values.h).

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/expr/ast.h"
#include "engine/partiql/ast.h"

namespace monotable::partiql {

class ExprBuilder {
 public:
  // `text` is the statement (for error locations); `parameters` the request's, at
  // least as many as the statement's '?'.
  ExprBuilder(expr::ExpressionKind kind, std::string_view text,
              std::span<const AttributeValue> parameters);

  // A WHERE condition: AND, OR, NOT, comparisons, BETWEEN, IN, IS [NOT] <type>,
  // begins_with, contains, attribute_type.
  Result<expr::ast::Node> Condition(const ast::Node& node);
  // A comparison operand: a path, a value, or size(path).
  Result<expr::ast::Node> Operand(const ast::Node& node);
  // A SET value: an operand, `a + b`, `a - b`, list_append(a, b).
  Result<expr::ast::Node> SetValue(const ast::Node& node);
  // A PartiQL path as an expression path.
  Result<expr::ast::Path> PathOf(const ast::Path& path);

  expr::ast::Node Literal(AttributeValue value);
  static expr::ast::Node Attribute(std::string_view name);
  static expr::ast::Node Make(expr::ast::Op op, std::vector<expr::ast::Node> children);
  static expr::ast::Node Call(expr::ast::Function function, std::string_view name,
                              std::vector<expr::ast::Node> arguments);

  // The expression being built; Finish hands it over (the builder is spent).
  expr::ast::Expression& expression() { return *expression_; }
  std::shared_ptr<const expr::ast::Expression> Finish() { return std::move(expression_); }

  // "Unrecognized function: <name> at <location of node>".
  Status UnrecognizedFunction(const ast::Node& node) const;

 private:
  Result<expr::ast::Node> Is(const ast::Node& node);
  Result<expr::ast::Node> In(const ast::Node& node);
  Result<expr::ast::Node> Children(expr::ast::Op op, const ast::Node& node, bool conditions);

  std::shared_ptr<expr::ast::Expression> expression_;
  std::string_view text_;
  std::span<const AttributeValue> parameters_;
};

}  // namespace monotable::partiql
