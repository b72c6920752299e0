#pragma once
// Storage: the only code that opens RocksDB. One RocksDB instance holds a `catalog`
// column family, an `expiry` column family (the Time to Live index of every table,
// format/expiry_keys.h), a `streams` column family (every stream's records) and one
// column family per table and per secondary index.
// Thread-safe: RocksDB handles concurrency; the column-family set is mutex-guarded.

#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/env.h>
#include <rocksdb/statistics.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/base/delay_range.h"
#include "engine/base/status.h"
#include "engine/storage/no_space_recovery.h"

namespace monotable {

struct StorageOptions {
  std::string path;        // data directory (created if missing); ignored in memory
  bool in_memory = false;  // keep everything in RAM; nothing survives the process
  // RocksDB's memory budget (memory_budget.h): the block cache shared by every table,
  // which also holds the memtables (up to half of it) and the files' index and
  // filter blocks. Memory is taken only as blocks are read, so a small database stays
  // small; blocks outside the cache are read from the OS page cache.
  size_t block_cache_bytes = size_t{128} << 20;
};

// A column family handle that is released when the last user lets go, so that a
// table dropped while a request still reads it stays valid for that request.
using ColumnFamilyRef = std::shared_ptr<rocksdb::ColumnFamilyHandle>;

// A partition of a GSI that a write changes (for GSI lag, engine/staleness/index_lag.h):
// the index's column family and the 64-bit hash that starts its keys there (one index
// partition key value), with the lag its table's tag sets, if any.
struct IndexTouch {
  uint32_t family_id = 0;
  uint64_t partition = 0;
  std::optional<DelayRange> own_lag;
  bool operator==(const IndexTouch&) const = default;
};

// Told of every write of Storage::Write, just before it is applied (with the GSI
// partitions it changes, when the observer WantsIndexTouches and the writer names them)
// and just after it succeeded (engine/staleness keeps its recent states with it).
// Called on the writing thread, concurrently from several: an implementation is
// thread-safe.
class WriteObserver {
 public:
  virtual ~WriteObserver() = default;
  virtual void BeforeWrite(std::span<const IndexTouch> touches) = 0;
  virtual void AfterWrite() = 0;
  // Whether BeforeWrite wants `touches`: writers gather them only then.
  virtual bool WantsIndexTouches() const { return false; }
};

class Storage {
 public:
  // Opens (or creates) the database. Errors: kInternal with RocksDB's reason, e.g.
  // when the path is not a usable directory or another process holds the lock.
  static Result<std::unique_ptr<Storage>> Open(const StorageOptions& options);
  ~Storage();

  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  rocksdb::DB* db() const { return db_.get(); }
  rocksdb::ColumnFamilyHandle* catalog() const { return catalog_.get(); }
  rocksdb::ColumnFamilyHandle* expiry() const { return expiry_.get(); }

  // DynamoDB Streams' records (streams/record_key.h), written in the same WriteBatch as
  // the item changes they describe.
  rocksdb::ColumnFamilyHandle* streams() const { return streams_.get(); }

  // Backups' items and point-in-time recovery's change histories (engine/history,
  // engine/backup).
  rocksdb::ColumnFamilyHandle* backups() const { return backups_.get(); }

  // The column families that existed at open, other than default, catalog, expiry,
  // streams and backups.
  std::vector<std::string> ExistingColumnFamilies() const;
  // Returns the handle for a column family opened at start-up; null if unknown.
  ColumnFamilyRef Find(const std::string& name) const;
  Result<ColumnFamilyRef> CreateColumnFamily(const std::string& name);
  // Drops the data; the handle stays readable until its last reference goes away.
  Status DropColumnFamily(const ColumnFamilyRef& handle);

  // Errors: kInternal with RocksDB's reason; on a full disk the batch is not applied,
  // and a later write resumes writing once space is freed (no_space_recovery.h).
  // `touches`: the GSI partitions the batch changes, for the observer (see WriteObserver).
  Status Write(rocksdb::WriteBatch* batch, std::span<const IndexTouch> touches = {});
  // Whether writers should name the GSI partitions they change (GSI lag is on).
  bool WantsIndexTouches() const {
    return write_observer_ != nullptr && write_observer_->WantsIndexTouches();
  }
  // The observer of every write from now on (null: none, the default). Not thread-safe:
  // set before any write may run on another thread, cleared after the last; the
  // observer must stay alive while set.
  void SetWriteObserver(WriteObserver* observer) { write_observer_ = observer; }
  // Makes everything written so far durable (used at shutdown): flushes the memtables
  // of every live family, those created since start-up included.
  Status Flush();

  const rocksdb::ReadOptions& read_options() const { return read_options_; }

  // A few figures of RocksDB for /metrics (all families; counters since start-up).
  struct Figures {
    uint64_t block_cache_hits = 0;
    uint64_t block_cache_misses = 0;
    uint64_t block_cache_usage_bytes = 0;
    uint64_t block_cache_capacity_bytes = 0;
    uint64_t memtable_bytes = 0;
    uint64_t sst_bytes = 0;
    uint64_t pending_compaction_bytes = 0;
    uint64_t running_compactions = 0;
    uint64_t block_cache_pinned_bytes = 0;  // in use by readers, not evictable
    uint64_t table_readers_bytes = 0;       // SST readers' memory outside the block cache
  };
  Figures figures() const;

 private:
  Storage() = default;
  ColumnFamilyRef Wrap(rocksdb::ColumnFamilyHandle* handle);
  rocksdb::ColumnFamilyOptions TableColumnFamilyOptions() const;
  rocksdb::ColumnFamilyOptions ExpiryColumnFamilyOptions() const;

  std::unique_ptr<rocksdb::Env> mem_env_;        // outlives db_ (declared first)
  std::shared_ptr<rocksdb::Cache> block_cache_;  // shared by every table
  // Tickers only (no histograms or timers): per-core counters, cheap on reads.
  std::shared_ptr<rocksdb::Statistics> statistics_;
  std::unique_ptr<rocksdb::DB> db_;
  ColumnFamilyRef catalog_;
  ColumnFamilyRef expiry_;
  ColumnFamilyRef streams_;
  ColumnFamilyRef backups_;
  mutable std::mutex mutex_;
  std::vector<std::pair<std::string, ColumnFamilyRef>> opened_;  // from start-up
  // Families created since start-up and not dropped, for Flush(); weak so that the
  // storage never keeps a handle alive (guarded by mutex_).
  std::vector<std::weak_ptr<rocksdb::ColumnFamilyHandle>> created_;
  rocksdb::WriteOptions write_options_;
  NoSpaceRecovery no_space_recovery_;
  WriteObserver* write_observer_ = nullptr;
  rocksdb::ReadOptions read_options_;
  bool in_memory_ = false;
};

}  // namespace monotable
