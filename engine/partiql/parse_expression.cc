// Expressions: precedence climbing over DynamoDB's operator table, terms (literals,
// paths, calls, tuples, lists, bags, parameters) and path steps.

#include <algorithm>
#include <array>
#include <limits>

#include "engine/partiql/errors.h"
#include "engine/partiql/parser_internal.h"

namespace monotable::partiql {
namespace {

using ast::Node;
using ast::Op;

struct InfixOperator {
  std::string_view text;
  int precedence;
  Op op;
};

constexpr std::array<InfixOperator, 17> kInfix = {{
    {"or", 10, Op::kOr},
    {"and", 20, Op::kAnd},
    {"=", 40, Op::kCompare},
    {"<>", 40, Op::kCompare},
    {"is", 40, Op::kIs},
    {"in", 40, Op::kIn},
    {"<", 50, Op::kCompare},
    {"<=", 50, Op::kCompare},
    {">", 50, Op::kCompare},
    {">=", 50, Op::kCompare},
    {"between", 50, Op::kBetween},
    {"like", 50, Op::kLike},
    {"+", 60, Op::kPlus},
    {"-", 60, Op::kMinus},
    {"||", 60, Op::kConcat},
    {"/", 70, Op::kDivide},
    {"%", 70, Op::kModulo},
}};

const InfixOperator* FindInfix(std::string_view text) {
  for (const auto& op : kInfix) {
    if (op.text == text) return &op;
  }
  return nullptr;
}

// Keywords that are function names when '(' follows (partiql FUNCTION_NAME_KEYWORDS).
constexpr std::array<std::string_view, 17> kFunctionKeywords = {
    "avg",       "bag",   "bit_length", "char_length", "character_length", "count", "exists",
    "list",      "lower", "max",        "min",         "octet_length",     "sexp",  "size",
    "substring", "sum",   "upper"};

// IS <type>: the type names DynamoDB's parser knows, aliases resolved.
struct TypeName {
  std::string_view written;
  std::string_view name;
};
constexpr std::array<TypeName, 35> kTypeNames = {{
    {"missing", "missing"},
    {"null", "null"},
    {"boolean", "boolean"},
    {"bool", "boolean"},
    {"smallint", "smallint"},
    {"int2", "smallint"},
    {"integer2", "smallint"},
    {"integer4", "integer4"},
    {"int4", "integer4"},
    {"integer8", "integer8"},
    {"int8", "integer8"},
    {"bigint", "integer8"},
    {"integer", "integer"},
    {"int", "integer"},
    {"float", "float"},
    {"real", "real"},
    {"decimal", "decimal"},
    {"dec", "decimal"},
    {"numeric", "numeric"},
    {"timestamp", "timestamp"},
    {"date", "date"},
    {"time", "time"},
    {"character", "character"},
    {"char", "character"},
    {"varchar", "character_varying"},
    {"string", "string"},
    {"symbol", "symbol"},
    {"clob", "clob"},
    {"blob", "blob"},
    {"struct", "struct"},
    {"tuple", "tuple"},
    {"list", "list"},
    {"sexp", "sexp"},
    {"bag", "bag"},
    {"any", "any"},
}};

// A kNumber literal that is a list index: digits only, fitting 32 bits.
bool AsIndex(const Node& node, uint32_t& index) {
  if (node.op != Op::kNumber || node.text.empty() || node.text.size() > 10) return false;
  uint64_t value = 0;
  for (char c : node.text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<uint64_t>(c - '0');
  }
  if (value > std::numeric_limits<uint32_t>::max()) return false;
  index = static_cast<uint32_t>(value);
  return true;
}

}  // namespace

ast::PathElement Parser::NameElement() {
  const Token& token = Peek();
  ast::PathElement element;
  element.quoted = token.type == TokenType::kQuotedIdentifier;
  element.name = token.text;
  element.position = token.offset;
  element.length = token.length;
  Advance();
  return element;
}

Node Parser::NameNode() {
  Node node = NodeAt(Op::kPath, Peek());
  node.path.push_back(NameElement());
  return node;
}

bool Parser::ParseExpression(int precedence, Node& out) {
  if (!Enter()) return false;
  bool ok = ParseUnary(out) && ParseInfix(precedence, out);
  Leave();
  return ok;
}

// The operator loop: binds operators stronger than `precedence`, left to right.
bool Parser::ParseInfix(int precedence, Node& left) {
  while (true) {
    const Token& token = Peek();
    // NOT IN / NOT BETWEEN / NOT LIKE and IS NOT read as one operator; * is its own
    // token (it is also SELECT's star).
    bool negated = false;
    size_t width = 1;
    std::string_view text = token.text;
    if (token.type == TokenType::kStar) {
      text = "*";
    } else if (token.type != TokenType::kOperator) {
      return true;
    } else if (text == "not") {
      const Token& next = Peek(1);
      if (next.type != TokenType::kOperator ||
          (next.text != "in" && next.text != "between" && next.text != "like")) {
        return true;
      }
      negated = true;
      width = 2;
      text = next.text;
    } else if (text == "is" && AtOperator("not", 1)) {
      negated = true;
      width = 2;
    }
    const InfixOperator* op = FindInfix(text);
    static constexpr InfixOperator kTimes = {"*", 70, Op::kTimes};
    if (text == "*") op = &kTimes;
    if (op == nullptr || op->precedence <= precedence) return true;

    Node combined = NodeAt(op->op, token);
    // The comparisons' spellings are the expressions' ("!=" was lexed as "<>").
    if (op->op == Op::kCompare) combined.comparison = *expr::ParseComparisonSymbol(op->text);
    for (size_t i = 0; i < width; ++i) Advance();
    Node right;
    if (op->op == Op::kIs) {
      combined.text.clear();
      if (!ParseType(combined.text)) return false;
    } else if (op->op == Op::kIn && At(TokenType::kLeftParen) && !AtKeyword("select", 1) &&
               !AtKeyword("values", 1)) {
      // IN (a, b) is a list, not a parenthesised expression.
      right = NodeAt(Op::kList, Peek());
      Advance();
      if (!ParseArguments(right.children) || !Expect(TokenType::kRightParen, "RIGHT_PAREN")) {
        return false;
      }
    } else {
      if (At(TokenType::kEnd)) return Fail(kMissingRightHandSide);
      if (!ParseExpression(op->precedence, right)) return false;
    }
    combined.children.push_back(std::move(left));
    if (op->op != Op::kIs) combined.children.push_back(std::move(right));
    if (op->op == Op::kBetween) {
      if (!AtOperator("and")) return Fail(kExpectedAndKeyword);
      Advance();
      if (AtEndOfStatement()) return Fail(kExpectedExpressionAfterAnd);
      Node upper;
      if (!ParseExpression(op->precedence, upper)) return false;
      combined.children.push_back(std::move(upper));
    }
    if (negated) {
      Node outer = NodeAt(Op::kNot, token);
      outer.children.push_back(std::move(combined));
      combined = std::move(outer);
    }
    left = std::move(combined);
  }
}

bool Parser::ParseUnary(Node& out) {
  const Token& token = Peek();
  if (token.type == TokenType::kOperator &&
      (token.text == "not" || token.text == "-" || token.text == "+")) {
    Node node = NodeAt(token.text == "not" ? Op::kNot
                       : token.text == "-" ? Op::kNegate
                                           : Op::kUnaryPlus,
                       token);
    Advance();
    Node operand;
    // NOT binds looser than comparisons: NOT a = 1 is NOT (a = 1).
    bool ok = node.op == Op::kNot ? ParseExpression(kNotPrecedence, operand)
                                  : (Enter() && ParseUnary(operand));
    if (node.op != Op::kNot) Leave();
    if (!ok) return false;
    // A sign on a number literal is folded into it, as DynamoDB's parser does.
    if (node.op != Op::kNot && operand.op == Op::kNumber) {
      if (node.op == Op::kNegate) {
        operand.text = operand.text[0] == '-' ? operand.text.substr(1) : "-" + operand.text;
      }
      operand.position = node.position;
      out = std::move(operand);
      return true;
    }
    node.children.push_back(std::move(operand));
    out = std::move(node);
    return true;
  }
  return ParseTerm(out) && ParsePathSteps(out);
}

bool Parser::ParseTerm(Node& out) {
  const Token& token = Peek();
  switch (token.type) {
    case TokenType::kOperator: return Fail(kUnexpectedOperator);
    case TokenType::kKeyword: return ParseKeywordTerm(out);
    case TokenType::kIdentifier:
    case TokenType::kQuotedIdentifier: {
      if (At(TokenType::kLeftParen, 1)) return ParseFunctionCall(out);
      out = NameNode();
      return true;
    }
    case TokenType::kString:
    case TokenType::kNumber:
      out = NodeAt(token.type == TokenType::kString ? Op::kString : Op::kNumber, token);
      out.text = token.text;
      Advance();
      return true;
    case TokenType::kQuestionMark:
      out = NodeAt(Op::kParameter, token);
      out.parameter = token.ordinal;
      Advance();
      return true;
    case TokenType::kLeftParen: {
      Node row = NodeAt(Op::kList, token);
      Advance();
      if (!ParseArguments(row.children) || !Expect(TokenType::kRightParen, "RIGHT_PAREN")) {
        return false;
      }
      // (a) groups; (a, b) is a row, which PartiQL reads as a list.
      out = row.children.size() == 1 ? std::move(row.children[0]) : std::move(row);
      return true;
    }
    case TokenType::kLeftBracket:
      return ParseSequence(Op::kList, TokenType::kRightBracket, "RIGHT_BRACKET", out);
    case TokenType::kLeftDoubleAngle:
      return ParseSequence(Op::kBag, TokenType::kRightDoubleAngle, "RIGHT_DOUBLE_ANGLE_BRACKET",
                           out);
    case TokenType::kLeftCurly: return ParseTuple(out);
    default: return Fail(kUnexpectedTerm);
  }
}

bool Parser::ParseKeywordTerm(Node& out) {
  const Token& token = Peek();
  const std::string& keyword = token.text;
  if (keyword == "select") return ParseSelect(out);
  if (keyword == "update") return ParseUpdate(out);
  if (keyword == "delete") return ParseDelete(out);
  if (keyword == "from") return ParseFromFirst(out);
  if (keyword == "insert" && AtKeyword("into", 1)) return ParseInsert(out);
  if (keyword == "true" || keyword == "false") {
    out = NodeAt(Op::kBool, token);
    out.boolean = keyword == "true";
  } else if (keyword == "null" || keyword == "missing") {
    out = NodeAt(keyword == "null" ? Op::kNull : Op::kMissing, token);
  } else if (At(TokenType::kLeftParen, 1) &&
             std::find(kFunctionKeywords.begin(), kFunctionKeywords.end(), keyword) !=
                 kFunctionKeywords.end()) {
    return ParseFunctionCall(out);
  } else {
    return Fail(kUnexpectedKeyword);
  }
  Advance();
  return true;
}

bool Parser::ParseFunctionCall(Node& out) {
  const Token& name = Peek();
  out = NodeAt(Op::kFunction, name);
  out.text = name.text;
  std::transform(out.text.begin(), out.text.end(), out.text.begin(),
                 [](char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; });
  Advance();  // the name
  Advance();  // '('
  if (At(TokenType::kStar)) return Fail(StarArgument(name.text));
  if (At(TokenType::kRightParen)) {
    Advance();
    return true;
  }
  return ParseArguments(out.children) && Expect(TokenType::kRightParen, "RIGHT_PAREN");
}

bool Parser::ParseArguments(std::vector<Node>& out) {
  while (true) {
    Node item;
    if (!ParseExpression(kTopPrecedence, item)) return false;
    out.push_back(std::move(item));
    if (!At(TokenType::kComma)) return true;
    Advance();
  }
}

bool Parser::ParseSequence(Op op, TokenType close, std::string_view close_name, Node& out) {
  out = NodeAt(op, Peek());
  Advance();
  if (At(close)) {
    Advance();
    return true;
  }
  return ParseArguments(out.children) && Expect(close, close_name);
}

bool Parser::ParseTuple(Node& out) {
  out = NodeAt(Op::kTuple, Peek());
  Advance();
  if (At(TokenType::kRightCurly)) {
    Advance();
    return true;
  }
  while (true) {
    Node key;
    Node value;
    if (!ParseExpression(kTopPrecedence, key) || !Expect(TokenType::kColon, "COLON") ||
        !ParseExpression(kTopPrecedence, value)) {
      return false;
    }
    out.children.push_back(std::move(key));
    out.children.push_back(std::move(value));
    if (!At(TokenType::kComma)) break;
    Advance();
  }
  return Expect(TokenType::kRightCurly, "RIGHT_CURLY");
}

// After IS [NOT]: a type name, optionally with parameters, which are parsed and dropped
// (DynamoDB's IS tests only the type).
bool Parser::ParseType(std::string& out) {
  const Token& token = Peek();
  if (token.type != TokenType::kKeyword) return Fail(kExpectedTypeName);
  if (token.text == "double" && AtKeyword("precision", 1)) {
    out = "double_precision";
    Advance();
  } else if (token.text == "character" && AtKeyword("varying", 1)) {
    out = "character_varying";
    Advance();
  } else {
    auto it = std::find_if(kTypeNames.begin(), kTypeNames.end(),
                           [&](const TypeName& t) { return t.written == token.text; });
    if (it == kTypeNames.end()) return Fail(kExpectedTypeName);
    out = it->name;
  }
  Advance();
  if (!At(TokenType::kLeftParen)) return true;
  Advance();
  std::vector<Node> ignored;
  return ParseArguments(ignored) && Expect(TokenType::kRightParen, "RIGHT_PAREN");
}

// Zero or more .name, ."name", .*, [expr], [*] after a term. Steps on a name extend its
// path; steps on anything else make a kPathOn.
bool Parser::ParsePathSteps(Node& term) {
  ast::Path steps;
  while (At(TokenType::kDot) || At(TokenType::kLeftBracket)) {
    ast::PathElement element;
    if (At(TokenType::kDot)) {
      Advance();
      const Token& token = Peek();
      element.position = token.offset;
      element.length = token.length;
      if (AtIdentifier()) {
        element = NameElement();
      } else if (token.type == TokenType::kStar) {
        element.kind = ast::PathElement::Kind::kWildcard;
        Advance();
      } else {
        return Fail(kInvalidPathDotComponent);
      }
    } else if (!ParseBracketStep(element)) {
      return false;
    }
    steps.push_back(std::move(element));
  }
  if (steps.empty()) return true;
  if (term.op == Op::kPath) {
    for (auto& step : steps) term.path.push_back(std::move(step));
    return true;
  }
  Node on = NodeAt(Op::kPathOn, Peek());
  on.position = term.position;
  on.length = term.length;
  on.path = std::move(steps);
  on.children.push_back(std::move(term));
  term = std::move(on);
  return true;
}

// At '[': [*], [N] or [expression].
bool Parser::ParseBracketStep(ast::PathElement& element) {
  element.position = Peek().offset;
  Advance();
  if (At(TokenType::kStar)) {
    element.kind = ast::PathElement::Kind::kWildcard;
    Advance();
  } else {
    Node inside;
    if (!ParseExpression(kTopPrecedence, inside)) return false;
    if (AsIndex(inside, element.index)) {
      element.kind = ast::PathElement::Kind::kIndex;
    } else {
      element.kind = ast::PathElement::Kind::kExpression;
      element.expression = std::make_shared<const Node>(std::move(inside));
    }
  }
  element.length = Peek().offset + 1 - element.position;
  return Expect(TokenType::kRightBracket, "RIGHT_BRACKET");
}

// The paths of DML: a name, then .name and [literal] steps only.
bool Parser::ParseSimplePath(Node& out) {
  if (!AtIdentifier()) return Fail(kExpectedIdentifierForSimplePath);
  out = NameNode();
  while (At(TokenType::kDot) || At(TokenType::kLeftBracket)) {
    ast::PathElement element;
    if (At(TokenType::kDot)) {
      Advance();
      if (At(TokenType::kStar)) return Fail(kInvalidPathDotComponentForSimplePath);
      if (!AtIdentifier()) return Fail(kInvalidPathDotComponent);
      element = NameElement();
    } else {
      if (!ParseBracketStep(element)) return false;
      bool literal =
          element.kind == ast::PathElement::Kind::kIndex ||
          (element.kind == ast::PathElement::Kind::kExpression &&
           (element.expression->op == Op::kString || element.expression->op == Op::kNumber ||
            (element.expression->op == Op::kPath && element.expression->path.size() == 1)));
      if (!literal) return Fail(kInvalidPathComponentForSimplePath);
    }
    out.path.push_back(std::move(element));
  }
  return true;
}

}  // namespace monotable::partiql
