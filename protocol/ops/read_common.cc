#include "protocol/ops/read_common.h"

#include "protocol/attribute_value_json.h"
#include "protocol/encoded_item_json.h"
#include "protocol/ops/legacy_json.h"

namespace monotable::protocol::ops {

Status DecodeReadMembers(JsonObject object, std::string_view legacy_filter_member,
                         ReadPageRequest& request, ReadInputs& inputs) {
  MT_ASSIGN_OR_RETURN(name, TableNameMember(object));
  request.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(index, OptionalString(object, "IndexName"));
  if (index) request.index_name = std::string(*index);
  MT_ASSIGN_OR_RETURN(limit, OptionalInt(object, "Limit"));
  if (limit) request.limit = *limit;
  MT_ASSIGN_OR_RETURN(consistent, OptionalBool(object, "ConsistentRead"));
  request.consistent_read = consistent.value_or(false);
  MT_ASSIGN_OR_RETURN(select, OptionalString(object, "Select"));
  inputs.select_given = select.has_value();
  if (select) {
    if (*select == "ALL_ATTRIBUTES") {
      request.select = Select::kAllAttributes;
    } else if (*select == "ALL_PROJECTED_ATTRIBUTES") {
      request.select = Select::kAllProjectedAttributes;
    } else if (*select == "SPECIFIC_ATTRIBUTES") {
      request.select = Select::kSpecificAttributes;
    } else if (*select == "COUNT") {
      request.select = Select::kCount;
    } else {
      return UnknownModelValue("Select", *select);
    }
  }
  MT_ASSIGN_OR_RETURN(start, OptionalObject(object, "ExclusiveStartKey"));
  if (start) {
    MT_ASSIGN_OR_RETURN(key, DecodeItem(*start));
    request.exclusive_start_key = std::move(key);
  }
  MT_ASSIGN_OR_RETURN(filter, OptionalString(object, "FilterExpression"));
  inputs.filter_expression = filter;
  MT_ASSIGN_OR_RETURN(legacy, DecodeExpected(object, legacy_filter_member));
  inputs.legacy_filter = std::move(legacy);
  MT_ASSIGN_OR_RETURN(conditional, OptionalString(object, "ConditionalOperator"));
  inputs.conditional_operator_given = conditional.has_value();
  MT_ASSIGN_OR_RETURN(op, DecodeConditionalOperator(object));
  inputs.conditional_operator = op;
  MT_ASSIGN_OR_RETURN(projection, OptionalString(object, "ProjectionExpression"));
  inputs.projection_expression = projection;
  MT_ASSIGN_OR_RETURN(attributes, DecodeAttributesToGet(object));
  inputs.attributes_to_get = std::move(attributes);
  return Status::Ok();
}

Status CheckSelect(const ReadInputs& inputs, ReadPageRequest& request) {
  const bool projected = inputs.projection_expression || inputs.attributes_to_get;
  const char* what = inputs.attributes_to_get ? "AttributesToGet" : "ProjectionExpression";
  if (!inputs.select_given) {
    // DynamoDB's default: everything a table holds, or everything an index projects.
    request.select = projected            ? Select::kSpecificAttributes
                     : request.index_name ? Select::kAllProjectedAttributes
                                          : Select::kAllAttributes;
    return Status::Ok();
  }
  switch (request.select) {
    case Select::kAllAttributes:
      if (projected) {
        return Status::Validation(std::string("Cannot specify the ") + what +
                                  " when choosing to get ALL_ATTRIBUTES");
      }
      break;
    case Select::kCount:
      if (projected) {
        return Status::Validation(std::string("Cannot specify the ") + what +
                                  " when choosing to get only the COUNT");
      }
      break;
    case Select::kSpecificAttributes:
      if (!projected) {
        return Status::Validation(
            "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
            "SPECIFIC_ATTRIBUTES");
      }
      break;
    case Select::kAllProjectedAttributes:
      if (!request.index_name) {
        return Status::Validation(
            "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
      }
      break;
  }
  return Status::Ok();
}

Status ResolveReadExpressions(const OperationContext& ctx, const ReadInputs& inputs,
                              RequestExpressions& expressions, ReadPageRequest& request) {
  if (inputs.filter_expression) {
    MT_ASSIGN_OR_RETURN(
        filter, expr::Condition::Parse(*inputs.filter_expression, expr::ExpressionKind::kFilter,
                                       expressions.placeholders(), &ctx.engine.expression_cache()));
    request.filter = std::move(filter);
  } else if (inputs.legacy_filter) {
    MT_ASSIGN_OR_RETURN(filter, expr::legacy::TranslateConditions(
                                    *inputs.legacy_filter, inputs.conditional_operator,
                                    expr::legacy::ConditionSource::kFilter));
    request.filter = std::move(filter);
  }
  if (inputs.projection_expression) {
    MT_ASSIGN_OR_RETURN(projection, expr::Projection::Parse(*inputs.projection_expression,
                                                            expressions.placeholders(),
                                                            &ctx.engine.expression_cache()));
    request.projection = std::move(projection);
  } else if (inputs.attributes_to_get) {
    MT_ASSIGN_OR_RETURN(projection,
                        expr::legacy::TranslateAttributesToGet(*inputs.attributes_to_get));
    request.projection = std::move(projection);
  }
  return Status::Ok();
}

Result<std::string> PageResponse(const ReadPage& page, bool count_only, CapacityDetail capacity) {
  // JSON spells an item out at about 1.5 times its stored size.
  size_t stored_bytes = 0;
  for (const auto& item : page.items) stored_bytes += item.size();
  JsonWriter w(stored_bytes + stored_bytes / 2 + 512);
  w.BeginObject();
  if (!count_only) {
    w.Key("Items").BeginArray();
    for (const auto& item : page.items) MT_RETURN_IF_ERROR(WriteEncodedItem(w, item));
    w.EndArray();
  }
  w.Key("Count").Int(page.count);
  w.Key("ScannedCount").Int(page.scanned_count);
  if (page.last_evaluated_key) {
    w.Key("LastEvaluatedKey");
    WriteItem(w, *page.last_evaluated_key);
  }
  WriteConsumedCapacity(w, page.consumed, capacity);
  w.EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
