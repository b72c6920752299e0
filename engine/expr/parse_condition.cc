// The condition grammar (ConditionExpression, FilterExpression,
// KeyConditionExpression), lowest precedence first as DynamoDB documents it:
//   condition  ::= or
//   or         ::= and ( OR and )*
//   and        ::= not ( AND not )*
//   not        ::= NOT not | comparison
//   comparison ::= unit [ comparator operand | BETWEEN operand AND operand
//                       | IN '(' operand ( ',' operand )* ')' ]
//   unit       ::= '(' or ')' | operand
//   operand    ::= '(' operand ')' | function | path | :value
//   function   ::= name '(' operand ( ',' operand )* ')'
// A parenthesized path may continue ("(a.b).c"), as DynamoDB accepts. Which function
// may stand where (size() only as an operand, the others only as conditions) is a
// semantic check, reported after syntax as DynamoDB does.

#include <optional>
#include <utility>

#include "engine/expr/errors.h"
#include "engine/expr/parser_internal.h"

namespace monotable::expr {
namespace {

ast::Function FunctionByName(std::string_view name) {
  // Function names are case-sensitive: "attRIbute_exIsts" is an invalid function name
  // (dynalite scan tests).
  if (name == "attribute_exists") return ast::Function::kAttributeExists;
  if (name == "attribute_not_exists") return ast::Function::kAttributeNotExists;
  if (name == "attribute_type") return ast::Function::kAttributeType;
  if (name == "begins_with") return ast::Function::kBeginsWith;
  if (name == "contains") return ast::Function::kContains;
  if (name == "size") return ast::Function::kSize;
  if (name == "if_not_exists") return ast::Function::kIfNotExists;
  if (name == "list_append") return ast::Function::kListAppend;
  return ast::Function::kUnknown;
}

}  // namespace

bool Parser::ParseCondition() {
  ast::Node root;
  if (!ParseOr(root)) return false;
  if (!IsConditionNode(root) || !AtEnd()) return Fail();
  expr_->condition = std::move(root);
  return true;
}

bool Parser::ParseOr(ast::Node& out) {
  if (!ParseAnd(out)) return false;
  if (!AtKeyword("OR")) return true;
  ast::Node node;
  node.op = ast::Op::kOr;
  node.position = out.position;
  node.children.push_back(std::move(out));
  while (AtKeyword("OR")) {
    if (!IsConditionNode(node.children.back())) return Fail();
    CountOperator();
    Advance();
    ast::Node rhs;
    if (!ParseAnd(rhs)) return false;
    if (!IsConditionNode(rhs)) return Fail();
    node.children.push_back(std::move(rhs));
  }
  out = std::move(node);
  return true;
}

bool Parser::ParseAnd(ast::Node& out) {
  if (!ParseNot(out)) return false;
  if (!AtKeyword("AND")) return true;
  ast::Node node;
  node.op = ast::Op::kAnd;
  node.position = out.position;
  node.children.push_back(std::move(out));
  while (AtKeyword("AND")) {
    if (!IsConditionNode(node.children.back())) return Fail();
    CountOperator();
    Advance();
    ast::Node rhs;
    if (!ParseNot(rhs)) return false;
    if (!IsConditionNode(rhs)) return Fail();
    node.children.push_back(std::move(rhs));
  }
  out = std::move(node);
  return true;
}

bool Parser::ParseNot(ast::Node& out) {
  if (!AtKeyword("NOT")) return ParseComparison(out);
  if (!Enter()) return false;
  ast::Node node;
  node.op = ast::Op::kNot;
  node.position = Current().offset;
  CountOperator();
  Advance();
  ast::Node inner;
  if (!ParseNot(inner)) return false;
  if (!IsConditionNode(inner)) return Fail();
  Leave();
  node.children.push_back(std::move(inner));
  out = std::move(node);
  return true;
}

bool Parser::ParseComparison(ast::Node& out) {
  ast::Node lhs;
  if (AtPunct("(")) {
    // A parenthesized condition, or a parenthesized operand that a comparison follows:
    // "(a = b)" and "(a) = b" are both valid, so parse the general form and decide.
    if (!Enter()) return false;
    Advance();
    if (!ParseOr(lhs)) return false;
    if (!Expect(")")) return false;
    Leave();
    WrapInParens(lhs);
    if (lhs.op == ast::Op::kPath && (AtPunct(".") || AtPunct("["))) {
      if (!ParsePathTail(lhs.path)) return false;
      lhs.parens = 0;
    }
    if (IsConditionNode(lhs) && lhs.op != ast::Op::kFunction) {
      out = std::move(lhs);
      return true;
    }
  } else if (!ParseOperand(lhs)) {
    return false;
  }
  return ParseComparisonTail(lhs, out);
}

bool Parser::ParseComparisonTail(ast::Node& lhs, ast::Node& out) {
  ast::Node node;
  node.position = lhs.position;
  std::optional<Comparison> comparison;
  if (Current().type == TokenType::kPunct) comparison = ParseComparisonSymbol(TextOf(Current()));
  if (comparison) {
    node.op = ast::Op::kCompare;
    node.comparison = *comparison;
    CountOperator();
    Advance();
    ast::Node rhs;
    if (!ParseOperand(rhs)) return false;
    node.children.push_back(std::move(lhs));
    node.children.push_back(std::move(rhs));
  } else if (AtKeyword("BETWEEN")) {
    node.op = ast::Op::kBetween;
    CountOperator();
    Advance();
    ast::Node lower, upper;
    if (!ParseOperand(lower)) return false;
    if (!AtKeyword("AND")) return Fail();
    Advance();
    if (!ParseOperand(upper)) return false;
    node.children.push_back(std::move(lhs));
    node.children.push_back(std::move(lower));
    node.children.push_back(std::move(upper));
  } else if (AtKeyword("IN")) {
    node.op = ast::Op::kIn;
    CountOperator();
    Advance();
    if (!Expect("(")) return false;
    node.children.push_back(std::move(lhs));
    while (true) {
      ast::Node item;
      if (!ParseOperand(item)) return false;
      node.children.push_back(std::move(item));
      if (!AtPunct(",")) break;
      Advance();
    }
    if (!Expect(")")) return false;
  } else {
    out = std::move(lhs);  // an operand or a function; the caller decides
    return true;
  }
  out = std::move(node);
  return true;
}

bool Parser::ParseOperand(ast::Node& out) {
  if (AtPunct("(")) {
    if (!Enter()) return false;
    Advance();
    if (!ParseOperand(out)) return false;
    if (!Expect(")")) return false;
    Leave();
    WrapInParens(out);
    if (out.op == ast::Op::kPath && (AtPunct(".") || AtPunct("["))) {
      if (!ParsePathTail(out.path)) return false;
      out.parens = 0;
    }
    return true;
  }
  return ParseCallPathOrValue(out, /*update_grammar=*/false);
}

bool Parser::ParseCallPathOrValue(ast::Node& out, bool update_grammar) {
  if (AtFunctionCall()) return ParseFunction(out, update_grammar);
  if (AtPathStart()) {
    out.op = ast::Op::kPath;
    out.position = Current().offset;
    return ParsePath(out.path);
  }
  if (Current().type == TokenType::kValuePlaceholder) {
    ParseValue(out);
    return true;
  }
  return Fail();
}

bool Parser::ParseFunction(ast::Node& out, bool update_grammar) {
  // Function calls are no operators to DynamoDB, and nested past this parser's depth
  // guard an unknown one is still named: a < f(f(...(b))) 1,355 deep is "Invalid
  // function name; function: f", not "too many operators" (scylladb/scylladb
  // test_limits.py test_deeply_nested_expression_5, which runs against DynamoDB).
  const std::string_view name = TextOf(Current());
  if (FunctionByName(name) == ast::Function::kUnknown && AtDepthLimit() && error_.ok()) {
    error_ = InvalidExpression(kind_, "Invalid function name; function: " + std::string(name));
    return false;
  }
  if (!Enter()) return false;
  out.op = ast::Op::kFunction;
  out.position = Current().offset;
  out.name = std::string(name);
  out.function = FunctionByName(out.name);
  Advance();  // the name
  Advance();  // '('
  while (true) {
    ast::Node arg;
    if (!(update_grammar ? ParseUpdateOperandInParens(arg) : ParseOperand(arg))) return false;
    out.children.push_back(std::move(arg));
    if (!AtPunct(",")) break;
    Advance();
  }
  if (!Expect(")")) return false;
  Leave();
  return true;
}

}  // namespace monotable::expr
