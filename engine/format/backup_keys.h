#pragma once
// The key layout of the `backups` column family and of backup records in the catalog
// (on-disk format: do not change). Pure functions; thread-safe.
//
//   backups family:
//     'd' backup id ‖ table key                  -> the item (item codec), as backed up
//     'h' table number [8 BE] ‖ stamp [8 BE]     -> a change record (history): 4-byte BE
//                                                   key length ‖ table key ‖ the item's
//                                                   image before the change (item codec;
//                                                   empty: it did not exist)
//   catalog family:
//     'B' ns '\0' backup id                      -> a backup record (backup/backup_record.h)
//
// A backup id is DynamoDB's "<14-digit epoch ms>-<8 hex>", so ids sort by creation time
// and one backup's items are one range (DeleteBackup is one range delete). The table
// number is the one of the table's column family, unique over the database's life; a
// stamp is (ms << kStampTimeShift) | counter, so a table's history is in change order
// and one range per time interval (trimming and restores to a point in time).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace monotable::backup_keys {

inline constexpr int kStampTimeShift = 20;
inline constexpr char kBackupItemPrefix = 'd';
inline constexpr char kHistoryPrefix = 'h';
inline constexpr char kBackupRecordPrefix = 'B';

// Every item of one backup starts with this.
std::string BackupItemPrefix(std::string_view backup_id);

// The first history key of `table_number` at or after `ms` (ms <= 0: the first of all).
std::string HistoryBound(uint64_t table_number, int64_t ms);
std::string HistoryKey(uint64_t table_number, uint64_t stamp);
// The ms of a history key's stamp; nullopt when the key is not one.
std::optional<int64_t> HistoryTimeOf(std::string_view key);

// A change record's value, and its parts (nullopt when corrupt).
std::string HistoryValue(std::string_view table_key, std::string_view old_item_encoded);
struct HistoryChange {
  std::string_view table_key;
  std::string_view old_item_encoded;  // empty: the item did not exist before the change
};
std::optional<HistoryChange> DecodeHistoryValue(std::string_view value);

// Backup records in the catalog family: all of a namespace start with the prefix.
std::string BackupRecordPrefix(std::string_view ns);
std::string BackupRecordKey(std::string_view ns, std::string_view backup_id);

}  // namespace monotable::backup_keys
