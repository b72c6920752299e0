#pragma once
// The recursive-descent parser shared by parser.cc (driver, paths, projections),
// parse_condition.cc and parse_update.cc. Internal to engine/expr.
//
// Each Parse* method returns false after recording the first error in error_; the
// syntax error names the token the parser stopped at, which is where DynamoDB's
// parser stops too.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"
#include "engine/expr/ast.h"
#include "engine/expr/kind.h"
#include "engine/expr/lexer.h"

namespace monotable::expr {

class Parser {
 public:
  Parser(std::string_view text, ExpressionKind kind);
  Result<std::shared_ptr<const ast::Expression>> Run();

 private:
  // Tokens.
  const Token& Current() const { return tokens_[pos_]; }
  const Token& Next() const { return tokens_[pos_ + 1 < tokens_.size() ? pos_ + 1 : pos_]; }
  std::string_view TextOf(const Token& t) const { return TokenText(text_, t); }
  bool AtEnd() const { return Current().type == TokenType::kEnd; }
  bool AtPunct(std::string_view punct) const;
  bool AtKeyword(std::string_view keyword) const;  // case-insensitive identifier
  // A grammar keyword of this kind (AND OR NOT BETWEEN IN / SET REMOVE ADD DELETE),
  // which can never be an attribute or function name.
  bool IsKeyword(const Token& t) const;
  void Advance() {
    if (!AtEnd()) ++pos_;
  }
  bool Expect(std::string_view punct);
  bool Fail();  // syntax error at the current token

  // Nesting guard against stack exhaustion on hostile input (4 KB of parentheses).
  bool Enter();
  void Leave() { --depth_; }
  // Whether the next Enter() fails.
  bool AtDepthLimit() const;
  void CountOperator() { ++operators_; }
  void WrapInParens(ast::Node& node);

  // Shared.
  bool AtPathStart() const;
  bool AtFunctionCall() const;
  bool ParsePath(ast::Path& path);      // at AtPathStart()
  bool ParsePathTail(ast::Path& path);  // zero or more .name / [N]
  bool ParsePathName(ast::Path& path);  // one identifier or #name
  void ParseValue(ast::Node& node);     // at a kValuePlaceholder
  uint32_t NameSlot(std::string_view placeholder);
  uint32_t ValueSlot(std::string_view placeholder);

  // Conditions (parse_condition.cc).
  bool ParseCondition();
  bool ParseOr(ast::Node& out);
  bool ParseAnd(ast::Node& out);
  bool ParseNot(ast::Node& out);
  bool ParseComparison(ast::Node& out);
  bool ParseComparisonTail(ast::Node& lhs, ast::Node& out);
  bool ParseOperand(ast::Node& out);
  bool ParseFunction(ast::Node& out, bool update_grammar);
  // The operand forms both grammars share: a function call, a document path or a
  // :value placeholder; anything else is a syntax error.
  bool ParseCallPathOrValue(ast::Node& out, bool update_grammar);

  // Updates (parse_update.cc).
  bool ParseUpdate();
  bool ParseSetValue(ast::Node& out);
  bool ParseSetValueInner(ast::Node& out);
  bool ParseArithmeticTail(ast::Node& lhs, ast::Node& out);
  bool ParseUpdateOperandInParens(ast::Node& out);
  bool ParseUpdateOperand(ast::Node& out);

  // Projections.
  bool ParseProjection();

  std::string_view text_;
  ExpressionKind kind_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  std::shared_ptr<ast::Expression> expr_;
  Status error_;
  size_t operators_ = 0;
  int depth_ = 0;
};

// Condition and update nodes that are conditions (not operands): comparisons, AND, OR,
// NOT, and function calls (which semantic checks sort out later).
bool IsConditionNode(const ast::Node& node);

}  // namespace monotable::expr
