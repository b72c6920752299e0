#include "engine/partiql/lower.h"

#include <utility>
#include <vector>

#include "engine/expr/expression.h"
#include "engine/partiql/errors.h"
#include "engine/partiql/expr_builder.h"
#include "engine/partiql/values.h"

namespace monotable::partiql {
namespace {

using expr::ast::Function;
using XNode = expr::ast::Node;
using XOp = expr::ast::Op;

// The key attribute names of the table, or of the index read.
struct KeyNames {
  std::string_view hash;
  std::string_view range;  // empty: none
};

KeyNames KeysOf(const std::vector<KeySchemaElement>& schema) {
  KeyNames keys;
  for (const auto& k : schema) (k.type == KeyType::kHash ? keys.hash : keys.range) = k.name;
  return keys;
}

// The top-level AND terms of a WHERE, in text order.
void Conjuncts(const ast::Node& node, std::vector<const ast::Node*>& out) {
  if (node.op != ast::Op::kAnd) {
    out.push_back(&node);
    return;
  }
  for (const auto& child : node.children) Conjuncts(child, out);
}

// True for a path that is the top-level attribute `name` and nothing below it.
bool IsAttribute(const ast::Node& node, std::string_view name) {
  return node.op == ast::Op::kPath && node.path.size() == 1 &&
         node.path[0].kind == ast::PathElement::Kind::kName && node.path[0].name == name;
}

// The value node of `name = value` (either way round), or null.
const ast::Node* EqualityValue(const ast::Node& c, std::string_view name) {
  if (c.op != ast::Op::kEq) return nullptr;
  if (IsAttribute(c.children[0], name) && IsValueTerm(c.children[1])) return &c.children[1];
  if (IsAttribute(c.children[1], name) && IsValueTerm(c.children[0])) return &c.children[0];
  return nullptr;
}

// A condition a KeyConditionExpression can hold on the sort key `name`.
bool IsSortKeyCondition(const ast::Node& c, std::string_view name) {
  switch (c.op) {
    case ast::Op::kEq:
    case ast::Op::kLt:
    case ast::Op::kLe:
    case ast::Op::kGt:
    case ast::Op::kGe:
      return (IsAttribute(c.children[0], name) && IsValueTerm(c.children[1])) ||
             (IsAttribute(c.children[1], name) && IsValueTerm(c.children[0]));
    case ast::Op::kBetween:
      return IsAttribute(c.children[0], name) && IsValueTerm(c.children[1]) &&
             IsValueTerm(c.children[2]);
    case ast::Op::kFunction:
      return c.text == "begins_with" && c.children.size() == 2 &&
             IsAttribute(c.children[0], name) && IsValueTerm(c.children[1]);
    default: return false;
  }
}

// True when any path under `node` starts at one of the key attributes.
bool MentionsKey(const ast::Node& node, const KeyNames& keys) {
  if (node.op == ast::Op::kPath && node.path[0].kind == ast::PathElement::Kind::kName) {
    const std::string& first = node.path[0].name;
    if (first == keys.hash || (!keys.range.empty() && first == keys.range)) return true;
  }
  for (const auto& child : node.children) {
    if (MentionsKey(child, keys)) return true;
  }
  return false;
}

// AND of the converted conjuncts; null when there are none.
Result<std::optional<XNode>> AndOf(ExprBuilder& b, const std::vector<const ast::Node*>& terms) {
  std::optional<XNode> out;
  for (const ast::Node* term : terms) {
    MT_ASSIGN_OR_RETURN(node, b.Condition(*term));
    out = out ? ExprBuilder::Make(XOp::kAnd, {std::move(*out), std::move(node)}) : std::move(node);
  }
  return out;
}

Result<expr::Condition> Resolve(ExprBuilder& b, XNode root, expr::ExpressionKind kind) {
  b.expression().condition = std::move(root);
  expr::Placeholders none(nullptr, nullptr);
  return expr::Condition::Resolve(b.Finish(), kind, none);
}

class Lowering {
 public:
  Lowering(std::string_view text, std::span<const AttributeValue> parameters,
           const TableDefinition& table, const Target& target)
      : text_(text), parameters_(parameters), table_(table), target_(target) {}

