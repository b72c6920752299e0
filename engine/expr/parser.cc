#include "engine/expr/parser.h"

#include <limits>

#include "engine/base/limits.h"
#include "engine/expr/errors.h"
#include "engine/expr/parser_internal.h"
#include "engine/expr/reserved_words.h"

namespace monotable::expr {
namespace {

// Deeper nesting than any valid expression needs: every level of parentheses must
// hold an operator (or it is redundant) and there are at most 300 operators.
constexpr int kMaxParseDepth = 1000;

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'a' && x <= 'z') x = static_cast<char>(x - 'a' + 'A');
    if (y >= 'a' && y <= 'z') y = static_cast<char>(y - 'a' + 'A');
    if (x != y) return false;
  }
  return true;
}

bool IsBlank(std::string_view text) {
  for (char c : text) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
  }
  return true;
}

Status TooManyOperators(ExpressionKind kind, size_t count) {
  // "Invalid FilterExpression: The expression contains too many operators; operator
  // count: 301" (aws/aws-sdk-js#3721, scylladb/scylladb#14473).
  return InvalidExpression(
      kind, "The expression contains too many operators; operator count: " + std::to_string(count));
}

}  // namespace

bool IsConditionNode(const ast::Node& node) {
  switch (node.op) {
    case ast::Op::kPath:
    case ast::Op::kValue:
    case ast::Op::kLiteral:
    case ast::Op::kPlus:
    case ast::Op::kMinus: return false;
    default: return true;
  }
}

Parser::Parser(std::string_view text, ExpressionKind kind)
    : text_(text), kind_(kind), expr_(std::make_shared<ast::Expression>()) {
  expr_->kind = kind;
}

Result<std::shared_ptr<const ast::Expression>> Parser::Run() {
  // "Invalid UpdateExpression: The expression can not be empty;" (dynalite tests).
  if (IsBlank(text_)) return InvalidExpression(kind_, "The expression can not be empty;");
  if (text_.size() > limits::kMaxExpressionBytes) {
    // ExtendDB's captures from DynamoDB: Filter and Condition append the size, the
    // other kinds end at the semicolon.
    std::string detail = "Expression size has exceeded the maximum allowed size;";
    if (kind_ == ExpressionKind::kCondition || kind_ == ExpressionKind::kFilter) {
      detail += " expression size: " + std::to_string(text_.size());
    }
    return InvalidExpression(kind_, detail);
  }
  tokens_ = Lex(text_);
  bool ok = IsConditionKind(kind_)             ? ParseCondition()
            : kind_ == ExpressionKind::kUpdate ? ParseUpdate()
                                               : ParseProjection();
  if (!ok) return error_;
  if (operators_ > limits::kMaxExpressionOperators) return TooManyOperators(kind_, operators_);
  expr_->reserved_word = std::string(FirstReservedWord(*expr_));
  return std::shared_ptr<const ast::Expression>(std::move(expr_));
}

bool Parser::AtPunct(std::string_view punct) const {
  return Current().type == TokenType::kPunct && TextOf(Current()) == punct;
}

bool Parser::AtKeyword(std::string_view keyword) const {
  return Current().type == TokenType::kIdentifier && EqualsIgnoreCase(TextOf(Current()), keyword);
}

bool Parser::IsKeyword(const Token& t) const {
  if (t.type != TokenType::kIdentifier) return false;
  std::string_view s = TextOf(t);
  if (IsConditionKind(kind_)) {
    return EqualsIgnoreCase(s, "AND") || EqualsIgnoreCase(s, "OR") || EqualsIgnoreCase(s, "NOT") ||
           EqualsIgnoreCase(s, "BETWEEN") || EqualsIgnoreCase(s, "IN");
  }
  if (kind_ == ExpressionKind::kUpdate) {
    return EqualsIgnoreCase(s, "SET") || EqualsIgnoreCase(s, "REMOVE") ||
           EqualsIgnoreCase(s, "ADD") || EqualsIgnoreCase(s, "DELETE");
  }
  return false;
}

bool Parser::Expect(std::string_view punct) {
  if (!AtPunct(punct)) return Fail();
  Advance();
  return true;
}

bool Parser::Fail() {
  if (!error_.ok()) return false;
  // DynamoDB: Syntax error; token: "<tok>", near: "<prev> <tok> <next>", where near is
  // the source text from the start of the previous token to the end of the next one
  // ("ADD hits : incr" -> token ":", near "hits : incr", aws/aws-cdk#7591; a missing
  // operand at the end -> token "<EOF>", near ":type").
  const Token& t = Current();
  const bool at_end = t.type == TokenType::kEnd;
  size_t begin = t.offset;
  size_t end = t.offset + t.length;
  if (pos_ > 0) begin = tokens_[pos_ - 1].offset;
  if (at_end) {
    if (pos_ > 0) end = tokens_[pos_ - 1].offset + tokens_[pos_ - 1].length;
  } else if (tokens_[pos_ + 1].type != TokenType::kEnd) {
    end = tokens_[pos_ + 1].offset + tokens_[pos_ + 1].length;
  }
  std::string detail = "Syntax error; token: \"";
  detail += at_end ? std::string_view("<EOF>") : TextOf(t);
  detail += "\", near: \"";
  detail += text_.substr(begin, end - begin);
  detail += '"';
  error_ = InvalidExpression(kind_, detail);
  return false;
}

