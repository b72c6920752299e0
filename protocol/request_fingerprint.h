#pragma once
// A fingerprint of a request's parameters, for ClientRequestToken idempotency: two
// requests have the same fingerprint when their members are equal as JSON values,
// whatever the order of object members (SDKs may serialise maps in any order).

#include <string>
#include <string_view>

#include "protocol/json_reader.h"

namespace monotable::protocol {

// 128 bits, as 16 bytes, of the canonical form of `request` without member `excluded`.
std::string RequestFingerprint(JsonObject request, std::string_view excluded);

}  // namespace monotable::protocol
