#pragma once
// The value of a stream record in the `streams` column family: an item-codec map with
// frozen field names (on-disk format: do not rename), its keys and images item-codec
// encoded items held as binary values ("k", "n", "o"), so the engine needs no codec of
// its own and no JSON, and a reader writes the images without decoding them. The sequence number is
// the key's; the event id is derived from the record's position when it is read. Pure functions;
// thread-safe.

#include <string>
#include <string_view>

#include "engine/api/stream_requests.h"
#include "engine/base/status.h"

namespace monotable::streams {

std::string EncodeRecord(const StreamRecord& record);
// Errors: kInternal when the bytes are not a record (corruption).
Result<StreamRecord> DecodeRecord(std::string_view bytes);

}  // namespace monotable::streams
