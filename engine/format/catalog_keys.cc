#include "engine/format/catalog_keys.h"

#include <charconv>

namespace monotable::catalog_keys {

std::string TableKey(std::string_view ns, std::string_view name) {
  std::string key(1, kTablePrefix);
  key += ns;
  key.push_back('\0');
  key += name;
  return key;
}

std::optional<std::string> NamespaceOfTableKey(std::string_view key) {
  if (key.empty() || key[0] != kTablePrefix) return std::nullopt;
  const size_t sep = key.find('\0', 1);
  if (sep == std::string_view::npos) return std::nullopt;
  return std::string(key.substr(1, sep - 1));
}

std::string StatsKey(std::string_view family) {
  std::string key(1, kStatsPrefix);
  key += family;
  return key;
}

std::string StreamKey(uint64_t stream_id) {
  std::string key(1, kStreamPrefix);
  for (int shift = 56; shift >= 0; shift -= 8) key += static_cast<char>(stream_id >> shift);
  return key;
}

std::string PartitionMapKey(std::string_view family) {
  std::string key(1, kPartitionMapPrefix);
  key += family;
  return key;
}

std::string SplitLogKey(std::string_view family) {
  std::string key(1, kSplitLogPrefix);
  key += family;
  return key;
}

std::string InsightsKey(std::string_view family) {
  std::string key(1, kInsightsPrefix);
  key += family;
  return key;
}

std::string ItemCollectionPrefix(std::string_view family) {
  std::string key(1, kItemCollectionPrefix);
  key += family;
  key.push_back('\0');
  return key;
}

std::string ItemCollectionKey(std::string_view family, std::string_view partition_prefix) {
  std::string key = ItemCollectionPrefix(family);
  key += partition_prefix;
  return key;
}

std::string WalkProgressPrefix(std::string_view family) {
  std::string key(1, kWalkProgressPrefix);
  key += family;
  key.push_back('\0');
  return key;
}

std::string WalkProgressKey(std::string_view family, std::string_view job) {
  std::string key = WalkProgressPrefix(family);
  key += job;
  return key;
}

std::string TableFamily(uint64_t number) { return "table." + std::to_string(number); }
std::string IndexFamily(uint64_t number) { return "index." + std::to_string(number); }

uint64_t FamilyNumber(std::string_view family) {
  const size_t dot = family.find('.');
  if (dot == std::string_view::npos) return 0;
  uint64_t number = 0;
  std::from_chars(family.data() + dot + 1, family.data() + family.size(), number);
  return number;
}

}  // namespace monotable::catalog_keys
