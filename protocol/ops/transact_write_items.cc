// TransactWriteItems.
#include <memory>

#include "protocol/ops/handlers.h"
#include "protocol/ops/item_common.h"
#include "protocol/ops/transact_common.h"
#include "protocol/request_fingerprint.h"

namespace monotable::protocol::ops {
namespace {

using Kind = TransactWriteAction::Kind;

struct ActionMember {
  std::string_view name;  // JSON member
  std::string_view path;  // its name in constraint errors
  Kind kind;
};
constexpr ActionMember kActionMembers[] = {
    {"ConditionCheck", "conditionCheck", Kind::kConditionCheck},
    {"Put", "put", Kind::kPut},
    {"Delete", "delete", Kind::kDelete},
    {"Update", "update", Kind::kUpdate},
};

// One action's members as given, kept until its expressions are resolved; the
// placeholders must outlive the resolved expressions (the engine call).
struct DecodedAction {
  JsonObject object;
  ConditionInputs condition;
  UpdateInputs update;
  RequestExpressions expressions;
};

// Decodes the shape of entry `index` (the service model's checks have passed).
Status DecodeAction(JsonElement entry, TransactWriteAction& action, DecodedAction& decoded) {
  const ActionMember* found = nullptr;
  int given = 0;
  for (const auto& member : kActionMembers) {
    MT_ASSIGN_OR_RETURN(object, EntryMember(entry, member.name));
    if (!object) continue;
    ++given;
    found = &member;
    decoded.object = *object;
  }
  // Wording of DynamoDB (and DynamoDB Local for the empty entry).
  if (given == 0) {
    return Status::Validation(
        "Invalid Request: TransactWriteRequest should contain Delete or Put or Update request");
  }
  if (given > 1) {
    return Status::Validation("TransactItems can only contain one of Check, Put, Update or Delete");
  }
  action.kind = found->kind;
  JsonObject object = decoded.object;
  MT_ASSIGN_OR_RETURN(name, OptionalString(object, "TableName"));
  if (name) action.table_name = std::string(*name);
  const bool is_put = action.kind == Kind::kPut;
  MT_ASSIGN_OR_RETURN(item, RequiredItem(object, is_put ? "Item" : "Key"));
  action.item = std::move(item);
  MT_ASSIGN_OR_RETURN(return_old, DecodeReturnOldOnConditionFailure(object));
  action.condition.return_old_on_failure = return_old;
  MT_ASSIGN_OR_RETURN(condition_text, OptionalString(object, "ConditionExpression"));
  decoded.condition.expression = condition_text;
  if (action.kind == Kind::kUpdate) {
    MT_ASSIGN_OR_RETURN(update_text, OptionalString(object, "UpdateExpression"));
    decoded.update.expression = update_text;
  }
  return Status::Ok();
}

// Expression errors in any action fail the whole request with a ValidationException
// (not a cancellation reason), as DynamoDB does.
Status ResolveAction(const OperationContext& ctx, TransactWriteAction& action,
                     DecodedAction& decoded) {
  if (action.kind == Kind::kUpdate) {
    MT_ASSIGN_OR_RETURN(resolved, ResolveUpdateWrite(ctx, decoded.object, decoded.condition,
                                                     decoded.update, decoded.expressions));
    action.update = std::move(resolved.update);
    action.condition.condition = std::move(resolved.condition);
    return Status::Ok();
  }
  MT_ASSIGN_OR_RETURN(condition, ResolveConditionOnlyWrite(ctx, decoded.object, decoded.condition,
                                                           decoded.expressions));
  action.condition.condition = std::move(condition);
  return Status::Ok();
}

}  // namespace

Result<std::string> TransactWriteItems(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(list, RequiredList(request, "TransactItems"));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request));
  // Item collection metrics are not reported yet (no LSIs); the model checks the value.
  MT_ASSIGN_OR_RETURN(token, DecodeClientRequestToken(request));

  TransactWriteRequest txn;
  txn.actions.resize(list.size());
  std::vector<std::unique_ptr<DecodedAction>> decoded;
  MT_RETURN_IF_ERROR(
      ForEachEntry(list, decoded, [&](JsonElement entry, size_t i, DecodedAction& state) {
        return DecodeAction(entry, txn.actions[i], state);
      }));
  for (size_t i = 0; i < txn.actions.size(); ++i) {
    MT_RETURN_IF_ERROR(ResolveAction(ctx, txn.actions[i], *decoded[i]));
  }
  txn.client_request_token = std::move(token);
  if (txn.client_request_token) txn.fingerprint = RequestFingerprint(request, "ClientRequestToken");

  MT_ASSIGN_OR_RETURN(result, ctx.engine.TransactWriteItems(ctx.request, txn));
  JsonWriter w;
  w.BeginObject();
  WriteConsumedCapacityList(w, result.consumed, capacity);
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
