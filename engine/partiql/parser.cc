// The parser's driver: lexing, the statement as a whole, token helpers, and the checks
// DynamoDB makes once a statement has parsed.

#include "engine/partiql/parser.h"

#include "engine/partiql/errors.h"
#include "engine/partiql/parser_internal.h"

namespace monotable::partiql {
namespace {

using ast::Node;
using ast::Op;

// Enough for any statement a person writes; 8 KB of '(' would otherwise recurse deep
// enough to threaten a server thread's stack.
constexpr int kMaxDepth = 256;

// PartiqlAst's class of each comparison (its own names, not the expression symbols).
std::string_view ComparisonClassName(expr::Comparison c) {
  switch (c) {
    case expr::Comparison::kEq: return "Eq";
    case expr::Comparison::kNe: return "Ne";
    case expr::Comparison::kLt: return "Lt";
    case expr::Comparison::kLe: return "Lte";
    case expr::Comparison::kGt: return "Gt";
    case expr::Comparison::kGe: return "Gte";
  }
  return "Expr";
}

}  // namespace

std::string_view ast::OpClassName(const Node& node) {
  // PartiqlAst's class names, which DynamoDB's "Unsupported operation: IsType" shows.
  switch (node.op) {
    case Op::kPath: return node.path.size() == 1 ? "Id" : "Path";
    case Op::kPathOn: return "Path";
    case Op::kString:
    case Op::kNumber:
    case Op::kBool:
    case Op::kNull: return "Lit";
    case Op::kMissing: return "Missing";
    case Op::kParameter: return "Parameter";
    case Op::kTuple: return "Struct";
    case Op::kList: return "List";
    case Op::kBag: return "Bag";
    case Op::kFunction: return "Call";
    case Op::kStatement: return "Select";
    case Op::kNot: return "Not";
    case Op::kNegate: return "Neg";
    case Op::kUnaryPlus: return "Pos";
    case Op::kCompare: return ComparisonClassName(node.comparison);
    case Op::kAnd: return "And";
    case Op::kOr: return "Or";
    case Op::kPlus: return "Plus";
    case Op::kMinus: return "Minus";
    case Op::kTimes: return "Times";
    case Op::kDivide: return "Divide";
    case Op::kModulo: return "Modulo";
    case Op::kConcat: return "Concat";
    case Op::kLike: return "Like";
    case Op::kIn: return "InCollection";
    case Op::kBetween: return "Between";
    case Op::kIs: return "IsType";
  }
  return "Expr";
}

bool Parser::AtKeyword(std::string_view keyword, size_t ahead) const {
  const Token& t = Peek(ahead);
  return t.type == TokenType::kKeyword && t.text == keyword;
}

bool Parser::AtOperator(std::string_view op, size_t ahead) const {
  const Token& t = Peek(ahead);
  return t.type == TokenType::kOperator && t.text == op;
}

bool Parser::AtIdentifier(size_t ahead) const {
  return At(TokenType::kIdentifier, ahead) || At(TokenType::kQuotedIdentifier, ahead);
}

bool Parser::AtEndOfStatement() const {
  return At(TokenType::kEnd) || (At(TokenType::kSemicolon) && At(TokenType::kEnd, 1));
}

bool Parser::Fail(Status status) {
  if (error_.ok()) error_ = std::move(status);
  return false;
}

bool Parser::Fail(std::string_view detail) { return Fail(Malformed(detail)); }

bool Parser::Expect(TokenType type, std::string_view type_name) {
  if (!At(type)) return Fail(ExpectedToken(type_name));
  Advance();
  return true;
}

bool Parser::Enter() {
  if (++depth_ > kMaxDepth) return Fail(TooDeep());
  return true;
}

Node Parser::NodeAt(Op op, const Token& token) const {
  Node node;
  node.op = op;
  node.position = token.offset;
  node.length = token.length;
  return node;
}

Result<std::shared_ptr<const ast::Statement>> Parser::Run() {
  Node root;
  if (!ParseExpression(kTopPrecedence, root)) return error_;
  if (!AtEndOfStatement()) {
    return Malformed(At(TokenType::kSemicolon) ? kUnexpectedTokenAfterSemicolon
                                               : kUnexpectedTokenAfterExpression);
  }
  std::shared_ptr<ast::Statement> statement;
  if (root.op == Op::kStatement) {
    statement = std::const_pointer_cast<ast::Statement>(root.statement);
  } else if (root.op == Op::kFunction && root.text == "exists" && root.children.size() == 1 &&
             root.children[0].op == Op::kStatement &&
             root.children[0].statement->kind == ast::Statement::Kind::kSelect) {
    // EXISTS(SELECT ...): a condition check of ExecuteTransaction.
    statement = std::make_shared<ast::Statement>(*root.children[0].statement);
    statement->kind = ast::Statement::Kind::kExists;
    statement->position = root.position;
  } else {
    return UnsupportedOperation(ast::OpClassName(root));
  }
  statement->parameter_count = parameters_;
  MT_RETURN_IF_ERROR(CheckStatement(*statement));
  return std::shared_ptr<const ast::Statement>(std::move(statement));
}

// What DynamoDB refuses of a statement that parsed, before looking at any table.
Status Parser::CheckStatement(const ast::Statement& statement) const {
  switch (statement.kind) {
    case ast::Statement::Kind::kSelect:
    case ast::Statement::Kind::kExists:
      for (const Node& item : statement.select.projection) {
        if (item.op != Op::kPath) {
          return UnexpectedPathComponent(text_, item.position, item.length);
        }
      }
      if (statement.select.projection_alias || statement.select.from.has_alias) {
        return Status::Validation(std::string(kAliasingNotSupported));
      }
      break;
    case ast::Statement::Kind::kUpdate:
      if (statement.update.table.has_alias) {
        return Status::Validation(std::string(kAliasingNotSupported));
      }
      break;
    case ast::Statement::Kind::kDelete:
      if (statement.del.table.has_alias) {
        return Status::Validation(std::string(kAliasingNotSupported));
      }
      break;
    case ast::Statement::Kind::kInsert: break;
  }
  return Status::Ok();
}

Result<std::shared_ptr<const ast::Statement>> ParseStatement(std::string_view text) {
  auto lexed = Lex(text);
  if (!lexed.ok()) return lexed.status();
  return Parser(text, std::move(lexed).value()).Run();
}

}  // namespace monotable::partiql
