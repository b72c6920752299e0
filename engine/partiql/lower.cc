#include "engine/partiql/lower.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "engine/expr/evaluate.h"
#include "engine/expr/expression.h"
#include "engine/partiql/errors.h"
#include "engine/partiql/expr_builder.h"
#include "engine/partiql/lower_internal.h"
#include "engine/partiql/values.h"

namespace monotable::partiql {
namespace internal {

using expr::ast::Function;

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
  if (!ast::IsComparison(c, expr::Comparison::kEq)) return nullptr;
  if (IsAttribute(c.children[0], name) && IsValueTerm(c.children[1])) return &c.children[1];
  if (IsAttribute(c.children[1], name) && IsValueTerm(c.children[0])) return &c.children[0];
  return nullptr;
}

// A condition a KeyConditionExpression can hold on the sort key `name`.
const std::vector<ast::Node>* InValues(const ast::Node& c, std::string_view name) {
  if (c.op != ast::Op::kIn || !IsAttribute(c.children[0], name)) return nullptr;
  const ast::Node& list = c.children[1];
  if (list.op != ast::Op::kList || list.children.empty()) return nullptr;
  for (const auto& v : list.children) {
    if (!IsValueTerm(v)) return nullptr;
  }
  return &list.children;
}

bool IsSortKeyCondition(const ast::Node& c, std::string_view name) {
  switch (c.op) {
    case ast::Op::kCompare:
      if (c.comparison == expr::Comparison::kNe) return false;
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

Result<std::optional<expr::Projection>> Lowering::ProjectionOf(const ast::Select& select) {
  if (select.star) return std::optional<expr::Projection>();
  ExprBuilder b = Builder(expr::ExpressionKind::kProjection);
  for (const auto& item : select.projection) {
    MT_ASSIGN_OR_RETURN(path, b.PathOf(item.path));
    b.expression().paths.push_back(std::move(path));
  }
  expr::Placeholders none(nullptr, nullptr);
  MT_ASSIGN_OR_RETURN(projection, expr::Projection::Resolve(b.Finish(), none));
  return std::optional<expr::Projection>(std::move(projection));
}

Status CheckParameterCount(const ast::Statement& statement,
                           std::span<const AttributeValue> parameters) {
  if (parameters.size() >= statement.parameter_count) return Status::Ok();
  return Refused("Number of parameters in request and statement don't match.");
}

Status Lowering::Project(const ast::Select& select, ReadPageRequest& read) {
  MT_ASSIGN_OR_RETURN(projection, ProjectionOf(select));
  if (!projection) {
    read.select = target_.index ? Select::kAllProjectedAttributes : Select::kAllAttributes;
    return Status::Ok();
  }
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
  // attribute (a Query's filter may not name one); anything else is a Scan. `pk IN
  // [v, ...]` is one Query per value (DynamoDB's decomposed reads).
  const ast::Node* partition = nullptr;
  const std::vector<ast::Node>* partitions = nullptr;
  std::vector<const ast::Node*> sort;
  std::vector<const ast::Node*> rest;
  for (const ast::Node* term : terms) {
    if (!keys.hash.empty() && partition == nullptr && partitions == nullptr &&
        EqualityValue(*term, keys.hash)) {
      partition = term;
    } else if (!keys.hash.empty() && partition == nullptr && partitions == nullptr &&
               InValues(*term, keys.hash)) {
      partitions = InValues(*term, keys.hash);
    } else if (!keys.range.empty() && IsSortKeyCondition(*term, keys.range)) {
      sort.push_back(term);
    } else {
      rest.push_back(term);
    }
  }
  bool query = partition != nullptr || partitions != nullptr;
  for (const ast::Node* term : rest) query = query && !MentionsKey(*term, keys);
  if (query && sort.size() > 1) return Refused(lowering::kOverlappingRangeConditions);
  if (query && partitions && partitions->size() > kMaxDecomposedReads) {
    return Refused(lowering::kTooManyDecomposedReads);
  }

  bool forward = true;
  std::optional<bool> partitions_forward;  // ORDER BY the partition key
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
    if (name == keys.hash) partitions_forward = !order.descending;
  }
  if (partitions && partitions->size() > 1 && !select.order_by.empty() && !partitions_forward) {
    return Refused(lowering::kOrderByNeedsHashKey);
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
  if (partition != nullptr) {
    MT_ASSIGN_OR_RETURN(value, ValueOf(*EqualityValue(*partition, keys.hash), parameters_));
    MT_ASSIGN_OR_RETURN(q, QueryOf(select, keys.hash, std::move(value), sort, rest, forward));
    out.request = std::move(q);
    return out;
  }
  // The values, distinct (a value twice is two overlapping reads), in IN-list order, or
  // in key order under ORDER BY <partition key>.
  std::vector<AttributeValue> values;
  for (const ast::Node& node : *partitions) {
    MT_ASSIGN_OR_RETURN(value, ValueOf(node, parameters_));
    for (const auto& seen : values) {
      if (seen == value) return Refused(lowering::kOverlappingRangeConditions);
    }
    values.push_back(std::move(value));
  }
  if (partitions_forward) {
    std::stable_sort(values.begin(), values.end(), [&](const auto& a, const auto& b) {
      // Mixed types are refused with the key condition's own text when queried.
      std::optional<int> order = expr::CompareScalars(a, b);
      return order && (*partitions_forward ? *order < 0 : *order > 0);
    });
  }
  if (values.size() == 1) {
    MT_ASSIGN_OR_RETURN(q, QueryOf(select, keys.hash, std::move(values[0]), sort, rest, forward));
    out.request = std::move(q);
    return out;
  }
  PartitionQueries queries;
  queries.hash_key = std::string(keys.hash);
  for (auto& value : values) {
    MT_ASSIGN_OR_RETURN(q, QueryOf(select, keys.hash, value, sort, rest, forward));
    queries.queries.push_back(std::move(q));
    queries.values.push_back(std::move(value));
  }
  out.request = std::move(queries);
  return out;
}

Result<QueryRequest> Lowering::QueryOf(const ast::Select& select, std::string_view hash,
                                       AttributeValue partition,
                                       const std::vector<const ast::Node*>& sort,
                                       const std::vector<const ast::Node*>& rest, bool forward) {
  QueryRequest q;
  {
    ExprBuilder b = Builder(expr::ExpressionKind::kKeyCondition);
    XNode root = expr::ast::MakeComparison(expr::Comparison::kEq, ExprBuilder::Attribute(hash),
                                           b.Literal(std::move(partition)));
    MT_ASSIGN_OR_RETURN(range, AndOf(b, sort));
    if (range) root = ExprBuilder::Make(XOp::kAnd, {std::move(root), std::move(*range)});
    MT_ASSIGN_OR_RETURN(key, Resolve(b, std::move(root), expr::ExpressionKind::kKeyCondition));
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
  return q;
}

Result<Item> Lowering::KeyFromWhere(bool has_where, const ast::Node& where,
                                    std::vector<const ast::Node*>& rest, Repeats repeats) {
  std::vector<const ast::Node*> terms;
  if (has_where) Conjuncts(where, terms);
  Item key;
  for (const ast::Node* term : terms) {
    bool used = false;
    for (const auto& k : table_.key_schema) {
      const ast::Node* value = EqualityValue(*term, k.name);
      if (value == nullptr) continue;
      auto found = key.find(k.name);
      if (found != key.end() && repeats == Repeats::kCondition) continue;
      MT_ASSIGN_OR_RETURN(v, ValueOf(*value, parameters_));
      if (found != key.end() && !(found->second == v)) {
        return Refused(lowering::MultipleKeyConditions(k.name));
      }
      if (found == key.end()) key.emplace(k.name, std::move(v));
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
  MT_ASSIGN_OR_RETURN(key,
                      KeyFromWhere(update.has_where, update.where, rest, Repeats::kRefuseOther));
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
  MT_ASSIGN_OR_RETURN(key, KeyFromWhere(del.has_where, del.where, rest, Repeats::kRefuseOther));
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

}  // namespace internal

Result<Target> TargetOf(const ast::Statement& statement, bool exists_allowed) {
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
      if (!exists_allowed) return Refused(lowering::kExistsOutsideTransaction);
      ref = &statement.select.from;
      write = false;  // an index is refused by LowerTransactWrite, in its own words
      break;
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
  MT_RETURN_IF_ERROR(internal::CheckParameterCount(statement, parameters));
  MT_ASSIGN_OR_RETURN(target, TargetOf(statement));
  internal::Lowering lowering(text, parameters, table, target);
  switch (statement.kind) {
    case ast::Statement::Kind::kSelect: return lowering.LowerSelect(statement.select);
    case ast::Statement::Kind::kInsert: return lowering.LowerInsert(statement.insert);
    case ast::Statement::Kind::kUpdate: return lowering.LowerUpdate(statement.update);
    case ast::Statement::Kind::kDelete: return lowering.LowerDelete(statement.del);
    case ast::Statement::Kind::kExists: break;  // refused by TargetOf
  }
  return Refused(lowering::kExistsOutsideTransaction);
}

}  // namespace monotable::partiql
