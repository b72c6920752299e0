// The update grammar:
//   update    ::= section+            (each of SET REMOVE ADD DELETE, any order)
//   section   ::= SET path '=' setvalue ( ',' path '=' setvalue )*
//               | REMOVE path ( ',' path )*
//               | ADD path :value ( ',' path :value )*
//               | DELETE path :value ( ',' path :value )*
//   setvalue  ::= '(' inner ')' | inner        (or '(' operand ')' [+|- operandp])
//   inner     ::= operandp [ ( '+' | '-' ) operandp ]
//   operandp  ::= '(' operand ')' | operand
//   operand   ::= function | :value | path
//   function  ::= name '(' operandp ( ',' operandp )* ')'
// A repeated section is reported after other findings (DynamoDB names reserved words
// first), so the parser only records it.

#include "engine/expr/parser_internal.h"

namespace monotable::expr {

bool Parser::ParseUpdate() {
  static constexpr std::string_view kSections[] = {"SET", "REMOVE", "ADD", "DELETE"};
  static constexpr ast::ActionKind kKinds[] = {ast::ActionKind::kSet, ast::ActionKind::kRemove,
                                               ast::ActionKind::kAdd, ast::ActionKind::kDelete};
  bool seen[4] = {false, false, false, false};
  while (true) {
    int section = -1;
    for (int i = 0; i < 4; ++i) {
      if (AtKeyword(kSections[i])) section = i;
    }
    if (section < 0) return Fail();
    if (seen[section] && expr_->duplicate_section.empty()) {
      expr_->duplicate_section = std::string(kSections[section]);
    }
    seen[section] = true;
    Advance();
    const ast::ActionKind kind = kKinds[section];
    while (true) {
      ast::Action action;
      action.kind = kind;
      if (!AtPathStart()) return Fail();
      if (!ParsePath(action.path)) return false;
      if (kind == ast::ActionKind::kSet) {
        if (!Expect("=")) return false;
        if (!ParseSetValue(action.value)) return false;
      } else if (kind != ast::ActionKind::kRemove) {
        if (Current().type != TokenType::kValuePlaceholder) return Fail();
        ParseValue(action.value);
      }
      expr_->actions.push_back(std::move(action));
      if (!AtPunct(",")) break;
      Advance();
    }
    if (AtEnd()) return true;
  }
}

bool Parser::ParseSetValue(ast::Node& out) {
  if (!AtPunct("(")) return ParseSetValueInner(out);
  if (!Enter()) return false;
  Advance();
  ast::Node inner;
  if (!ParseSetValueInner(inner)) return false;
  if (!Expect(")")) return false;
  Leave();
  if (inner.op != ast::Op::kPlus && inner.op != ast::Op::kMinus) {
    // The parentheses held the first operand only: "(a) + :b".
    return ParseArithmeticTail(inner, out);
  }
  out = std::move(inner);
  return true;
}

bool Parser::ParseSetValueInner(ast::Node& out) {
  ast::Node lhs;
  if (!ParseUpdateOperandInParens(lhs)) return false;
  return ParseArithmeticTail(lhs, out);
}

bool Parser::ParseArithmeticTail(ast::Node& lhs, ast::Node& out) {
  const bool plus = AtPunct("+");
  if (!plus && !AtPunct("-")) {
    out = std::move(lhs);
    return true;
  }
  ast::Node node;
  node.op = plus ? ast::Op::kPlus : ast::Op::kMinus;
  node.position = lhs.position;
  CountOperator();
  Advance();
  ast::Node rhs;
  if (!ParseUpdateOperandInParens(rhs)) return false;
  node.children.push_back(std::move(lhs));
  node.children.push_back(std::move(rhs));
  out = std::move(node);
  return true;
}

bool Parser::ParseUpdateOperandInParens(ast::Node& out) {
  if (!AtPunct("(")) return ParseUpdateOperand(out);
  if (!Enter()) return false;
  Advance();
  if (!ParseUpdateOperand(out)) return false;
  if (!Expect(")")) return false;
  Leave();
  return true;
}

bool Parser::ParseUpdateOperand(ast::Node& out) {
  return ParseCallPathOrValue(out, /*update_grammar=*/true);
}

}  // namespace monotable::expr
