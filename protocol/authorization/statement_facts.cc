#include "protocol/authorization/statement_facts.h"

#include "protocol/authorization/attribute_names.h"
#include "protocol/authorization/item_facts.h"

namespace monotable::protocol::authorization {
namespace {

namespace ast = partiql::ast;

// Every attribute path's first name under `node` (a kStatement's SELECT included).
void AddNames(const ast::Node& node, std::vector<std::string>& out);

void AddPath(const ast::Path& path, std::vector<std::string>& out) {
  if (!path.empty() && path[0].kind == ast::PathElement::Kind::kName) AddUnique(out, path[0].name);
  for (const auto& element : path) {
    if (element.expression) AddNames(*element.expression, out);
  }
}

void AddNames(const ast::Node& node, std::vector<std::string>& out) {
  if (node.op == ast::Op::kPath) AddPath(node.path, out);
  if (node.op == ast::Op::kTuple) {
    // {k: v, ...}: keys at the even places are names only at the item's top level,
    // which the INSERT case adds; here the values' paths count.
    for (size_t i = 1; i < node.children.size(); i += 2) AddNames(node.children[i], out);
    return;
  }
  for (const auto& child : node.children) AddNames(child, out);
}

// A value term's text for IAM: a literal's, or a '?' parameter's (KeyValueText).
std::optional<std::string> ValueText(const ast::Node& node, std::optional<JsonArray> parameters) {
  if (node.op == ast::Op::kString || node.op == ast::Op::kNumber) return node.text;
  if (node.op != ast::Op::kParameter || !parameters) return std::nullopt;
  JsonElement value;
  if (parameters->at(node.parameter).get(value)) return std::nullopt;
  return KeyValueText(value);
}

bool IsKey(const ast::Node& node, std::string_view key) {
  return node.op == ast::Op::kPath && node.path.size() == 1 &&
         node.path[0].kind == ast::PathElement::Kind::kName && node.path[0].name == key;
}

// The partition key values one condition fixes: `pk = v`, `v = pk`, `pk IN [...]`, or
// an OR whose every side fixes some; false when it fixes none.
bool KeyValues(const ast::Node& node, std::string_view key, std::optional<JsonArray> parameters,
               std::vector<std::string>& out) {
  if (ast::IsComparison(node, expr::Comparison::kEq) && node.children.size() == 2) {
    const ast::Node& a = node.children[0];
    const ast::Node& b = node.children[1];
    const ast::Node* value = IsKey(a, key) ? &b : IsKey(b, key) ? &a : nullptr;
    if (value == nullptr) return false;
    auto text = ValueText(*value, parameters);
    if (text) AddUnique(out, std::move(*text));
    return text.has_value();
  }
  if (node.op == ast::Op::kIn && node.children.size() == 2 && IsKey(node.children[0], key) &&
      node.children[1].op == ast::Op::kList) {
    std::vector<std::string> values;
    for (const auto& item : node.children[1].children) {
      auto text = ValueText(item, parameters);
      if (!text) return false;
      AddUnique(values, std::move(*text));
    }
    for (auto& v : values) AddUnique(out, std::move(v));
    return !values.empty();
  }
  if (node.op == ast::Op::kOr && node.children.size() == 2) {
    std::vector<std::string> values;
    if (!KeyValues(node.children[0], key, parameters, values) ||
        !KeyValues(node.children[1], key, parameters, values)) {
      return false;
    }
    for (auto& v : values) AddUnique(out, std::move(v));
    return true;
  }
  return false;
}

// The WHERE's partition key values, among its AND-ed conditions; false for none.
bool WhereKeyValues(const ast::Node& where, std::string_view key,
                    std::optional<JsonArray> parameters, std::vector<std::string>& out) {
  if (where.op == ast::Op::kAnd && where.children.size() == 2) {
    return WhereKeyValues(where.children[0], key, parameters, out) ||
           WhereKeyValues(where.children[1], key, parameters, out);
  }
  return KeyValues(where, key, parameters, out);
}

std::string_view ReturnValuesOf(const std::vector<ast::Returning>& returning) {
  if (returning.empty()) return "NONE";
  switch (returning.front().mode) {
    case ast::ReturnMode::kAllOld: return "ALL_OLD";
    case ast::ReturnMode::kModifiedOld: return "UPDATED_OLD";
    case ast::ReturnMode::kAllNew: return "ALL_NEW";
    case ast::ReturnMode::kModifiedNew: return "UPDATED_NEW";
  }
  return "NONE";
}

}  // namespace

StatementFacts FactsOf(const ast::Statement& statement, std::string_view partition_key,
                       std::optional<JsonArray> parameters) {
  StatementFacts facts;
  const ast::Node* where = nullptr;
  switch (statement.kind) {
    case ast::Statement::Kind::kSelect:
    case ast::Statement::Kind::kExists: {
      const ast::Select& s = statement.select;
      for (const auto& column : s.projection) AddNames(column, facts.attributes);
      if (!s.star) facts.select = "SPECIFIC_ATTRIBUTES";
      if (s.has_where) where = &s.where;
      break;
    }
    case ast::Statement::Kind::kInsert: {
      const ast::Node& item = statement.insert.value;
      if (item.op == ast::Op::kTuple) {
        for (size_t i = 0; i + 1 < item.children.size(); i += 2) {
          const ast::Node& name = item.children[i];
          if (name.op != ast::Op::kString) continue;
          AddUnique(facts.attributes, name.text);
          if (!partition_key.empty() && name.text == partition_key) {
            if (auto text = ValueText(item.children[i + 1], parameters)) {
              AddUnique(facts.leading_keys, std::move(*text));
            }
          }
        }
      }
      AddNames(item, facts.attributes);
      break;
    }
    case ast::Statement::Kind::kUpdate: {
      const ast::Update& u = statement.update;
      for (const auto& action : u.actions) {
        AddPath(action.path, facts.attributes);
        AddNames(action.value, facts.attributes);
      }
      if (u.has_where) where = &u.where;
      facts.return_values = ReturnValuesOf(u.returning);
      break;
    }
    case ast::Statement::Kind::kDelete:
      if (statement.del.has_where) where = &statement.del.where;
      facts.return_values = ReturnValuesOf(statement.del.returning);
      break;
  }
  bool keyed = false;
  if (where != nullptr) {
    AddNames(*where, facts.attributes);
    if (!partition_key.empty()) {
      keyed = WhereKeyValues(*where, partition_key, parameters, facts.leading_keys);
    }
  }
  facts.full_table_scan = statement.kind == ast::Statement::Kind::kSelect && !keyed;
  return facts;
}

}  // namespace monotable::protocol::authorization
