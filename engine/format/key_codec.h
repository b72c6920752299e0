#pragma once
// The one place that defines how keys are laid out in RocksDB. Do not change any
// encoding here: it is the on-disk format.
//
// Table key:  hash64(enc(partition key)) [8 bytes big-endian]
//             ‖ enc(partition key) [self-delimiting]
//             ‖ enc(sort key)      [only for tables with a sort key]
// Items of one partition key are adjacent and in sort-key order; Scan follows the hash.
//
// Index key (GSI and LSI alike):
//             hash64(enc(index partition key)) ‖ enc(index partition key)
//             ‖ enc(index sort key) [not last: escaped/self-delimiting; if any]
//             ‖ table key [last]
// The hash prefix keeps parallel-scan segments hash ranges; an LSI's partition key is
// the table's, so its entries share the table's partition hash. Equal index keys are
// ordered by the table key.
//
// enc(S)/enc(B): raw bytes when last in the key, otherwise 0x00 escaped as 0x00 0xFF
// and terminated by 0x00 0x01, so that shorter strings sort first.
// enc(N): sign class byte, then for non-zero numbers an exponent byte and the digits,
// inverted for negatives, so that the bytes sort as DynamoDB orders numbers.

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/base/attribute_value.h"

namespace monotable::key_codec {

// A stable 64-bit hash (FNV-1a, then MurmurHash3's fmix64 finalizer for avalanche).
uint64_t Hash64(std::string_view bytes);

// Appends the order-preserving encoding of a scalar key value (S, N or B).
// `last` selects the unterminated form for the final component of a key.
void AppendKeyValue(std::string* out, const AttributeValue& value, bool last);

// hash ‖ enc(partition key): the common prefix of every item with that partition key.
std::string PartitionPrefix(const AttributeValue& partition_key);

// The full table key; `sort_key` is null for tables without a sort key.
std::string TableKey(const AttributeValue& partition_key, const AttributeValue* sort_key);

// The key of an index entry; `sort_key` is null for indexes without a sort key.
std::string IndexKey(const AttributeValue& partition_key, const AttributeValue* sort_key,
                     std::string_view table_key);

// The length of the non-last encoding of a value of `type` (S, N or B) that starts
// `bytes`, terminator included; std::string_view::npos when `bytes` holds no complete
// value.
size_t EncodedValueLength(std::string_view bytes, AttributeType type);

// The 8-byte big-endian hash prefix of a stored table key (for partitions/segments).
uint64_t HashOfKey(std::string_view table_key);

// The 8-byte big-endian hash prefix alone: the first possible key of a hash range.
std::string HashBound(uint64_t hash);

// The smallest byte string greater than every string that starts with `prefix` (empty:
// no such string, i.e. no upper bound).
std::string PrefixSuccessor(std::string prefix);

// The encoding of a sort key value that a stored sort key starting with `prefix` (a
// begins_with operand, S or B) starts with: enc(prefix) in the last form, and in the
// self-delimiting form enc(prefix) without its terminator.
std::string SortKeyPrefix(const AttributeValue& prefix, bool last);

}  // namespace monotable::key_codec
