#pragma once
// What one request's placeholders mean for one parsed expression: the attribute name
// behind each #name slot and the value behind each :value slot. Pointers refer to the
// request's ExpressionAttributeNames/Values (or the tree's own literals), so a
// Bindings must not outlive them.

#include <string>
#include <string_view>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/expr/ast.h"

namespace monotable::expr {

struct Bindings {
  const ast::Expression* ast = nullptr;
  std::vector<const std::string*> names;      // by ast::Expression::name_refs slot
  std::vector<const AttributeValue*> values;  // by ast::Expression::value_refs slot

  // The attribute name of a kName or kNameRef element.
  std::string_view Name(const ast::PathElement& element) const {
    return element.kind == ast::PathElement::Kind::kNameRef
               ? std::string_view(*names[element.number])
               : std::string_view(element.name);
  }
  // The value of a kValue or kLiteral node.
  const AttributeValue& Value(const ast::Node& node) const {
    return node.op == ast::Op::kValue ? *values[node.slot] : ast->literals[node.slot];
  }
};

}  // namespace monotable::expr
