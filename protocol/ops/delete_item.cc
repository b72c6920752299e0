// DeleteItem.
#include "protocol/ops/condition_only_write.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol::ops {

Result<std::string> DeleteItem(const OperationContext& ctx, JsonObject request) {
  return ConditionOnlyWrite(
      ctx, request, "Key", &DeleteItemRequest::key,
      [&](const DeleteItemRequest& del) { return ctx.engine.DeleteItem(ctx.request, del); });
}

}  // namespace monotable::protocol::ops
