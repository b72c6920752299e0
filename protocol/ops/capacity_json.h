#pragma once
// ReturnConsumedCapacity: the parameter, and the ConsumedCapacity member of responses
// (one object for single-table operations, a list per table for batches).

#include <vector>

#include "engine/base/status.h"
#include "engine/capacity/capacity.h"
#include "protocol/json_reader.h"
#include "protocol/json_writer.h"

namespace monotable::protocol::ops {

// How much of the consumed capacity a response shows.
enum class CapacityDetail { kNone, kTotal, kIndexes };

// ReturnConsumedCapacity (absent: NONE). Errors: kSerialization; a value outside
// the enum goes to `errors`.
Result<CapacityDetail> DecodeReturnConsumedCapacity(JsonObject request);

// "ConsumedCapacity": {...}, unless `detail` is kNone. Must be written inside an open
// object.
void WriteConsumedCapacity(JsonWriter& w, const ConsumedCapacity& consumed, CapacityDetail detail);

// "ConsumedCapacity": [{...}, ...] for batch operations, unless `detail` is kNone.
void WriteConsumedCapacityList(JsonWriter& w, const std::vector<ConsumedCapacity>& consumed,
                               CapacityDetail detail);

}  // namespace monotable::protocol::ops
