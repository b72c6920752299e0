#pragma once
// The ResourceArn member shared by the tag and resource-policy operations. Pure;
// thread-safe.

#include <string>
#include <string_view>

#include "engine/base/status.h"
#include "protocol/json_reader.h"
#include "protocol/ops/operation_context.h"
#include "protocol/resource_arn.h"

namespace monotable::protocol::ops {

struct ResourceTarget {
  std::string_view arn;  // as the client sent it (into the request body)
  std::string table_name;
  std::optional<std::string> stream_label;  // a stream's ARN: the stream's policy
};

// ResourceArn (required; its length checked by the model) and the table it names in
// the request's region and account. Errors: kSerialization when it is not a string,
// resource_arn.h's errors for an ARN that names no table here.
Result<ResourceTarget> ReadResourceArn(const OperationContext& ctx, JsonObject request, ArnUse use);

}  // namespace monotable::protocol::ops
