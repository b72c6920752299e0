#include "engine/format/backup_keys.h"

namespace monotable::backup_keys {
namespace {

void AppendBigEndian(std::string* out, uint64_t v, int bytes) {
  for (int i = bytes - 1; i >= 0; --i) out->push_back(static_cast<char>(v >> (8 * i)));
}

uint64_t ReadBigEndian(std::string_view bytes, int count) {
  uint64_t v = 0;
  for (int i = 0; i < count; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[i]);
  return v;
}

constexpr size_t kHistoryKeyBytes = 1 + 8 + 8;

}  // namespace

std::string BackupItemPrefix(std::string_view backup_id) {
  std::string key(1, kBackupItemPrefix);
  key.append(backup_id);
  return key;
}

std::string HistoryBound(uint64_t table_number, int64_t ms) {
  const uint64_t stamp = ms <= 0 ? 0 : static_cast<uint64_t>(ms) << kStampTimeShift;
  return HistoryKey(table_number, stamp);
}

std::string HistoryKey(uint64_t table_number, uint64_t stamp) {
  std::string key(1, kHistoryPrefix);
  key.reserve(kHistoryKeyBytes);
  AppendBigEndian(&key, table_number, 8);
  AppendBigEndian(&key, stamp, 8);
  return key;
}

std::optional<int64_t> HistoryTimeOf(std::string_view key) {
  if (key.size() != kHistoryKeyBytes || key[0] != kHistoryPrefix) return std::nullopt;
  return static_cast<int64_t>(ReadBigEndian(key.substr(9), 8) >> kStampTimeShift);
}

std::string HistoryValue(std::string_view table_key, std::string_view old_item_encoded) {
  std::string value;
  value.reserve(4 + table_key.size() + old_item_encoded.size());
  AppendBigEndian(&value, table_key.size(), 4);
  value.append(table_key);
  value.append(old_item_encoded);
  return value;
}

std::optional<HistoryChange> DecodeHistoryValue(std::string_view value) {
  if (value.size() < 4) return std::nullopt;
  const uint64_t key_size = ReadBigEndian(value, 4);
  if (value.size() - 4 < key_size) return std::nullopt;
  return HistoryChange{value.substr(4, key_size), value.substr(4 + key_size)};
}

std::string BackupRecordPrefix(std::string_view ns) {
  std::string key(1, kBackupRecordPrefix);
  key.append(ns);
  key.push_back('\0');
  return key;
}

std::string BackupRecordKey(std::string_view ns, std::string_view backup_id) {
  std::string key = BackupRecordPrefix(ns);
  key.append(backup_id);
  return key;
}

}  // namespace monotable::backup_keys
