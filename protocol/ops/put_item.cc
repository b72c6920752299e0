// PutItem.
#include "protocol/ops/condition_only_write.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol::ops {

Result<std::string> PutItem(const OperationContext& ctx, JsonObject request) {
  return ConditionOnlyWrite(ctx, request, "Item", &PutItemRequest::item, [&](PutItemRequest&& put) {
    return ctx.engine.PutItem(ctx.request, std::move(put));
  });
}

}  // namespace monotable::protocol::ops
