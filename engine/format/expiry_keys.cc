#include "engine/format/expiry_keys.h"

namespace monotable::expiry_keys {
namespace {

constexpr uint64_t kSignBit = uint64_t{1} << 63;

void AppendBigEndian(std::string* out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>(v >> (56 - 8 * i)));
}

uint64_t ReadBigEndian(std::string_view bytes) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[i]);
  return v;
}

}  // namespace

std::string TablePrefix(uint64_t table_number) {
  std::string key;
  key.reserve(kPrefixBytes);
  AppendBigEndian(&key, table_number);
  return key;
}

std::string Bound(uint64_t table_number, int64_t seconds) {
  std::string key;
  key.reserve(kPrefixBytes + kExpiryBytes);
  AppendBigEndian(&key, table_number);
  AppendBigEndian(&key, static_cast<uint64_t>(seconds) ^ kSignBit);
  return key;
}

std::string EntryKey(uint64_t table_number, int64_t seconds, std::string_view table_key) {
  std::string key;
  key.reserve(kPrefixBytes + kExpiryBytes + table_key.size());
  AppendBigEndian(&key, table_number);
  AppendBigEndian(&key, static_cast<uint64_t>(seconds) ^ kSignBit);
  key.append(table_key);
  return key;
}

std::optional<DecodedEntry> Decode(std::string_view key) {
  if (key.size() < kPrefixBytes + kExpiryBytes) return std::nullopt;
  DecodedEntry entry;
  entry.table_number = ReadBigEndian(key);
  entry.seconds = static_cast<int64_t>(ReadBigEndian(key.substr(kPrefixBytes)) ^ kSignBit);
  entry.table_key = key.substr(kPrefixBytes + kExpiryBytes);
  return entry;
}

}  // namespace monotable::expiry_keys
