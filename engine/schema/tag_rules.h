#pragma once
// DynamoDB's rules for table tags (TagResource, UntagResource, CreateTable's Tags):
// keys of 1-128 and values of 0-256 Unicode characters drawn from letters, digits,
// white space and + - = . _ : / @; no key prefixed with "aws:"; one tag per key; at most
// 50 tags on a table. Every error is kValidation with DynamoDB's own text, e.g.
// "The Tag Key provided is invalid, Key: <key>". Pure functions; thread-safe.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"
#include "engine/schema/table_schema.h"

namespace monotable {

inline constexpr size_t kMaxTagsPerTable = 50;

// A tag as a request carries it: Key or Value may be missing.
struct TagInput {
  std::optional<std::string> key;
  std::optional<std::string> value;
};

// Checks every tag in request order (key, reserved prefix, value), then duplicates,
// then the count. Returns the tags. Errors: kValidation ("The Tag Key provided is
// invalid, Key: null", "Tag Key cannot be prefixed with aws:, Key: <k>", "The Tag
// Value provided is invalid, Value: <v>", "Duplicate Tag Keys provided as input:
// Duplicate Tag Key found <k>", "Number of Tags exceed the current limit for the
// provided ResourceArn").
Result<std::vector<Tag>> CheckTags(const std::vector<TagInput>& tags);

// UntagResource's keys: the same key rules and count limit. Errors: kValidation.
Status CheckTagKeys(const std::vector<std::string>& keys);

// `current` with `added` applied: an existing key takes the new value in place, a new
// key goes last. Errors: kValidation when the result has more than 50 tags.
Result<std::vector<Tag>> MergeTags(const std::vector<Tag>& current, const std::vector<Tag>& added);

// `current` without the tags of `keys` (absent keys are ignored, as in DynamoDB).
std::vector<Tag> RemoveTags(const std::vector<Tag>& current, const std::vector<std::string>& keys);

// Whether `text` is at most `max_chars` Unicode characters of the tag alphabet
// (exposed for tests).
bool IsTagText(std::string_view text, size_t max_chars);

}  // namespace monotable
