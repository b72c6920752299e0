#include "protocol/ops/item_common.h"

#include "engine/expr/legacy.h"
#include "protocol/attribute_value_json.h"
#include "protocol/encoded_item_json.h"
#include "protocol/ops/legacy_json.h"

namespace monotable::protocol::ops {
namespace {

std::string JoinGiven(std::initializer_list<NamedParameter> parameters) {
  std::string out;
  for (const auto& [name, given] : parameters) {
    if (!given) continue;
    if (!out.empty()) out += ", ";
    out += name;
  }
  return out;
}
}  // namespace

Result<std::string> TableNameMember(JsonObject request) {
  MT_ASSIGN_OR_RETURN(name, OptionalString(request, "TableName"));
  return name ? std::string(*name) : std::string();
}

Result<Item> RequiredItem(JsonObject request, std::string_view field) {
  MT_ASSIGN_OR_RETURN(object, OptionalObject(request, field));
  if (!object) return Item();  // only in a request the model check has refused
  return DecodeItem(*object);
}

Result<ReturnValues> DecodeReturnValues(JsonObject request, bool old_only) {
  MT_ASSIGN_OR_RETURN(text, OptionalString(request, "ReturnValues"));
  if (!text || *text == "NONE") return ReturnValues::kNone;
  ReturnValues value;
  if (*text == "ALL_OLD") {
    value = ReturnValues::kAllOld;
  } else if (*text == "UPDATED_OLD") {
    value = ReturnValues::kUpdatedOld;
  } else if (*text == "ALL_NEW") {
    value = ReturnValues::kAllNew;
  } else if (*text == "UPDATED_NEW") {
    value = ReturnValues::kUpdatedNew;
  } else {
    return UnknownModelValue("ReturnValues", *text);
  }
  if (old_only && value != ReturnValues::kAllOld) {
    return Status::Validation("ReturnValues can only be ALL_OLD or NONE");
  }
  return value;
}

Result<JsonObject> RequiredRequestItems(JsonObject request) {
  MT_ASSIGN_OR_RETURN(items, OptionalObject(request, "RequestItems"));
  // Present and not empty: the service model's check has refused anything else.
  if (!items) return UnknownModelValue("RequestItems", "null");
  return *items;
}

void WriteItemCollectionMetrics(JsonWriter& w, const Item& key, int64_t bytes) {
  // DynamoDB estimates the size as a range of whole gigabytes around it.
  constexpr int64_t kGigabyte = 1024LL * 1024 * 1024;
  const int64_t lower = bytes / kGigabyte;
  w.BeginObject().Key("ItemCollectionKey");
  WriteItem(w, key);
  w.Key("SizeEstimateRangeGB").BeginArray().Int(lower).Int(lower + 1).EndArray();
  w.EndObject();
}

Result<std::string> AttributesResponse(const ItemResult& result, std::string_view member,
                                       CapacityDetail capacity, bool item_collection_metrics) {
  JsonWriter w;
  w.BeginObject();
  if (result.item) {
    w.Key(member);
    WriteItem(w, *result.item);
  } else if (result.item_encoded) {
    w.Key(member);
    MT_RETURN_IF_ERROR(WriteEncodedItem(w, *result.item_encoded));
  }
  WriteConsumedCapacity(w, result.consumed, capacity);
  if (item_collection_metrics && result.item_collection_key) {
    w.Key("ItemCollectionMetrics");
    WriteItemCollectionMetrics(w, *result.item_collection_key, result.item_collection_bytes);
  }
  w.EndObject();
  return w.Take();
}

Result<bool> DecodeReturnItemCollectionMetrics(JsonObject request) {
  MT_ASSIGN_OR_RETURN(text, OptionalString(request, "ReturnItemCollectionMetrics"));
  if (!text || *text == "NONE") return false;
  if (*text == "SIZE") return true;
  return UnknownModelValue("ReturnItemCollectionMetrics", *text);
}

Status CheckNotMixed(std::initializer_list<NamedParameter> legacy,
                     std::initializer_list<NamedParameter> expressions) {
  std::string legacy_given = JoinGiven(legacy);
  std::string expressions_given = JoinGiven(expressions);
  if (legacy_given.empty() || expressions_given.empty()) return Status::Ok();
  return Status::Validation(
      "Can not use both expression and non-expression parameters in the same request: "
      "Non-expression parameters: {" +
      legacy_given + "} Expression parameters: {" + expressions_given + "}");
}

Status RequestExpressions::Decode(JsonObject request, bool with_values) {
  MT_ASSIGN_OR_RETURN(params, DecodeExpressionParams(request, with_values));
  params_ = std::move(params);
  placeholders_ = expr::Placeholders(params_.names ? &*params_.names : nullptr,
                                     params_.values ? &*params_.values : nullptr);
  return Status::Ok();
}

Status RequestExpressions::CheckMaps(
    std::initializer_list<expr::Placeholders::ExpressionParameter> parameters) {
  MT_RETURN_IF_ERROR(
      expr::Placeholders::CheckMapsHaveExpressions(names_given(), values_given(), parameters));
  return expr::Placeholders::ValidateMaps(params_.names ? &*params_.names : nullptr,
                                          params_.values ? &*params_.values : nullptr);
}

Result<ConditionInputs> DecodeConditionInputs(JsonObject request) {
  ConditionInputs inputs;
  MT_ASSIGN_OR_RETURN(expression, OptionalString(request, "ConditionExpression"));
  inputs.expression = expression;
  MT_ASSIGN_OR_RETURN(expected, DecodeExpected(request));
  inputs.expected = std::move(expected);
  MT_ASSIGN_OR_RETURN(given, OptionalString(request, "ConditionalOperator"));
  inputs.conditional_operator_given = given.has_value();
  MT_ASSIGN_OR_RETURN(conditional_operator, DecodeConditionalOperator(request));
  inputs.conditional_operator = conditional_operator;
  return inputs;
}

Result<expr::Condition> ResolveConditionOnlyWrite(const OperationContext& ctx, JsonObject request,
                                                  const ConditionInputs& inputs,
                                                  RequestExpressions& expressions) {
  MT_RETURN_IF_ERROR(CheckNotMixed({{"Expected", inputs.expected.has_value()},
                                    {"ConditionalOperator", inputs.conditional_operator_given}},
                                   {{"ConditionExpression", inputs.expression.has_value()}}));
  MT_RETURN_IF_ERROR(CheckConditionalOperator(inputs.conditional_operator_given, inputs.expected));
  MT_RETURN_IF_ERROR(expressions.Decode(request));
  MT_RETURN_IF_ERROR(
      expressions.CheckMaps({{"ConditionExpression", inputs.expression.has_value(), true}}));
  MT_ASSIGN_OR_RETURN(condition, ResolveWriteCondition(ctx, inputs, expressions));
  MT_RETURN_IF_ERROR(expressions.placeholders().CheckAllUsed());
  return std::move(condition);
}

Result<ResolvedUpdate> ResolveUpdateWrite(const OperationContext& ctx, JsonObject request,
                                          const ConditionInputs& inputs,
                                          const UpdateInputs& update_inputs,
                                          RequestExpressions& expressions) {
  MT_RETURN_IF_ERROR(
      CheckNotMixed({{"AttributeUpdates", update_inputs.attribute_updates.has_value()},
                     {"Expected", inputs.expected.has_value()},
                     {"ConditionalOperator", inputs.conditional_operator_given}},
                    {{"UpdateExpression", update_inputs.expression.has_value()},
                     {"ConditionExpression", inputs.expression.has_value()}}));
  MT_RETURN_IF_ERROR(CheckConditionalOperator(inputs.conditional_operator_given, inputs.expected));
  MT_RETURN_IF_ERROR(expressions.Decode(request));
  MT_RETURN_IF_ERROR(
      expressions.CheckMaps({{"UpdateExpression", update_inputs.expression.has_value(), true},
                             {"ConditionExpression", inputs.expression.has_value(), true}}));
  ResolvedUpdate resolved;
  if (update_inputs.expression) {
    MT_ASSIGN_OR_RETURN(parsed,
                        expr::Update::Parse(*update_inputs.expression, expressions.placeholders(),
                                            &ctx.engine.expression_cache()));
    resolved.update = std::move(parsed);
  } else if (update_inputs.attribute_updates) {
    MT_ASSIGN_OR_RETURN(translated,
                        expr::legacy::TranslateAttributeUpdates(*update_inputs.attribute_updates));
    resolved.update = std::move(translated);
  }
  MT_ASSIGN_OR_RETURN(condition, ResolveWriteCondition(ctx, inputs, expressions));
  resolved.condition = std::move(condition);
  MT_RETURN_IF_ERROR(expressions.placeholders().CheckAllUsed());
  return resolved;
}

Result<std::optional<expr::Projection>> ResolveReadProjection(
    const OperationContext& ctx, JsonObject request,
    std::optional<std::string_view> projection_text,
    const std::optional<std::vector<std::string>>& attributes, RequestExpressions& expressions) {
  MT_RETURN_IF_ERROR(CheckNotMixed({{"AttributesToGet", attributes.has_value()}},
                                   {{"ProjectionExpression", projection_text.has_value()}}));
  MT_RETURN_IF_ERROR(expressions.Decode(request, /*with_values=*/false));
  MT_RETURN_IF_ERROR(
      expressions.CheckMaps({{"ProjectionExpression", projection_text.has_value(), false}}));
  std::optional<expr::Projection> result;
  if (projection_text) {
    MT_ASSIGN_OR_RETURN(projection,
                        expr::Projection::Parse(*projection_text, expressions.placeholders(),
                                                &ctx.engine.expression_cache()));
    result = std::move(projection);
  } else if (attributes) {
    MT_ASSIGN_OR_RETURN(projection, expr::legacy::TranslateAttributesToGet(*attributes));
    result = std::move(projection);
  }
  MT_RETURN_IF_ERROR(expressions.placeholders().CheckAllUsed());
  return result;
}

Result<expr::Condition> ResolveWriteCondition(const OperationContext& ctx,
                                              const ConditionInputs& inputs,
                                              RequestExpressions& expressions) {
  if (inputs.expression) {
    return expr::Condition::Parse(*inputs.expression, expr::ExpressionKind::kCondition,
                                  expressions.placeholders(), &ctx.engine.expression_cache());
  }
  if (!inputs.expected) return expr::Condition();
  return expr::legacy::TranslateConditions(*inputs.expected, inputs.conditional_operator,
                                           expr::legacy::ConditionSource::kExpected);
}

}  // namespace monotable::protocol::ops
