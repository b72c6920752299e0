#pragma once
// The key layout of the expiry index (Time to Live), one column family for every table
// (on-disk format: do not change). Pure functions; thread-safe.
//
//   table number [8 bytes big-endian] ‖ expiry [8 bytes] ‖ table key       -> (empty)
//
// The table number is the one of its column family ("table.<n>"), unique over the
// database's life, so a table's entries are one contiguous range that DeleteTable drops
// whole. The expiry is an item's TTL value in epoch seconds as a two's-complement int64
// with the sign bit flipped, big-endian, so that the bytes sort as the numbers do: a
// sweep reads one table's entries due by now as one range, oldest first.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace monotable::expiry_keys {

inline constexpr size_t kPrefixBytes = 8;
inline constexpr size_t kExpiryBytes = 8;

// The first bytes of every entry of one table.
std::string TablePrefix(uint64_t table_number);
// The first possible entry of `table_number` with expiry `seconds`: a bound for ranges.
std::string Bound(uint64_t table_number, int64_t seconds);
// The entry of one item.
std::string EntryKey(uint64_t table_number, int64_t seconds, std::string_view table_key);

struct DecodedEntry {
  uint64_t table_number = 0;
  int64_t seconds = 0;
  std::string_view table_key;  // points into the decoded key
};
// nullopt when `key` is too short to be an entry.
std::optional<DecodedEntry> Decode(std::string_view key);

}  // namespace monotable::expiry_keys
