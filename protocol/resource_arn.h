#pragma once
// Resolves the ResourceArn of the tag and resource-policy operations to a table name,
// with DynamoDB's errors for ARNs that name no table of this account and region. The
// engine knows no ARNs: the protocol resolves them here. Pure; thread-safe.

#include <optional>
#include <string>
#include <string_view>

#include "engine/base/status.h"

namespace monotable::protocol {

// The tag operations and the policy operations word some errors differently; the
// resource-policy operations also take a stream's ARN.
enum class ArnUse { kTags, kPolicy, kResourcePolicy };

struct ArnTable {
  std::string table_name;
  std::optional<std::string> stream_label;  // a stream ARN's label (policies only)
};

// `region` and `account_id` are those of the request's namespace (ArnScope). Errors:
// kValidation "One or more parameter values were invalid: ARNs must start with 'arn:':
// <arn>" / "... Provided Arn is not a DynamoDB resource arn: <arn>" / "... Invalid
// resource arn provided, only table or stream is accepted. Provided resource arn:
// <arn>" (an index ARN); another region or partition: kValidation "Invalid TableArn:
// Invalid ResourceArn provided as input <arn>" (tags) or "One or more parameter values
// were invalid: Invalid resource Arn: <arn>" (policies); another account:
// kAccessDenied "Access is denied" (tags) or kValidation "This action is only supported
// by accounts that match the resource owner’s account." (policies); a stream ARN:
// its table and label for kResourcePolicy, else kResourceNotFound (streams have no tags).
Result<ArnTable> ResolveTableArn(std::string_view arn, std::string_view region,
                                 std::string_view account_id, ArnUse use);

}  // namespace monotable::protocol
