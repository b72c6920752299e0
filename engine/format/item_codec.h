#pragma once
// Binary encoding of whole items as stored in a table's column family. Versioned:
// the first byte is the format version; do not change the layout of a version.
//
// v2 (written): 0x02 ‖ varint(ItemSize) ‖ body
// v1 (still read): 0x01 ‖ body
// body: varint(attribute count) ‖ { varint(len) name ‖ value }*, names in order
// value: type byte (AttributeType) ‖ payload
//   S/N/B: varint(len) bytes          BOOL: 0x00|0x01        NULL: nothing
//   SS/NS/BS: varint(count) { varint(len) bytes }*
//   L: varint(count) value*           M: varint(count) { varint(len) name ‖ value }*
// v2 carries the item's DynamoDB size so that a read can charge capacity and bound its
// page without walking the item.

#include <string>
#include <string_view>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"

namespace monotable::item_codec {

std::string Encode(const Item& item);
void EncodeTo(const Item& item, std::string* out);
// Encode() for a caller that has the item's size already: `item_size` must be
// ItemSize(item) (the write path computes it once for the statistics and capacity).
std::string Encode(const Item& item, size_t item_size);

// Returns kInternal when the bytes are not a valid encoding (corruption).
Result<Item> Decode(std::string_view bytes);

// Only the top-level attributes of the encoded item named in `names` (a key out of a
// stored item), the others skipped. Errors: kInternal (corruption).
Result<Item> DecodeAttributes(std::string_view bytes, const std::vector<std::string>& names);

// A whole item in its stored form. Query and Scan pages carry items this way, so that
// an item goes from RocksDB to its JSON response without being decoded into maps.
using EncodedItem = std::string;

// ItemSize() of the encoded item, without decoding it: v2 reads it from the header, v1
// walks the item. Errors: kInternal (corruption found on the way).
Result<size_t> EncodedItemSize(std::string_view bytes);

}  // namespace monotable::item_codec
