#include "protocol/ops/resource_request.h"

namespace monotable::protocol::ops {

Result<ResourceTarget> ReadResourceArn(const OperationContext& ctx, JsonObject request,
                                       ArnUse use) {
  MT_ASSIGN_OR_RETURN(arn, RequiredString(request, "ResourceArn"));
  MT_ASSIGN_OR_RETURN(table, ResolveTableArn(arn, ctx.region, ctx.account_id, use));
  return ResourceTarget{arn, std::move(table.table_name), std::move(table.stream_label)};
}

}  // namespace monotable::protocol::ops
