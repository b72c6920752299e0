#include "protocol/resource_arn.h"

#include <vector>

#include "engine/base/not_found.h"

namespace monotable::protocol {
namespace {

constexpr std::string_view kInvalid = "One or more parameter values were invalid: ";

Status Invalid(std::string_view detail, std::string_view arn) {
  return Status::Validation(std::string(kInvalid) + std::string(detail) + std::string(arn));
}

// arn:partition:service:region:account:resource (the resource may hold more colons).
std::vector<std::string_view> SplitArn(std::string_view arn) {
  std::vector<std::string_view> parts;
  while (parts.size() < 5) {
    size_t colon = arn.find(':');
    if (colon == std::string_view::npos) break;
    parts.push_back(arn.substr(0, colon));
    arn.remove_prefix(colon + 1);
  }
  parts.push_back(arn);
  return parts;
}

}  // namespace

Result<ArnTable> ResolveTableArn(std::string_view arn, std::string_view region,
                                 std::string_view account_id, ArnUse use) {
  if (!arn.starts_with("arn:")) return Invalid("ARNs must start with 'arn:': ", arn);
  const std::vector<std::string_view> parts = SplitArn(arn);
  if (parts.size() != 6 || parts[2] != "dynamodb") {
    return Invalid("Provided Arn is not a DynamoDB resource arn: ", arn);
  }
  // The account is checked before the region, as DynamoDB does: an ARN of another
  // account reveals nothing about its region.
  if (parts[4] != account_id) {
    if (use == ArnUse::kTags) return Status(ErrorCode::kAccessDenied, "Access is denied");
    return Status::Validation(
        "This action is only supported by accounts that match the resource owner’s account.");
  }
  if (parts[1] != "aws" || parts[3] != region) {
    if (use == ArnUse::kTags) {
      return Status::Validation("Invalid TableArn: Invalid ResourceArn provided as input " +
                                std::string(arn));
    }
    return Invalid("Invalid resource Arn: ", arn);
  }
  std::string_view resource = parts[5];
  if (!resource.starts_with("table/") || resource.size() == 6) {
    return Invalid("Provided Arn is not a DynamoDB resource arn: ", arn);
  }
  resource.remove_prefix(6);
  const size_t slash = resource.find('/');
  if (slash == std::string_view::npos) return ArnTable{std::string(resource), std::nullopt};
  const std::string_view table = resource.substr(0, slash);
  const std::string_view rest = resource.substr(slash + 1);
  if (rest.starts_with("index/")) {
    return Invalid(
        "Invalid resource arn provided, only table or stream is accepted. "
        "Provided resource arn: ",
        arn);
  }
  if (rest.starts_with("stream/")) {
    if (use == ArnUse::kTags) {
      return Status::NotFound("Requested resource not found: ResourceArn: " + std::string(arn) +
                              " not found");
    }
    if (use == ArnUse::kResourcePolicy)
      return ArnTable{std::string(table), std::string(rest.substr(7))};
    return StreamNotFound(rest.substr(7), table);
  }
  return Invalid("Provided Arn is not a DynamoDB resource arn: ", arn);
}

}  // namespace monotable::protocol
