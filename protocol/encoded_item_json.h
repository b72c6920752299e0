#pragma once
// An item's stored form (item_codec bytes) written as DynamoDB JSON ({"PK": {"S": ...}})
// without decoding it into an Item: the read path's items go from RocksDB to the
// response this way. The text is the same WriteItem() writes for the decoded item.

#include <string_view>

#include "engine/base/status.h"
#include "protocol/json_writer.h"

namespace monotable::protocol {

// Writes the encoded item as one JSON value. Errors: kInternal (corrupt bytes; the
// text written so far is then incomplete).
Status WriteEncodedItem(JsonWriter& w, std::string_view encoded);

}  // namespace monotable::protocol
