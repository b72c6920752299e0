#include "protocol/ops/resource_request.h"

namespace monotable::protocol::ops {

namespace {
constexpr size_t kMaxResourceArnLength = 1283;
}

Result<std::optional<std::string_view>> ReadResourceArn(JsonObject request,
                                                        ConstraintErrors& errors) {
  MT_ASSIGN_OR_RETURN(arn, OptionalString(request, "ResourceArn"));
  errors.CheckLength(arn, "resourceArn", 1, kMaxResourceArnLength, /*required=*/true);
  return arn;
}

Result<ArnTable> ResolveResourceArn(const OperationContext& ctx, std::string_view arn, ArnUse use) {
  return ResolveTableArn(arn, ctx.region, ctx.account_id, use);
}

}  // namespace monotable::protocol::ops
