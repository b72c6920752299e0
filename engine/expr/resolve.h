#pragma once
// Semantic checks of a parsed tree and binding of one request's placeholders, in the
// order DynamoDB reports errors. Internal to engine/expr; the public entry points are
// Condition/Update/Projection::Resolve.

#include "engine/base/status.h"
#include "engine/expr/ast.h"
#include "engine/expr/bindings.h"
#include "engine/expr/expression.h"
#include "engine/expr/kind.h"

namespace monotable::expr {

// Fills `bindings` (sized to the tree's placeholder slots) or returns the first error.
Status ResolveConditionTree(const ast::Expression& expr, ExpressionKind kind,
                            Placeholders& placeholders, Bindings& bindings);
Status ResolveUpdateTree(const ast::Expression& expr, Placeholders& placeholders,
                         Bindings& bindings);
Status ResolveProjectionTree(const ast::Expression& expr, Placeholders& placeholders,
                             Bindings& bindings);

// Shared by the three: binding of #name / :value placeholders, first error in text
// order. "An expression attribute name used in the document path is not defined;
// attribute name: #n" / "An expression attribute value used in expression is not
// defined; attribute value: :v" (dynalite's scan and updateItem tests).
class Binder {
 public:
  Binder(const ast::Expression& expr, ExpressionKind kind, Placeholders& placeholders,
         Bindings& bindings);
  Status BindPathNames(const ast::Path& path);
  // Every placeholder under `node`, in text order; names and/or values.
  Status BindNode(const ast::Node& node, bool names, bool values);

 private:
  const ast::Expression& expr_;
  ExpressionKind kind_;
  Placeholders& placeholders_;
  Bindings& bindings_;
};

// "Attribute name is a reserved keyword; reserved keyword: <word>" for the reserved word
// the parser found (ast::Expression::reserved_word), when `expr` refuses them.
Status CheckReservedWords(ExpressionKind kind, const ast::Expression& expr);

}  // namespace monotable::expr
