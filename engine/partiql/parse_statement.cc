// Statements: SELECT, INSERT INTO ... VALUE, UPDATE, FROM-first UPDATE and DELETE,
// each parsed as a term of the expression grammar (parser_internal.h says why).

#include <algorithm>
#include <array>

#include "engine/partiql/errors.h"
#include "engine/partiql/parser_internal.h"

namespace monotable::partiql {
namespace {

using ast::Node;
using ast::Op;

// Keywords that cannot start a select-list item (partiql RESERVED_KEYWORDS; INSERT
// INTO is checked apart, as two words).
constexpr std::array<std::string_view, 6> kSelectListReserved = {"delete", "from", "remove",
                                                                 "select", "set",  "update"};

}  // namespace

// Builds a statement of `kind` at the current (first) keyword, which it consumes, and
// lets `body` parse the rest into it.
template <typename Body>
bool Parser::ParseStatementTerm(ast::Statement::Kind kind, Node& out, Body body) {
  const Token& first = Peek();
  auto statement = std::make_shared<ast::Statement>();
  statement->kind = kind;
  statement->position = first.offset;
  Node node = NodeAt(Op::kStatement, first);
  Advance();
  if (!body(*statement)) return false;
  node.statement = std::move(statement);
  out = std::move(node);
  return true;
}

bool Parser::ParseSelect(Node& out) {
  return ParseStatementTerm(ast::Statement::Kind::kSelect, out, [&](ast::Statement& s) {
    ast::Select& select = s.select;
    if (!ParseSelectList(select)) return false;
    if (!AtKeyword("from")) return Fail(kExpectedFromAfterSelectList);
    Advance();
    return ParseFromSource(kSelectPrecedence, select.from) &&
           ParseWhere(kSelectPrecedence, select.has_where, select.where) && ParseOrderBy(select);
  });
}

bool Parser::ParseSelectList(ast::Select& select) {
  bool star = false;
  size_t items = 0;
  while (true) {
    ++items;
    const Token& token = Peek();
    if (token.type == TokenType::kStar) {
      star = true;
      Advance();
    } else if (token.type == TokenType::kKeyword &&
               (std::find(kSelectListReserved.begin(), kSelectListReserved.end(), token.text) !=
                    kSelectListReserved.end() ||
                token.text == "where" || (token.text == "insert" && AtKeyword("into", 1)))) {
      return Fail(ReservedKeywordInSelectList(
          token.text == "insert" ? std::string_view("insert_into") : token.text));
    } else {
      Node item;
      if (!ParseExpression(kTopPrecedence, item)) return false;
      // An alias (`a AS b`, `a b`) parses; DynamoDB then refuses it like a table alias.
      ast::TableRef alias_holder;
      if (!ParseAliases(alias_holder)) return false;
      if (alias_holder.has_alias) select.projection_alias = true;
      select.projection.push_back(std::move(item));
    }
    if (!At(TokenType::kComma)) break;
    Advance();
  }
  if (star && items > 1) return Fail(kStarNotAlone);
  select.star = star;
  return true;
}

bool Parser::ParseOrderBy(ast::Select& select) {
  if (!AtKeyword("order")) return true;
  Advance();
  if (!AtKeyword("by")) return Fail(ExpectedToken("BY"));
  Advance();
  while (true) {
    ast::OrderKey key;
    if (!ParseExpression(kTopPrecedence, key.key)) return false;
    if (AtKeyword("asc") || AtKeyword("desc")) {
      key.descending = Peek().text == "desc";
      Advance();
    }
    select.order_by.push_back(std::move(key));
    if (!At(TokenType::kComma)) return true;
    Advance();
  }
}

bool Parser::ParseInsert(Node& out) {
  return ParseStatementTerm(ast::Statement::Kind::kInsert, out, [&](ast::Statement& s) {
    ast::Insert& insert = s.insert;
    Advance();  // INTO
    // No alias here: `INSERT INTO "t" t VALUE ...` reads t as PartiQL's bag form and
    // then stops at VALUE ("Unexpected token after expression"), as DynamoDB does.
    if (!ParseSimplePath(insert.into.source)) return false;
    insert.value_form = AtKeyword("value");
    if (insert.value_form) Advance();
    return ParseExpression(kTopPrecedence, insert.value);
  });
}

bool Parser::ParseUpdate(Node& out) {
  return ParseStatementTerm(ast::Statement::Kind::kUpdate, out, [&](ast::Statement& s) {
    ast::Update& update = s.update;
    return ParseTarget(update.table) && ParseDmlOperations(update) &&
           ParseWhere(kTopPrecedence, update.has_where, update.where) &&
           ParseReturning(update.returning);
  });
}

// FROM <source> [WHERE ...] SET|REMOVE ...: no WHERE after the operations.
bool Parser::ParseFromFirst(Node& out) {
  return ParseStatementTerm(ast::Statement::Kind::kUpdate, out, [&](ast::Statement& s) {
    ast::Update& update = s.update;
    update.from_first = true;
    return ParseFromSource(kTopPrecedence, update.table) &&
           ParseWhere(kTopPrecedence, update.has_where, update.where) &&
           ParseDmlOperations(update) && ParseReturning(update.returning);
  });
}

bool Parser::ParseDelete(Node& out) {
  return ParseStatementTerm(ast::Statement::Kind::kDelete, out, [&](ast::Statement& s) {
    ast::Delete& del = s.del;
    if (!AtKeyword("from")) return Fail(kExpectedFromAfterDelete);
    Advance();
    return ParseTarget(del.table) && ParseWhere(kTopPrecedence, del.has_where, del.where) &&
           ParseReturning(del.returning);
  });
}

bool Parser::ParseFromSource(int precedence, ast::TableRef& table) {
  return ParseExpression(precedence, table.source) && ParseAliases(table);
}

bool Parser::ParseTarget(ast::TableRef& table) {
  return ParseSimplePath(table.source) && ParseAliases(table);
}

// [AS] name, AT name, BY name, in that order, each optional (PartiQL's aliases).
bool Parser::ParseAliases(ast::TableRef& table) {
  if (AtKeyword("as") || AtIdentifier()) {
    if (AtKeyword("as")) {
      Advance();
      if (!AtIdentifier()) return Fail(kExpectedIdentifierForAlias);
    }
    table.alias = Peek().text;
    table.has_alias = true;
    Advance();
  }
  for (std::string_view keyword : {"at", "by"}) {
    if (!AtKeyword(keyword)) continue;
    Advance();
    if (!AtIdentifier()) {
      return Fail(keyword == "at" ? "Expected identifier for AT-alias"
                                  : "Expected identifier for BY-alias");
    }
    table.has_alias = true;
    Advance();
  }
  return true;
}

// One or more SET (comma-separated assignments) and REMOVE (one path) clauses.
bool Parser::ParseDmlOperations(ast::Update& update) {
  if (!AtKeyword("set") && !AtKeyword("remove")) return Fail(kExpectedDataManipulation);
  while (AtKeyword("set") || AtKeyword("remove")) {
    bool set = Peek().text == "set";
    Advance();
    while (true) {
      ast::UpdateAction action;
      action.position = Peek().offset;
      action.kind = set ? ast::UpdateAction::Kind::kSet : ast::UpdateAction::Kind::kRemove;
      Node target;
      if (!ParseSimplePath(target)) return false;
      action.path = std::move(target.path);
      if (set) {
        if (!AtOperator("=")) return Fail(kExpectedAssignment);
        Advance();
        if (!ParseExpression(kTopPrecedence, action.value)) return false;
      }
      update.actions.push_back(std::move(action));
      if (!set || !At(TokenType::kComma)) break;
      Advance();
    }
  }
  return true;
}

bool Parser::ParseWhere(int precedence, bool& has_where, Node& where) {
  if (!AtKeyword("where")) return true;
  Advance();
  has_where = true;
  return ParseExpression(precedence, where);
}

// RETURNING (ALL|MODIFIED) (OLD|NEW) (*|column) [, ...]
bool Parser::ParseReturning(std::vector<ast::Returning>& returning) {
  if (!AtKeyword("returning")) return true;
  Advance();
  while (true) {
    ast::Returning element;
    element.position = Peek().offset;
    bool all = AtKeyword("all");
    if (!(all || AtKeyword("modified")) || !(AtKeyword("old", 1) || AtKeyword("new", 1))) {
      return Fail(kExpectedReturningMapping);
    }
    bool old = AtKeyword("old", 1);
    element.mode = all ? (old ? ast::ReturnMode::kAllOld : ast::ReturnMode::kAllNew)
                       : (old ? ast::ReturnMode::kModifiedOld : ast::ReturnMode::kModifiedNew);
    Advance();
    Advance();
    if (At(TokenType::kStar)) {
      Advance();
    } else {
      element.star = false;
      if (!ParseExpression(kTopPrecedence, element.column)) return false;
      if (element.column.op != Op::kPath && element.column.op != Op::kString &&
          element.column.op != Op::kNumber) {
        return Fail(kUnsupportedReturningColumn);
      }
    }
    returning.push_back(std::move(element));
    if (!At(TokenType::kComma)) return true;
    Advance();
  }
}

}  // namespace monotable::partiql
