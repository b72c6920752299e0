#pragma once
// Which items Time to Live deletes, by DynamoDB's rules. Pure functions; thread-safe.
//
// An item's expiry is its TTL attribute when that is a top-level Number, read as epoch
// seconds (a fraction is cut off). It is due once the current time is past it
// ("less than the current time"), unless it lies more than five years in the past,
// which DynamoDB never deletes. These never expire:
//   - an item without the attribute, or with a String, a Number Set or any other type;
//   - a value more than five years in the past;
//   - a value in milliseconds (or microseconds): it lies tens of thousands of years in
//     the future, so the item stays, a common mistake the README points out;
//   - a Number outside the range of a 64-bit count of seconds.

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/base/attribute_value.h"

namespace monotable::ttl {

// Five years of 365 days, in milliseconds.
inline constexpr int64_t kMaxPastMs = int64_t{5} * 365 * 24 * 3600 * 1000;

// The expiry (epoch seconds) of `item` under the TTL attribute `attribute`; nullopt
// when the item can never expire (no such attribute, not a Number, out of range).
std::optional<int64_t> ExpirySeconds(const Item& item, std::string_view attribute);
// The same for one attribute value.
std::optional<int64_t> ExpirySeconds(const AttributeValue& value);

// The expiries due at `now_ms`, as the closed range [first, last] of seconds.
struct DueSeconds {
  int64_t first = 0;
  int64_t last = 0;
};
DueSeconds DueAt(int64_t now_ms);

// Whether an item expiring at `expiry_seconds` is deleted at `now_ms`.
bool IsDue(int64_t expiry_seconds, int64_t now_ms);

}  // namespace monotable::ttl
