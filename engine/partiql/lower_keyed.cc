// The single-item forms of BatchExecuteStatement and ExecuteTransaction (lower.h):
// SELECT by full primary key, and the writes of a transaction as TransactWriteItems
// actions.
#include <utility>
#include <vector>

#include "engine/partiql/errors.h"
#include "engine/partiql/lower.h"
#include "engine/partiql/lower_internal.h"
#include "engine/partiql/values.h"
#include "engine/schema/key_validation.h"

namespace monotable::partiql {
namespace internal {
namespace {

// Key validation's text for a key that is not the schema's, which AWS also gives a
// transaction's write whose WHERE does not name one item.
constexpr std::string_view kKeyNotSchema = "The provided key element does not match the schema";

constexpr std::string_view kMultipleKeyConditionsPrefix = "Multiple conditions on same key ";

CancellationReason ValidationReason(std::string message) {
  return {"ValidationError", std::move(message), std::nullopt};
}

}  // namespace

Result<GetItemRequest> Lowering::LowerKeyRead(const ast::Select& select, Surface surface) {
  const std::string_view needs_key = surface == Surface::kBatch
                                         ? lowering::kBatchSelectNeedsKey
                                         : lowering::kTransactionSelectNeedsKey;
  if (target_.index) {
    return Refused(surface == Surface::kTransaction ? lowering::kIndexReadInTransaction
                                                    : needs_key);
  }
  std::vector<const ast::Node*> terms;
  if (select.has_where) Conjuncts(select.where, terms);
  // Each term must give a key attribute one value: `k = v`, or `k IN [v]`. IN lists
  // are reads DynamoDB decomposes; too many of them is their own error.
  struct KeyTerm {
    std::string_view name;
    const ast::Node* value;                // k = v
    const std::vector<ast::Node>* values;  // k IN [...]
  };
  std::vector<KeyTerm> key_terms;
  size_t reads = 1;
  for (const ast::Node* term : terms) {
    bool matched = false;
    for (const auto& k : table_.key_schema) {
      KeyTerm t{k.name, EqualityValue(*term, k.name), nullptr};
      if (t.value == nullptr) t.values = InValues(*term, k.name);
      if (t.value == nullptr && t.values == nullptr) continue;
      if (t.values) reads *= t.values->size();
      key_terms.push_back(t);
      matched = true;
      break;
    }
    if (!matched) return Refused(needs_key);
  }
  if (reads > kMaxDecomposedReads) return Refused(lowering::kTooManyDecomposedReads);
  Item key;
  for (const KeyTerm& t : key_terms) {
    if (t.values && t.values->size() != 1) return Refused(needs_key);
    MT_ASSIGN_OR_RETURN(value, ValueOf(t.value ? *t.value : t.values->front(), parameters_));
    auto [it, added] = key.emplace(t.name, value);
    if (!added && !(it->second == value)) return Refused(needs_key);
  }
  if (key.size() != table_.key_schema.size()) return Refused(needs_key);
  GetItemRequest get;
  get.table_name = target_.table;
  get.key = std::move(key);
  MT_ASSIGN_OR_RETURN(projection, ProjectionOf(select));
  get.projection = std::move(projection);
  return get;
}

Result<TransactWrite> Lowering::LowerTransactWrite(const ast::Statement& statement) {
  using Kind = TransactWriteAction::Kind;
  TransactWrite out;
  TransactWriteAction& action = out.action;
  action.table_name = target_.table;
  if (statement.kind == ast::Statement::Kind::kExists) {
    const ast::Select& select = statement.select;
    if (target_.index) return Refused(lowering::kIndexInTransactionCheck);
    std::vector<const ast::Node*> rest;
    Result<Item> key = KeyFromWhere(select.has_where, select.where, rest, Repeats::kCondition);
    if (!key.ok() && key.status().message() != lowering::kMissingKeyEquality) return key.status();
    if (!key.ok() || rest.empty()) return Refused(lowering::kExistsNeedsCondition);
    MT_ASSIGN_OR_RETURN(condition, KeyCondition(/*exists=*/true, XOp::kAnd, rest));
    action.kind = Kind::kConditionCheck;
    action.item = std::move(*key);
    action.condition.condition = std::move(condition);
  } else {
    Result<Lowered> lowered = Status::Validation("");
    switch (statement.kind) {
      case ast::Statement::Kind::kInsert: lowered = LowerInsert(statement.insert); break;
      case ast::Statement::Kind::kUpdate: lowered = LowerUpdate(statement.update); break;
      case ast::Statement::Kind::kDelete: lowered = LowerDelete(statement.del); break;
      default: return Refused(lowering::kTransactionReadAndWrite);
    }
    if (!lowered.ok()) {
      const std::string& message = lowered.status().message();
      if (message == lowering::kMissingKeyEquality) {
        out.reason = ValidationReason(std::string(kKeyNotSchema));
        return out;
      }
      if (message.starts_with(kMultipleKeyConditionsPrefix)) {
        out.reason = ValidationReason(message);
        return out;
      }
      return lowered.status();
    }
    if (lowered->returning) return Refused(lowering::kReturningInTransaction);
    if (auto* put = std::get_if<PutItemRequest>(&lowered->request)) {
      action.kind = Kind::kPut;
      action.item = std::move(put->item);
      action.condition = std::move(put->condition);
      out.insert = true;
    } else if (auto* update = std::get_if<UpdateItemRequest>(&lowered->request)) {
      action.kind = Kind::kUpdate;
      action.item = std::move(update->key);
      action.update = std::move(update->update);
      action.condition = std::move(update->condition);
    } else {
      auto& del = std::get<DeleteItemRequest>(lowered->request);
      action.kind = Kind::kDelete;
      action.item = std::move(del.key);
      action.condition = std::move(del.condition);
    }
  }
  // A key or item that does not fit the schema cancels the transaction at this
  // statement; the engine would stop at the first such action, AWS names them all.
  Result<std::string> valid = action.kind == Kind::kPut
                                  ? ValidateItemAndBuildKey(table_, action.item)
                                  : ValidateKeyAndBuildKey(table_, action.item);
  if (!valid.ok()) {
    if (valid.status().code() != ErrorCode::kValidation) return valid.status();
    out.reason = ValidationReason(valid.status().message());
  }
  return out;
}

}  // namespace internal

Result<GetItemRequest> LowerKeyRead(std::string_view text, const ast::Statement& statement,
                                    std::span<const AttributeValue> parameters,
                                    const TableDefinition& table, Surface surface) {
  MT_RETURN_IF_ERROR(internal::CheckParameterCount(statement, parameters));
  MT_ASSIGN_OR_RETURN(target, TargetOf(statement));
  if (statement.kind != ast::Statement::Kind::kSelect) {
    return Refused(surface == Surface::kBatch ? lowering::kBatchReadAndWrite
                                              : lowering::kTransactionReadAndWrite);
  }
  internal::Lowering lowering(text, parameters, table, target);
  return lowering.LowerKeyRead(statement.select, surface);
}

Result<TransactWrite> LowerTransactWrite(std::string_view text, const ast::Statement& statement,
                                         std::span<const AttributeValue> parameters,
                                         const TableDefinition& table) {
  MT_RETURN_IF_ERROR(internal::CheckParameterCount(statement, parameters));
  MT_ASSIGN_OR_RETURN(target, TargetOf(statement, /*exists_allowed=*/true));
  internal::Lowering lowering(text, parameters, table, target);
  return lowering.LowerTransactWrite(statement);
}

}  // namespace monotable::partiql
