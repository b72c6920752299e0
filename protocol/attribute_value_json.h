#pragma once
// DynamoDB's JSON form of attribute values ({"S": "x"}, {"N": "1"}, {"B": base64} …)
// to and from AttributeValue, with DynamoDB's validation of each type.

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "protocol/json_reader.h"
#include "protocol/json_writer.h"

namespace monotable::protocol {

// Decodes one attribute value. Numbers are canonicalised, sets checked for
// emptiness and duplicates, nesting depth limited. Errors: kValidation,
// kSerialization, with DynamoDB's messages.
Result<AttributeValue> DecodeAttributeValue(JsonElement element);

// Decodes an attribute map ({"name": {"S": ...}, ...}): an Item or a Key.
Result<Item> DecodeItem(JsonObject object);

// An attribute name from a request (an item's or a map's key, an
// ExpressionAttributeNames value, a legacy AttributeUpdates key) longer than
// limits::kMaxAttributeNameBytes: kValidation, the service's text "1 validation error
// detected: Attribute name is too large, must be less than 65536 bytes".
Status CheckAttributeNameSize(std::string_view name);

void WriteAttributeValue(JsonWriter& w, const AttributeValue& value);
void WriteItem(JsonWriter& w, const Item& item);

}  // namespace monotable::protocol
