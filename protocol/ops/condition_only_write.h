#pragma once
// PutItem and DeleteItem: the same members (TableName, ReturnValues limited to
// ALL_OLD/NONE, a condition, capacity and item-collection options) around an item
// ("Item") or a key ("Key"), decoded in DynamoDB's order; only the engine call differs.

#include <string>
#include <string_view>

#include "protocol/ops/item_common.h"

namespace monotable::protocol::ops {

// `item_member`/`item_path`: "Item"/"item" or "Key"/"key"; `target`: where the decoded
// attribute map goes; `apply`: the engine call, (const WriteRequest&) -> Result<ItemResult>.
template <typename WriteRequest, typename Apply>
Result<std::string> ConditionOnlyWrite(const OperationContext& ctx, JsonObject request,
                                       std::string_view item_member, std::string_view item_path,
                                       Item WriteRequest::*target, Apply apply) {
  ConstraintErrors errors;
  WriteRequest write;
  MT_ASSIGN_OR_RETURN(item, RequiredItem(request, item_member, item_path, errors));
  write.*target = std::move(item);
  MT_ASSIGN_OR_RETURN(name, TableNameMember(request, errors));
  write.table_name = std::move(name);
  MT_ASSIGN_OR_RETURN(return_values, DecodeReturnValues(request, errors, /*old_only=*/true));
  write.return_values = return_values;
  MT_ASSIGN_OR_RETURN(return_old, DecodeReturnOldOnConditionFailure(request, errors));
  write.condition.return_old_on_failure = return_old;
  MT_ASSIGN_OR_RETURN(inputs, DecodeConditionInputs(request, errors));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request, errors));
  MT_ASSIGN_OR_RETURN(collection_metrics, DecodeReturnItemCollectionMetrics(request, errors));
  MT_RETURN_IF_ERROR(errors.ToStatus());

  RequestExpressions expressions;
  MT_ASSIGN_OR_RETURN(condition, ResolveConditionOnlyWrite(ctx, request, inputs, expressions));
  write.condition.condition = std::move(condition);

  MT_ASSIGN_OR_RETURN(result, apply(write));
  return AttributesResponse(result, "Attributes", capacity, collection_metrics);
}

}  // namespace monotable::protocol::ops
