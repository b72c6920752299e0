#pragma once
// A DynamoDB stream's label: the ISO-8601 UTC time of its creation with milliseconds
// ("2026-10-08T23:07:31.275"), the last part of its ARN
// (arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>). Pure; thread-safe.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace monotable {

std::string StreamLabel(int64_t epoch_ms);
// The time a label names; nullopt when `label` is not of that exact form.
std::optional<int64_t> ParseStreamLabel(std::string_view label);

}  // namespace monotable