bool Parser::AtDepthLimit() const { return depth_ + 1 > kMaxParseDepth; }

bool Parser::Enter() {
  if (++depth_ <= kMaxParseDepth) return true;
  if (error_.ok()) {
    error_ = operators_ > limits::kMaxExpressionOperators
                 ? TooManyOperators(kind_, operators_)
                 : InvalidExpression(kind_, "The expression has redundant parentheses;");
  }
  return false;
}

void Parser::WrapInParens(ast::Node& node) {
  if (node.parens < 2) ++node.parens;
  // "The expression has redundant parentheses;" (dynalite scan tests): a node wrapped
  // directly in two pairs, e.g. a > ((b)) or ((a = b)).
  if (node.parens >= 2) expr_->redundant_parens = true;
}

bool Parser::AtPathStart() const {
  const Token& t = Current();
  return t.type == TokenType::kNamePlaceholder ||
         (t.type == TokenType::kIdentifier && !IsKeyword(t));
}

bool Parser::AtFunctionCall() const {
  const Token& t = Current();
  return t.type == TokenType::kIdentifier && !IsKeyword(t) && Next().type == TokenType::kPunct &&
         TextOf(Next()) == "(";
}

bool Parser::ParsePathName(ast::Path& path) {
  const Token& t = Current();
  ast::PathElement e;
  e.position = t.offset;
  if (t.type == TokenType::kNamePlaceholder) {
    e.kind = ast::PathElement::Kind::kNameRef;
    e.number = NameSlot(TextOf(t));
  } else if (t.type == TokenType::kIdentifier && !IsKeyword(t)) {
    e.kind = ast::PathElement::Kind::kName;
    e.name = std::string(TextOf(t));
  } else {
    return Fail();
  }
  path.push_back(std::move(e));
  Advance();
  return true;
}

bool Parser::ParsePath(ast::Path& path) { return ParsePathName(path) && ParsePathTail(path); }

bool Parser::ParsePathTail(ast::Path& path) {
  while (true) {
    if (AtPunct(".")) {
      Advance();
      if (!ParsePathName(path)) return false;
    } else if (AtPunct("[")) {
      Advance();
      const Token& t = Current();
      if (t.type != TokenType::kNumber) return Fail();
      // DynamoDB takes list indexes as 32-bit signed integers: a larger one is "List
      // index is not within the allowable range; index: [2147483648]" (its PartiQL
      // parser's LIST_INDEX_OUTSIDE_RANGE text, which the expression parsers share).
      uint64_t index = 0;
      for (char c : TextOf(t)) {
        index = index * 10 + static_cast<uint64_t>(c - '0');
        if (index > static_cast<uint64_t>(std::numeric_limits<int32_t>::max())) {
          if (error_.ok()) {
            error_ = InvalidExpression(kind_,
                                       "List index is not within the allowable range; "
                                       "index: [" +
                                           std::string(TextOf(t)) + "]");
          }
          return false;
        }
      }
      ast::PathElement e;
      e.kind = ast::PathElement::Kind::kIndex;
      e.number = static_cast<uint32_t>(index);
      e.position = t.offset;
      path.push_back(std::move(e));
      Advance();
      if (!Expect("]")) return false;
    } else {
      return true;
    }
  }
}

void Parser::ParseValue(ast::Node& node) {
  node.op = ast::Op::kValue;
  node.position = Current().offset;
  node.slot = ValueSlot(TextOf(Current()));
  Advance();
}

uint32_t Parser::NameSlot(std::string_view placeholder) {
  auto& refs = expr_->name_refs;
  for (size_t i = 0; i < refs.size(); ++i) {
    if (refs[i] == placeholder) return static_cast<uint32_t>(i);
  }
  refs.emplace_back(placeholder);
  return static_cast<uint32_t>(refs.size() - 1);
}

uint32_t Parser::ValueSlot(std::string_view placeholder) {
  auto& refs = expr_->value_refs;
  for (size_t i = 0; i < refs.size(); ++i) {
    if (refs[i] == placeholder) return static_cast<uint32_t>(i);
  }
  refs.emplace_back(placeholder);
  return static_cast<uint32_t>(refs.size() - 1);
}

// projection ::= path ( ',' path )*
bool Parser::ParseProjection() {
  while (true) {
    ast::Path path;
    if (!AtPathStart() || !ParsePath(path)) return Fail();
    expr_->paths.push_back(std::move(path));
    if (AtEnd()) return true;
    if (!Expect(",")) return false;
  }
}

Result<std::shared_ptr<const ast::Expression>> ParseExpression(std::string_view text,
                                                               ExpressionKind kind) {
  return Parser(text, kind).Run();
}

}  // namespace monotable::expr
