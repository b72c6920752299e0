#pragma once
// PutItem and DeleteItem: the same members (TableName, ReturnValues limited to
// ALL_OLD/NONE, a condition, capacity and item-collection options) around an item
// ("Item") or a key ("Key"), decoded in DynamoDB's order; only the engine call differs.

#include <string>
#include <string_view>

#include "protocol/ops/item_common.h"

namespace monotable::protocol::ops {

// `item_member`: "Item" or "Key"; `target`: where the decoded attribute map goes;
// `apply`: the engine call, (WriteRequest&&) -> Result<ItemResult>; the request is moved
// into it (a Put's item becomes the new image without a copy).
template <typename WriteRequest, typename Apply>
Result<std::string> ConditionOnlyWrite(const OperationContext& ctx, JsonObject request,
                                       std::string_view item_member, Item WriteRequest::*target,
                                       Apply apply) {
  WriteRequest write;
  MT_ASSIGN_OR_RETURN(inputs, DecodeItemWriteMembers(request, item_member, target,
                                                     /*old_only=*/true, write));
  MT_ASSIGN_OR_RETURN(capacity, DecodeReturnConsumedCapacity(request));
  MT_ASSIGN_OR_RETURN(collection_metrics, DecodeReturnItemCollectionMetrics(request));

  RequestExpressions expressions;
  MT_ASSIGN_OR_RETURN(condition, ResolveConditionOnlyWrite(ctx, request, inputs, expressions));
  write.condition.condition = std::move(condition);

  MT_ASSIGN_OR_RETURN(result, apply(std::move(write)));
  return AttributesResponse(result, "Attributes", capacity, collection_metrics);
}

}  // namespace monotable::protocol::ops
