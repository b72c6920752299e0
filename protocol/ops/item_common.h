#pragma once
// Members shared by the item operations (PutItem, GetItem, DeleteItem, UpdateItem):
// table name, Item/Key, ReturnValues, and the expression parameters with their legacy
// counterparts, decoded and checked in DynamoDB's order.

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "engine/api/requests.h"
#include "engine/expr/expression.h"
#include "engine/expr/legacy.h"
#include "protocol/expression_params.h"
#include "protocol/json_reader.h"
#include "protocol/ops/capacity_json.h"
#include "protocol/ops/operation_context.h"

namespace monotable::protocol::ops {

// These decoders run after the service model's checks (model_validation.h) passed:
// required members, lengths, patterns and enums are not checked again. An enum value the
// model allows but monotable does not know is kInternal.

Result<std::string> TableNameMember(JsonObject request);

// Reads an attribute map member ("Item", "Key"). Errors: kSerialization, kValidation for
// attribute values.
Result<Item> RequiredItem(JsonObject request, std::string_view field);

// ReturnValues. `old_only` (PutItem, DeleteItem): anything but NONE/ALL_OLD is
// "ReturnValues can only be ALL_OLD or NONE".
Result<ReturnValues> DecodeReturnValues(JsonObject request, bool old_only);

// RequestItems of BatchGetItem/BatchWriteItem.
Result<JsonObject> RequiredRequestItems(JsonObject request);

// {"<member>": {...}} when there is an item (decoded or as stored), else {}; with
// ConsumedCapacity and ItemCollectionMetrics when asked. Errors: kInternal (a corrupt
// stored item).
Result<std::string> AttributesResponse(const ItemResult& result, std::string_view member,
                                       CapacityDetail capacity,
                                       bool item_collection_metrics = false);

// {"ItemCollectionKey": {...}, "SizeEstimateRangeGB": [lower, upper]}
void WriteItemCollectionMetrics(JsonWriter& w, const Item& key, int64_t bytes);

// ReturnItemCollectionMetrics: true for SIZE.
Result<bool> DecodeReturnItemCollectionMetrics(JsonObject request);

// A parameter of the request by name, and whether it was given.
using NamedParameter = std::pair<std::string_view, bool>;

// "Can not use both expression and non-expression parameters in the same request:
// Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}"
Status CheckNotMixed(std::initializer_list<NamedParameter> legacy,
                     std::initializer_list<NamedParameter> expressions);

// One request's expression parameters: the placeholder maps and their usage record.
// Must outlive the expressions resolved with it.
class RequestExpressions {
 public:
  // Decodes ExpressionAttributeNames/Values (see DecodeExpressionParams).
  // Errors: kSerialization, kValidation.
  Status Decode(JsonObject request, bool with_values = true);
  bool names_given() const { return params_.names.has_value(); }
  bool values_given() const { return params_.values.has_value(); }
  expr::Placeholders& placeholders() { return placeholders_; }
  // The map checks DynamoDB makes before parsing, given which expression parameters
  // the operation has (see expr::Placeholders::CheckMapsHaveExpressions).
  Status CheckMaps(std::initializer_list<expr::Placeholders::ExpressionParameter> parameters);

 private:
  ExpressionParams params_;
  expr::Placeholders placeholders_{nullptr, nullptr};
};

// The condition members of a write, as given: ConditionExpression, or the legacy
// Expected with ConditionalOperator.
struct ConditionInputs {
  std::optional<std::string_view> expression;
  std::optional<std::vector<expr::legacy::AttributeCondition>> expected;
  expr::legacy::ConditionalOperator conditional_operator = expr::legacy::ConditionalOperator::kAnd;
  bool conditional_operator_given = false;
};

// Errors: kSerialization.
Result<ConditionInputs> DecodeConditionInputs(JsonObject request);

// The members every single-item write (PutItem, DeleteItem, UpdateItem) starts with, in
// DynamoDB's order of validation: the item or key (`item_member`, stored in
// `write.*target`), TableName, ReturnValues (`old_only`: ALL_OLD/NONE only) and
// ReturnValuesOnConditionCheckFailure into `write`; returns the condition's inputs.
template <typename WriteRequest>
Result<ConditionInputs> DecodeItemWriteMembers(JsonObject request, std::string_view item_member,
                                               Item WriteRequest::*target, bool old_only,
                                               WriteRequest& write) {
  MT_ASSIGN_OR_RETURN(item, RequiredItem(request, item_member));
  write.*target = std::move(item);
  MT_ASSIGN_OR_RETURN(name, TableNameMember(request));
  write.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(return_values, DecodeReturnValues(request, old_only));
  write.return_values = return_values;
  MT_ASSIGN_OR_RETURN(return_old, DecodeReturnOldOnConditionFailure(request));
  write.condition.return_old_on_failure = return_old;
  return DecodeConditionInputs(request);
}

// For writes whose only expression is their condition (PutItem, DeleteItem): the
// mixing check, the placeholder map checks, the resolved condition and the unused
// placeholder check, in DynamoDB's order. `expressions` must outlive the result.
Result<expr::Condition> ResolveConditionOnlyWrite(const OperationContext& ctx, JsonObject request,
                                                  const ConditionInputs& inputs,
                                                  RequestExpressions& expressions);

// The update members of UpdateItem (or of a transaction's Update): UpdateExpression, or
// the legacy AttributeUpdates.
struct UpdateInputs {
  std::optional<std::string_view> expression;
  std::optional<std::vector<expr::legacy::AttributeUpdate>> attribute_updates;
};

struct ResolvedUpdate {
  expr::Update update;
  expr::Condition condition;
};

// For writes with an update and a condition: the mixing check, the placeholder map
// checks, the resolved update and condition and the unused placeholder check, in
// DynamoDB's order. `expressions` must outlive the result.
Result<ResolvedUpdate> ResolveUpdateWrite(const OperationContext& ctx, JsonObject request,
                                          const ConditionInputs& inputs,
                                          const UpdateInputs& update_inputs,
                                          RequestExpressions& expressions);

// The projection of a read: ProjectionExpression or the legacy AttributesToGet
// (nullopt when neither was given), with the mixing check, the placeholder map checks
// and the unused placeholder check, in DynamoDB's order. `expressions` must outlive
// the result.
Result<std::optional<expr::Projection>> ResolveReadProjection(
    const OperationContext& ctx, JsonObject request,
    std::optional<std::string_view> projection_text,
    const std::optional<std::vector<std::string>>& attributes, RequestExpressions& expressions);

// The resolved condition (empty when neither form was given). Errors: kValidation.
Result<expr::Condition> ResolveWriteCondition(const OperationContext& ctx,
                                              const ConditionInputs& inputs,
                                              RequestExpressions& expressions);

}  // namespace monotable::protocol::ops
