#pragma once
// Standard base64 (RFC 4648, padded), as DynamoDB uses for B and BS values.

#include <string>
#include <string_view>

#include "engine/base/status.h"

namespace monotable::protocol {

std::string Base64Encode(std::string_view bytes);
void AppendBase64(std::string* out, std::string_view bytes);
// Errors: kSerialization for a length that is not a multiple of 4 or a bad character.
Result<std::string> Base64Decode(std::string_view text);

}  // namespace monotable::protocol
