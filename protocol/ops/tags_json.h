#pragma once
// The Tags list of TagResource and CreateTable: [{"Key": "...", "Value": "..."}]. The
// tag rules themselves (lengths, alphabet, "aws:", duplicates, count) are the engine's
// (engine/schema/tag_rules.h), which also reports a missing Key or Value. Pure;
// thread-safe.

#include <vector>

#include "engine/base/status.h"
#include "engine/schema/tag_rules.h"
#include "protocol/json_reader.h"

namespace monotable::protocol::ops {

// Errors: kSerialization when an entry is not an object or Key/Value not a string.
Result<std::vector<TagInput>> DecodeTags(JsonArray tags);

}  // namespace monotable::protocol::ops
