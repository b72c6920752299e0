#pragma once
// Helpers for the parser's unit tests: parse-or-fail and a compact S-expression
// rendering of nodes, so that tests state tree shapes in one line.

#include <gtest/gtest.h>

#include <cctype>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>

#include "engine/partiql/ast.h"
#include "engine/partiql/errors.h"
#include "engine/partiql/parser.h"

namespace monotable::partiql::testing {

inline std::shared_ptr<const ast::Statement> MustParse(std::string_view text) {
  auto parsed = ParseStatement(text);
  EXPECT_TRUE(parsed.ok()) << text << " -> " << parsed.status().message();
  return parsed.ok() ? *parsed : std::make_shared<const ast::Statement>();
}

// The message of the error `text` parses to ("" when it parses).
inline std::string ErrorOf(std::string_view text) {
  auto parsed = ParseStatement(text);
  if (parsed.ok()) return "";
  EXPECT_EQ(parsed.status().code(), ErrorCode::kValidation);
  return parsed.status().message();
}

inline std::string Malformed(std::string_view detail) {
  std::string out(kMalformedPrefix);
  return out.append(detail);
}

std::string Dump(const ast::Node& node);

// Concatenation by append: GCC 12 warns falsely (-Wrestrict) on "literal" + string.
inline std::string Cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out.append(p);
  return out;
}

inline std::string DumpPath(const ast::Path& path) {
  std::string out;
  for (const auto& e : path) {
    switch (e.kind) {
      case ast::PathElement::Kind::kName:
        if (!out.empty()) out.append(".");
        out.append(e.quoted ? Cat({"\"", e.name, "\""}) : e.name);
        break;
      case ast::PathElement::Kind::kIndex:
        out.append(Cat({"[", std::to_string(e.index), "]"}));
        break;
      case ast::PathElement::Kind::kWildcard: out.append("[*]"); break;
      case ast::PathElement::Kind::kExpression:
        out.append(Cat({"[", Dump(*e.expression), "]"}));
        break;
    }
  }
  return out;
}

// Operators by their PartiQL class name in lower case; literals as written (strings in
// single quotes, parameters as ?N); a call as "(name args...)".
inline std::string Dump(const ast::Node& node) {
  using ast::Op;
  auto children = [&](std::string_view head) {
    std::string out = Cat({"(", head});
    for (const auto& c : node.children) out.append(Cat({" ", Dump(c)}));
    return out.append(")");
  };
  switch (node.op) {
    case Op::kPath: return DumpPath(node.path);
    case Op::kPathOn: return Cat({"(path ", Dump(node.children[0]), " ", DumpPath(node.path), ")"});
    case Op::kString: return Cat({"'", node.text, "'"});
    case Op::kNumber: return node.text;
    case Op::kBool: return node.boolean ? "true" : "false";
    case Op::kNull: return "null";
    case Op::kMissing: return "missing";
    case Op::kParameter: return Cat({"?", std::to_string(node.parameter)});
    case Op::kTuple: return children("tuple");
    case Op::kList: return children("list");
    case Op::kBag: return children("bag");
    case Op::kFunction: return children(node.text);
    case Op::kStatement: return "(statement)";
    case Op::kIs: return Cat({"(is ", Dump(node.children[0]), " ", node.text, ")"});
    default: {
      std::string name(ast::OpClassName(node));
      for (auto& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      return children(name);
    }
  }
}

// The WHERE of a SELECT statement, rendered.
inline std::string DumpWhere(std::string_view text) {
  auto statement = MustParse(text);
  return statement->select.has_where ? Dump(statement->select.where) : "";
}

// The rendering of `SELECT * FROM t WHERE <condition>`'s condition.
inline std::string Cond(std::string_view condition) {
  std::string text = "SELECT * FROM t WHERE ";
  return DumpWhere(text.append(condition));
}

}  // namespace monotable::partiql::testing
