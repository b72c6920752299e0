#pragma once
// The persisted record of one backup in the catalog column family
// (format/backup_keys.h: 'B' ns '\0' id), and the catalog reads and writes of it.
// The record holds the source table's definition as it was, so a backup outlives its
// table. Thread-safe (RocksDB is).

#include <string>
#include <vector>

#include "engine/api/backup_requests.h"
#include "engine/base/status.h"
#include "engine/storage/storage.h"

namespace monotable::backup {

// Errors: kInternal.
Status PutRecord(Storage& storage, const std::string& ns, const BackupInfo& backup);
// Errors: kBackupNotFound (no such record; message filled by the caller), kInternal.
Result<BackupInfo> GetRecord(const Storage& storage, const std::string& ns, const std::string& id);
// Every backup of a namespace in id order (= creation order). Errors: kInternal.
Result<std::vector<BackupInfo>> ListRecords(const Storage& storage, const std::string& ns);
// Every backup of every namespace, with its namespace (start-up). Errors: kInternal.
Result<std::vector<std::pair<std::string, BackupInfo>>> AllRecords(const Storage& storage);

}  // namespace monotable::backup
