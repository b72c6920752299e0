#pragma once
// Binary encoding of whole items as stored in a table's column family. Versioned:
// the first byte is the format version; do not change the layout of version 1.
//
// v1: 0x01 ‖ varint(attribute count) ‖ { varint(len) name ‖ value }*
// value: type byte (AttributeType) ‖ payload
//   S/N/B: varint(len) bytes          BOOL: 0x00|0x01        NULL: nothing
//   SS/NS/BS: varint(count) { varint(len) bytes }*
//   L: varint(count) value*           M: varint(count) { varint(len) name ‖ value }*

#include <string>
#include <string_view>

#include "engine/attribute_value.h"
#include "engine/status.h"

namespace monotable::item_codec {

std::string Encode(const Item& item);
void EncodeTo(const Item& item, std::string* out);

// Returns kInternal when the bytes are not a valid encoding (corruption).
Result<Item> Decode(std::string_view bytes);

// A whole item in its stored form. Query and Scan pages carry items this way, so that
// an item goes from RocksDB to its JSON response without being decoded into maps.
using EncodedItem = std::string;

// ItemSize() of the encoded item, without decoding it. Errors: kInternal (corruption).
Result<size_t> EncodedItemSize(std::string_view bytes);

}  // namespace monotable::item_codec