  Result<Lowered> LowerSelect(const ast::Select& select);
  Result<Lowered> LowerInsert(const ast::Insert& insert);
  Result<Lowered> LowerUpdate(const ast::Update& update);
  Result<Lowered> LowerDelete(const ast::Delete& del);

 private:
  ExprBuilder Builder(expr::ExpressionKind kind) const { return {kind, text_, parameters_}; }

  // The full primary key from the WHERE's equalities; the other conjuncts in `rest`.
  Result<Item> KeyFromWhere(bool has_where, const ast::Node& where,
                            std::vector<const ast::Node*>& rest);
  Status Project(const ast::Select& select, ReadPageRequest& read);
  Result<expr::Update> UpdateOf(const std::vector<ast::UpdateAction>& actions);
  // A write's condition: attribute_exists(<partition key>) (or attribute_not_exists
  // when !exists), joined by `join` to the AND of `rest` when there is any.
  Result<expr::Condition> KeyCondition(bool exists, XOp join,
                                       const std::vector<const ast::Node*>& rest);
  Result<XNode> SetAction(ExprBuilder& b, const ast::UpdateAction& action, expr::ast::Action& out);

  std::string_view text_;
  std::span<const AttributeValue> parameters_;
  const TableDefinition& table_;
  const Target& target_;
};

Status Lowering::Project(const ast::Select& select, ReadPageRequest& read) {
  if (select.star) {
    read.select = target_.index ? Select::kAllProjectedAttributes : Select::kAllAttributes;
    return Status::Ok();
  }
  ExprBuilder b = Builder(expr::ExpressionKind::kProjection);
  for (const auto& item : select.projection) {
    MT_ASSIGN_OR_RETURN(path, b.PathOf(item.path));
    b.expression().paths.push_back(std::move(path));
  }
  expr::Placeholders none(nullptr, nullptr);
  MT_ASSIGN_OR_RETURN(projection, expr::Projection::Resolve(b.Finish(), none));
  read.projection = std::move(projection);
  read.select = Select::kSpecificAttributes;
  return Status::Ok();
}

Result<Lowered> Lowering::LowerSelect(const ast::Select& select) {
  KeyNames keys;
  if (target_.index) {
    for (const auto* indexes :
         {&table_.global_secondary_indexes, &table_.local_secondary_indexes}) {
      for (const auto& index : *indexes) {
        if (index.name == *target_.index) keys = KeysOf(index.key_schema);
      }
    }
  } else {
    keys = KeysOf(table_.key_schema);
  }
  std::vector<const ast::Node*> terms;
  if (select.has_where) Conjuncts(select.where, terms);

  // A Query needs `pk = v`, at most one sort-key condition, and no other term on a key
  // attribute (a Query's filter may not name one); anything else is a Scan.
  const ast::Node* partition = nullptr;
  std::vector<const ast::Node*> sort;
  std::vector<const ast::Node*> rest;
  for (const ast::Node* term : terms) {
    if (!keys.hash.empty() && partition == nullptr && EqualityValue(*term, keys.hash)) {
      partition = term;
    } else if (!keys.range.empty() && IsSortKeyCondition(*term, keys.range)) {
      sort.push_back(term);
    } else {
      rest.push_back(term);
    }
  }
  bool query = partition != nullptr;
  for (const ast::Node* term : rest) query = query && !MentionsKey(*term, keys);
  if (query && sort.size() > 1) return Refused(lowering::kOverlappingRangeConditions);

  bool forward = true;
  for (const auto& order : select.order_by) {
    if (!select.has_where) {
      return Refused("Must have WHERE clause in the statement when using ORDER BY clause.");
    }
    if (!query) {
      return Refused(
          "Must have at least one non-optional hash key condition in WHERE clause when using "
          "ORDER BY clause.");
    }
    if (order.key.op != ast::Op::kPath || order.key.path.size() != 1) {
      return Refused("Argument to ORDER BY must be of type VariableReference. Type: " +
                     std::string(OpClassName(order.key)));
    }
    const std::string& name = order.key.path[0].name;
    if (name != keys.hash && name != keys.range) {
      return Refused("Variable reference " + name +
                     " in ORDER BY clause must be part of the primary key");
    }
    if (name == keys.range) forward = !order.descending;
  }

  Lowered out;
  if (!query) {
    ScanRequest scan;
    if (select.has_where) {
      ExprBuilder b = Builder(expr::ExpressionKind::kFilter);
      MT_ASSIGN_OR_RETURN(root, b.Condition(select.where));
      MT_ASSIGN_OR_RETURN(filter, Resolve(b, std::move(root), expr::ExpressionKind::kFilter));
      scan.filter = std::move(filter);
    }
    scan.table_name = target_.table;
    scan.index_name = target_.index;
    MT_RETURN_IF_ERROR(Project(select, scan));
    out.request = std::move(scan);
    return out;
  }
  QueryRequest q;
  {
    std::vector<const ast::Node*> key_terms{partition};
    key_terms.insert(key_terms.end(), sort.begin(), sort.end());
    ExprBuilder b = Builder(expr::ExpressionKind::kKeyCondition);
    MT_ASSIGN_OR_RETURN(root, AndOf(b, key_terms));
    MT_ASSIGN_OR_RETURN(key, Resolve(b, std::move(*root), expr::ExpressionKind::kKeyCondition));
    q.key_condition = std::move(key);
  }
  if (!rest.empty()) {
    ExprBuilder b = Builder(expr::ExpressionKind::kFilter);
    MT_ASSIGN_OR_RETURN(root, AndOf(b, rest));
    MT_ASSIGN_OR_RETURN(filter, Resolve(b, std::move(*root), expr::ExpressionKind::kFilter));
    q.filter = std::move(filter);
  }
  q.table_name = target_.table;
  q.index_name = target_.index;
  q.scan_forward = forward;
  MT_RETURN_IF_ERROR(Project(select, q));
  out.request = std::move(q);
  return out;
}

Result<Item> Lowering::KeyFromWhere(bool has_where, const ast::Node& where,
                                    std::vector<const ast::Node*>& rest) {
  std::vector<const ast::Node*> terms;
  if (has_where) Conjuncts(where, terms);
  Item key;
  for (const ast::Node* term : terms) {
    bool used = false;
    for (const auto& k : table_.key_schema) {
      const ast::Node* value = key.contains(k.name) ? nullptr : EqualityValue(*term, k.name);
      if (value == nullptr) continue;
      MT_ASSIGN_OR_RETURN(v, ValueOf(*value, parameters_));
      key.emplace(k.name, std::move(v));
      used = true;
      break;
    }
    if (!used) rest.push_back(term);
  }
  if (key.size() != table_.key_schema.size()) return Refused(lowering::kMissingKeyEquality);
  return key;
}

Result<expr::Condition> Lowering::KeyCondition(bool exists, XOp join,
                                               const std::vector<const ast::Node*>& rest) {
  ExprBuilder b = Builder(expr::ExpressionKind::kCondition);
  XNode root =
      ExprBuilder::Call(exists ? Function::kAttributeExists : Function::kAttributeNotExists,
                        exists ? "attribute_exists" : "attribute_not_exists",
                        {ExprBuilder::Attribute(table_.hash_key())});
  MT_ASSIGN_OR_RETURN(others, AndOf(b, rest));
  if (others) root = ExprBuilder::Make(join, {std::move(root), std::move(*others)});
  return Resolve(b, std::move(root), expr::ExpressionKind::kCondition);
}

Result<Lowered> Lowering::LowerInsert(const ast::Insert& insert) {
  if (!insert.value_form) {
    return Refused(
        "Unsupported operation: Inserting multiple items in a single statement is not "
        "supported, use \"INSERT INTO tableName VALUE item\" instead");
  }
  if (insert.value.op != ast::Op::kTuple) {
    return Refused(
        "Unsupported format in item expression. Please use struct format {...} to express item "
        "values for insert statement.");
  }
  PutItemRequest put;
  put.table_name = target_.table;
  MT_ASSIGN_OR_RETURN(item, ItemOf(insert.value, parameters_));
  put.item = std::move(item);
  MT_ASSIGN_OR_RETURN(condition, KeyCondition(/*exists=*/false, XOp::kAnd, {}));
  put.condition.condition = std::move(condition);
  Lowered out;
  out.request = std::move(put);
  out.insert = true;
  return out;
}

Result<XNode> Lowering::SetAction(ExprBuilder& b, const ast::UpdateAction& action,
                                  expr::ast::Action& out) {
  const ast::Node& value = action.value;
  const bool set_add = value.op == ast::Op::kFunction && value.text == "set_add";
  if (!set_add && !(value.op == ast::Op::kFunction && value.text == "set_delete")) {
    out.kind = expr::ast::ActionKind::kSet;
    return b.SetValue(value);
  }
  // SET a = set_add(a, <<...>>) is the expression's ADD a <<...>> (DELETE for set_delete).
  const std::string name = set_add ? "SET_ADD" : "SET_DELETE";
  if (value.children.size() != 2) {
    return Refused(name + " must have exactly two arguments at " +
                   FormatLocation(text_, value.position, value.length));
  }
  const ast::Node& first = value.children[0];
  const std::string at = " at " + FormatLocation(text_, first.position, first.length);
  bool same = first.op == ast::Op::kPath && first.path.size() == action.path.size();
  for (size_t i = 0; same && i < first.path.size(); ++i) {
    same = first.path[i].kind == action.path[i].kind && first.path[i].name == action.path[i].name &&
           first.path[i].index == action.path[i].index;
  }
  if (!same)
    return Refused("The first argument to " + name + " must equal the assignment value" + at);
  Result<AttributeValue> members = Status::Validation("");
  if (IsValueTerm(value.children[1])) members = ValueOf(value.children[1], parameters_);
  if (!members.ok() || !members->is_set()) {
    if (!members.ok() && !members.status().message().empty()) return members.status();
    return Refused("The second argument to " + name + " must be a value with type SET" + at);
  }
  out.kind = set_add ? expr::ast::ActionKind::kAdd : expr::ast::ActionKind::kDelete;
  return b.Literal(std::move(*members));
}

Result<expr::Update> Lowering::UpdateOf(const std::vector<ast::UpdateAction>& actions) {
  ExprBuilder b = Builder(expr::ExpressionKind::kUpdate);
  for (const auto& action : actions) {
    expr::ast::Action out;
    MT_ASSIGN_OR_RETURN(path, b.PathOf(action.path));
    out.path = std::move(path);
    if (action.kind == ast::UpdateAction::Kind::kRemove) {
      out.kind = expr::ast::ActionKind::kRemove;
    } else {
      MT_ASSIGN_OR_RETURN(value, SetAction(b, action, out));
      out.value = std::move(value);
    }
    b.expression().actions.push_back(std::move(out));
  }
  expr::Placeholders none(nullptr, nullptr);
  return expr::Update::Resolve(b.Finish(), none);
}

// ReturnValues of a RETURNING clause (at most one `<mode> *`).
Result<ReturnValues> ReturningOf(const std::vector<ast::Returning>& returning) {
  if (returning.empty()) return ReturnValues::kNone;
  if (returning.size() > 1) {
    return Refused("Invalid syntax with multiple returning elements in RETURNING clause");
  }
  if (!returning[0].star) {
    return Refused("Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause");
  }
  switch (returning[0].mode) {
    case ast::ReturnMode::kAllOld: return ReturnValues::kAllOld;
    case ast::ReturnMode::kModifiedOld: return ReturnValues::kUpdatedOld;
    case ast::ReturnMode::kAllNew: return ReturnValues::kAllNew;
    case ast::ReturnMode::kModifiedNew: return ReturnValues::kUpdatedNew;
  }
  return ReturnValues::kNone;
}

Result<Lowered> Lowering::LowerUpdate(const ast::Update& update) {
  std::vector<const ast::Node*> rest;
  MT_ASSIGN_OR_RETURN(key, KeyFromWhere(update.has_where, update.where, rest));
  MT_ASSIGN_OR_RETURN(return_values, ReturningOf(update.returning));
  UpdateItemRequest request;
  request.table_name = target_.table;
  request.key = std::move(key);
  request.return_values = return_values;
  MT_ASSIGN_OR_RETURN(changes, UpdateOf(update.actions));
  request.update = std::move(changes);
  // UPDATE never creates an item: the key must exist, then the rest must hold.
  MT_ASSIGN_OR_RETURN(condition, KeyCondition(/*exists=*/true, XOp::kAnd, rest));
  request.condition.condition = std::move(condition);
  Lowered out;
  out.returning = return_values != ReturnValues::kNone;
  out.request = std::move(request);
  return out;
}

Result<Lowered> Lowering::LowerDelete(const ast::Delete& del) {
  std::vector<const ast::Node*> rest;
  MT_ASSIGN_OR_RETURN(key, KeyFromWhere(del.has_where, del.where, rest));
  MT_ASSIGN_OR_RETURN(return_values, ReturningOf(del.returning));
  if (return_values != ReturnValues::kNone && return_values != ReturnValues::kAllOld) {
    static constexpr std::string_view kModes[] = {"ALL OLD", "MODIFIED OLD", "ALL NEW",
                                                  "MODIFIED NEW"};
    return Refused("Invalid returning clause: RETURNING " +
                   std::string(kModes[static_cast<int>(del.returning[0].mode)]) +
                   " *. Only RETURNING ALL OLD * is allowed in DELETE statements.");
  }
  DeleteItemRequest request;
  request.table_name = target_.table;
  request.key = std::move(key);
  request.return_values = return_values;
  if (!rest.empty()) {
    // The rest of the WHERE must hold on an existing item; a missing one is no failure.
    MT_ASSIGN_OR_RETURN(condition, KeyCondition(/*exists=*/false, XOp::kOr, rest));
    request.condition.condition = std::move(condition);
  }
  Lowered out;
  out.returning = return_values != ReturnValues::kNone;
  out.request = std::move(request);
  return out;
}

}  // namespace

Result<Target> TargetOf(const ast::Statement& statement) {
  const ast::TableRef* ref = nullptr;
  bool write = true;
  switch (statement.kind) {
    case ast::Statement::Kind::kSelect:
      ref = &statement.select.from;
      write = false;
      break;
    case ast::Statement::Kind::kInsert: ref = &statement.insert.into; break;
    case ast::Statement::Kind::kUpdate: ref = &statement.update.table; break;
    case ast::Statement::Kind::kDelete: ref = &statement.del.table; break;
    case ast::Statement::Kind::kExists:
      return Refused("EXISTS can only be used in ExecuteTransaction write requests.");
  }
  const ast::Node& source = ref->source;
  if (source.op != ast::Op::kPath) return Refused("Unexpected from source");
  for (const auto& e : source.path) {
    if (e.kind != ast::PathElement::Kind::kName) return Refused("Unexpected from source");
  }
  if (source.path.size() > 2) {
    return Refused("A path may contain at most 2 components in the FROM clause");
  }
  Target target{source.path[0].name, std::nullopt};
  if (source.path.size() == 2) {
    if (write) return Refused("This operation is not supported on an index");
    target.index = source.path[1].name;
  }
  return target;
}

Result<Lowered> Lower(std::string_view text, const ast::Statement& statement,
                      std::span<const AttributeValue> parameters, const TableDefinition& table) {
  if (parameters.size() < statement.parameter_count) {
    return Refused("Number of parameters in request and statement don't match.");
  }
  MT_ASSIGN_OR_RETURN(target, TargetOf(statement));
  Lowering lowering(text, parameters, table, target);
  switch (statement.kind) {
    case ast::Statement::Kind::kSelect: return lowering.LowerSelect(statement.select);
    case ast::Statement::Kind::kInsert: return lowering.LowerInsert(statement.insert);
    case ast::Statement::Kind::kUpdate: return lowering.LowerUpdate(statement.update);
    case ast::Statement::Kind::kDelete: return lowering.LowerDelete(statement.del);
    case ast::Statement::Kind::kExists: break;  // refused by TargetOf
  }
  return Refused("EXISTS can only be used in ExecuteTransaction write requests.");
}

}  // namespace monotable::partiql
