#pragma once
// The recursive-descent parser shared by parser.cc (driver and post-parse checks),
// parse_expression.cc and parse_statement.cc. Internal to engine/partiql.
//
// It follows DynamoDB's parser (PartiQL's reference SqlParser) closely enough to stop
// at the same token with the same detail text: expressions are parsed by precedence
// climbing, and statements are terms of the expression grammar (a SELECT inside
// EXISTS(...), and `SLECT * FROM "t"`, which reads as SLECT times a FROM-first update
// and fails with "Expected data manipulation"). Each Parse* method returns false after
// recording the first error in error_. Not thread-safe (one per parse).

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"
#include "engine/partiql/ast.h"
#include "engine/partiql/lexer.h"

namespace monotable::partiql {

// Precedences of DynamoDB's parser: OR < AND < NOT < = <> IS IN < < <= > >= BETWEEN
// LIKE < + - || < * / %. A SELECT's FROM and WHERE are parsed at kSelectPrecedence.
inline constexpr int kTopPrecedence = -1;
inline constexpr int kSelectPrecedence = 6;
inline constexpr int kNotPrecedence = 30;

class Parser {
 public:
  Parser(std::string_view text, LexResult lexed)
      : text_(text), tokens_(std::move(lexed.tokens)), parameters_(lexed.parameter_count) {}
  Result<std::shared_ptr<const ast::Statement>> Run();

 private:
  // Tokens.
  const Token& Peek(size_t ahead = 0) const {
    size_t i = pos_ + ahead;
    return tokens_[i < tokens_.size() ? i : tokens_.size() - 1];
  }
  bool At(TokenType type, size_t ahead = 0) const { return Peek(ahead).type == type; }
  bool AtKeyword(std::string_view keyword, size_t ahead = 0) const;
  bool AtOperator(std::string_view op, size_t ahead = 0) const;
  bool AtIdentifier(size_t ahead = 0) const;  // plain or quoted
  bool AtEndOfStatement() const;              // the end, or ';' and the end
  void Advance() {
    if (!At(TokenType::kEnd)) ++pos_;
  }
  bool Fail(Status status);
  bool Fail(std::string_view detail);                       // Malformed(detail)
  bool Expect(TokenType type, std::string_view type_name);  // "Expected <type_name>"
  // Nesting guard against stack exhaustion (a statement is at most 8 KB).
  bool Enter();
  void Leave() { --depth_; }
  ast::Node NodeAt(ast::Op op, const Token& token) const;
  // At an identifier (plain or quoted): consumes it as a path element / a one-name path.
  ast::PathElement NameElement();
  ast::Node NameNode();

  // Expressions (parse_expression.cc).
  bool ParseExpression(int precedence, ast::Node& out);
  bool ParseInfix(int precedence, ast::Node& left);
  bool ParseUnary(ast::Node& out);
  bool ParseTerm(ast::Node& out);
  bool ParseKeywordTerm(ast::Node& out);
  bool ParsePathSteps(ast::Node& term);
  bool ParseSimplePath(ast::Node& out);  // DML targets, SET and REMOVE paths
  bool ParseBracketStep(ast::PathElement& element);
  bool ParseFunctionCall(ast::Node& out);
  bool ParseArguments(std::vector<ast::Node>& out);  // one or more, comma-separated
  bool ParseSequence(ast::Op op, TokenType close, std::string_view close_name, ast::Node& out);
  bool ParseTuple(ast::Node& out);
  bool ParseType(std::string& out);

  // Statements (parse_statement.cc).
  bool ParseSelect(ast::Node& out);
  bool ParseSelectList(ast::Select& select);
  bool ParseOrderBy(ast::Select& select);
  bool ParseInsert(ast::Node& out);
  bool ParseUpdate(ast::Node& out);
  bool ParseFromFirst(ast::Node& out);
  bool ParseDelete(ast::Node& out);
  bool ParseFromSource(int precedence, ast::TableRef& table);
  bool ParseTarget(ast::TableRef& table);  // simple path and optional aliases
  bool ParseAliases(ast::TableRef& table);
  bool ParseDmlOperations(ast::Update& update);
  bool ParseWhere(int precedence, bool& has_where, ast::Node& where);
  bool ParseReturning(std::vector<ast::Returning>& returning);
  template <typename Body>  // bool(ast::Statement&); defined in parse_statement.cc
  bool ParseStatementTerm(ast::Statement::Kind kind, ast::Node& out, Body body);

  // Post-parse checks (parser.cc).
  Status CheckStatement(const ast::Statement& statement) const;

  std::string_view text_;
  std::vector<Token> tokens_;
  uint32_t parameters_ = 0;
  size_t pos_ = 0;
  int depth_ = 0;
  Status error_;
};

}  // namespace monotable::partiql
