#pragma once
// The ResourceArn member shared by the tag and resource-policy operations. Pure;
// thread-safe.

#include <optional>
#include <string_view>

#include "engine/base/status.h"
#include "protocol/json_reader.h"
#include "protocol/ops/operation_context.h"
#include "protocol/resource_arn.h"

namespace monotable::protocol::ops {

// Reads ResourceArn (required, 1-1283 characters), collecting constraint violations in
// `errors`. Errors: kSerialization when it is not a string.
Result<std::optional<std::string_view>> ReadResourceArn(JsonObject request,
                                                        ConstraintErrors& errors);

// The table the ARN names, in the request's region and account (resource_arn.h).
Result<ArnTable> ResolveResourceArn(const OperationContext& ctx, std::string_view arn, ArnUse use);

}  // namespace monotable::protocol::ops
