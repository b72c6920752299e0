#include "engine/storage/storage.h"

#include <rocksdb/filter_policy.h>
#include <rocksdb/merge_operator.h>
#include <rocksdb/slice_transform.h>
#include <rocksdb/sst_file_manager.h>
#include <rocksdb/table.h>
#include <rocksdb/utilities/table_properties_collectors.h>

#include <filesystem>

#include "engine/storage/format_version.h"
#include "engine/storage/memory_budget.h"
#include "engine/storage/no_space_recovery.h"
#include "engine/storage/perf_counters.h"
#include "engine/storage/rocks_status.h"
#include "engine/storage/rocksdb_logger.h"
#include "engine/storage/stats_merge_operator.h"

namespace monotable {
namespace {

constexpr char kCatalogFamily[] = "catalog";
constexpr char kExpiryFamily[] = "expiry";
constexpr char kStreamsFamily[] = "streams";
constexpr char kBackupsFamily[] = "backups";
// Table keys begin with an 8-byte hash of the partition key (see key_codec.h).
constexpr size_t kHashPrefixBytes = 8;

}  // namespace

rocksdb::ColumnFamilyOptions Storage::TableColumnFamilyOptions() const {
  rocksdb::ColumnFamilyOptions options;
  rocksdb::BlockBasedTableOptions table;
  table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
  UseBlockCache(block_cache_, &table);
  table.whole_key_filtering = true;
  options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  options.prefix_extractor.reset(rocksdb::NewFixedPrefixTransform(kHashPrefixBytes));
  // Iterators must still see keys across prefixes (Scan walks the whole family).
  options.write_buffer_size = 32 << 20;
  // The memtable's prefix bloom is allocated and zeroed whole with every memtable, so
  // its size is paid by every table and index, even an empty one: at 5% of the write
  // buffer (1.6 MB) a test suite's or fuzzer's hundred tables with a GSI held 360 MB.
  // 64 KB (0.2%) still lets most Gets of an absent key skip the memtable.
  options.memtable_prefix_bloom_size_ratio = 0.002;
  // Arena blocks of 64 KB, not 1 MB: an empty memtable then accounts (and takes) about
  // 130 KB, so the shared memtable budget (memory_budget.h) measures real memory.
  options.arena_block_size = 64 << 10;
  // Items are small and hot data sits in the upper levels: decompressing them on every
  // read costs more than it saves, so only the bulk of the data (L2+) is compressed.
  options.compression_per_level = {rocksdb::kNoCompression,  rocksdb::kNoCompression,
                                   rocksdb::kLZ4Compression, rocksdb::kLZ4Compression,
                                   rocksdb::kLZ4Compression, rocksdb::kLZ4Compression,
                                   rocksdb::kLZ4Compression};
  return options;
}

rocksdb::ColumnFamilyOptions Storage::ExpiryColumnFamilyOptions() const {
  rocksdb::ColumnFamilyOptions options;
  rocksdb::BlockBasedTableOptions table;
  UseBlockCache(block_cache_, &table);
  options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  // A sweep deletes entries from the front of a table's range, which the next sweep
  // reads again: files dense with tombstones are compacted early so that it skips few.
  options.table_properties_collector_factories.emplace_back(
      rocksdb::NewCompactOnDeletionCollectorFactory(/*sliding_window_size=*/4096,
                                                    /*deletion_trigger=*/1024));
  options.write_buffer_size = 16 << 20;
  return options;
}

Result<std::unique_ptr<Storage>> Storage::Open(const StorageOptions& options) {
  std::unique_ptr<Storage> storage(new Storage());
  storage->in_memory_ = options.in_memory;
  rocksdb::DBOptions db_options;
  // The block cache, with the memtables of every family charged to it (memory_budget.h).
  storage->block_cache_ = ApplyMemoryBudget(options.block_cache_bytes, &db_options);
  db_options.create_if_missing = true;
  db_options.create_missing_column_families = true;
  db_options.max_background_jobs = 2;
  db_options.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  db_options.keep_log_file_num = 2;
  storage->statistics_ = rocksdb::CreateDBStatistics();
  storage->statistics_->set_stats_level(rocksdb::StatsLevel::kExceptHistogramOrTimers);
  db_options.statistics = storage->statistics_;
  std::string path = options.path;
  if (options.in_memory) {
    storage->mem_env_.reset(rocksdb::NewMemEnv(rocksdb::Env::Default()));
    db_options.env = storage->mem_env_.get();
    path = "/monotable-in-memory";
  } else {
    // An SstFileManager makes RocksDB treat a full disk as a recoverable error: it
    // refuses writes up front (HTTP 500) while reads go on. Without one, the next write
    // after a failed WAL append reaches the failed log writer, which aborts the process
    // in Debian's librocksdb (its assertions are on): a crash on a full disk.
    db_options.sst_file_manager.reset(rocksdb::NewSstFileManager(rocksdb::Env::Default()));
    // RocksDB's messages go to monotable's log, not to a LOG file on the data's disk,
    // which aborted the process when the disk filled (rocksdb_logger.h). In memory the
    // LOG is a MemEnv file, as harmless as the rest (and RocksDB's complaints about the
    // directory it cannot list there stay out of the server's log).
    db_options.info_log = std::make_shared<RocksLogger>(db_options.info_log_level);
    // No preallocated room in the WAL: with it, writes went on into a full disk until a
    // memtable filled and its flush failed, and DB::Resume() after that can wait
    // forever (docs/JEPSEN.md). Without it the WAL append fails first, which resumes.
    db_options.allow_fallocate = false;
    // Writes resume after space is freed without a restart (no_space_recovery.h).
    db_options.listeners.push_back(storage->no_space_recovery_.MakeListener());
    std::error_code ec;
    std::filesystem::create_directories(path, ec);
    if (!std::filesystem::is_directory(path)) {
      return Status::Internal("data directory '" + path + "' is not a usable directory" +
                              (ec ? ": " + ec.message() : std::string()));
    }
  }

  std::vector<std::string> names;
  rocksdb::Status listed = rocksdb::DB::ListColumnFamilies(db_options, path, &names);
  if (!listed.ok()) names = {rocksdb::kDefaultColumnFamilyName};  // a new database

  // The other families read through the shared cache too (without one, RocksDB gives
  // each table factory its own 8 MB cache, outside the budget).
  rocksdb::BlockBasedTableOptions shared_table;
  UseBlockCache(storage->block_cache_, &shared_table);
  std::shared_ptr<rocksdb::TableFactory> shared_factory(
      rocksdb::NewBlockBasedTableFactory(shared_table));
  rocksdb::ColumnFamilyOptions catalog_options;
  catalog_options.merge_operator = NewStatsMergeOperator();
  catalog_options.table_factory = shared_factory;
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  // Stream records are keyed by stream, shard and sequence number: no hash prefix.
  rocksdb::ColumnFamilyOptions streams_options;
  streams_options.table_factory = shared_factory;
  rocksdb::ColumnFamilyOptions default_options;
  default_options.table_factory = shared_factory;
  bool has_catalog = false;
  bool has_expiry = false;
  bool has_streams = false;
  bool has_backups = false;
  for (const auto& name : names) {
    if (name == kCatalogFamily) {
      has_catalog = true;
      descriptors.emplace_back(name, catalog_options);
    } else if (name == kExpiryFamily) {
      has_expiry = true;
      descriptors.emplace_back(name, storage->ExpiryColumnFamilyOptions());
    } else if (name == kStreamsFamily) {
      has_streams = true;
      descriptors.emplace_back(name, streams_options);
    } else if (name == kBackupsFamily) {
      has_backups = true;
      descriptors.emplace_back(name, streams_options);
    } else if (name == rocksdb::kDefaultColumnFamilyName) {
      descriptors.emplace_back(name, default_options);
    } else {
      descriptors.emplace_back(name, storage->TableColumnFamilyOptions());
    }
  }
  if (!has_catalog) descriptors.emplace_back(kCatalogFamily, catalog_options);
  if (!has_expiry) descriptors.emplace_back(kExpiryFamily, storage->ExpiryColumnFamilyOptions());
  if (!has_streams) descriptors.emplace_back(kStreamsFamily, streams_options);
  // Backups and change histories are keyed by backup or family first: no hash prefix.
  if (!has_backups) descriptors.emplace_back(kBackupsFamily, streams_options);

  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* db = nullptr;
  rocksdb::Status s = rocksdb::DB::Open(db_options, path, descriptors, &handles, &db);
  if (!s.ok()) return FromRocks(s, "cannot open data directory '" + path + "'");
  storage->db_.reset(db);
  for (size_t i = 0; i < handles.size(); ++i) {
    const std::string& name = descriptors[i].name;
    ColumnFamilyRef ref = storage->Wrap(handles[i]);
    if (name == kCatalogFamily) {
      storage->catalog_ = ref;
    } else if (name == kExpiryFamily) {
      storage->expiry_ = ref;
    } else if (name == kStreamsFamily) {
      storage->streams_ = ref;
    } else if (name == kBackupsFamily) {
      storage->backups_ = ref;
    } else if (name != rocksdb::kDefaultColumnFamilyName) {
      storage->opened_.emplace_back(name, ref);
    }
    // The default family holds only the WAL sentinel (no_space_recovery.h); its handle
    // is released right here (the database keeps its own).
  }
  MT_RETURN_IF_ERROR(CheckFormatVersion(*storage->db_, storage->catalog_.get(), path));
  // Writes go to the WAL without fsync: a process crash loses nothing; Flush() at
  // shutdown makes the memtables durable.
  storage->write_options_.sync = false;
  // In memory nothing survives the process, so a WAL would only be a second copy of
  // every write, appended to a MemEnv file under the write group's mutex. Batches stay
  // atomic without it: a write group publishes its sequence number after every
  // memtable insert.
  storage->write_options_.disableWAL = options.in_memory;
  // A write that raced with DeleteTable (or a GSI's deletion) may still name a dropped
  // family: its changes are moot, and without this RocksDB would fail the whole write
  // group, including other requests' batches.
  storage->write_options_.ignore_missing_column_families = true;
  return storage;
}

ColumnFamilyRef Storage::Wrap(rocksdb::ColumnFamilyHandle* handle) {
  // Every handle DB::Open returns, the default family's included, must be destroyed
  // before the database closes.
  rocksdb::DB* db = db_.get();
  return ColumnFamilyRef(
      handle, [db](rocksdb::ColumnFamilyHandle* h) { db->DestroyColumnFamilyHandle(h); });
}

Storage::~Storage() {
  if (!db_) return;
  opened_.clear();
  catalog_.reset();
  expiry_.reset();
  streams_.reset();
  backups_.reset();
  if (!in_memory_) db_->FlushWAL(/*sync=*/true).PermitUncheckedError();
  db_->Close().PermitUncheckedError();
  db_.reset();
}

std::vector<std::string> Storage::ExistingColumnFamilies() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> names;
  for (const auto& [name, ref] : opened_) names.push_back(name);
  return names;
}

ColumnFamilyRef Storage::Find(const std::string& name) const {
  std::lock_guard lock(mutex_);
  for (const auto& [n, ref] : opened_) {
    if (n == name) return ref;
  }
  return nullptr;
}

Result<ColumnFamilyRef> Storage::CreateColumnFamily(const std::string& name) {
  rocksdb::ColumnFamilyHandle* handle = nullptr;
  rocksdb::Status s = db_->CreateColumnFamily(TableColumnFamilyOptions(), name, &handle);
  if (!s.ok()) return FromRocks(s, "creating a column family");
  ColumnFamilyRef ref = Wrap(handle);
  std::lock_guard lock(mutex_);
  std::erase_if(created_, [](const auto& weak) { return weak.expired(); });
  created_.push_back(ref);
  return ref;
}

Status Storage::DropColumnFamily(const ColumnFamilyRef& handle) {
  {
    std::lock_guard lock(mutex_);
    std::erase_if(opened_, [&](const auto& p) { return p.second == handle; });
    std::erase_if(created_, [&](const auto& weak) {
      auto live = weak.lock();
      return !live || live == handle;
    });
  }
  return FromRocks(db_->DropColumnFamily(handle.get()), "dropping a column family");
}

Status Storage::Write(rocksdb::WriteBatch* batch, std::span<const IndexTouch> touches) {
  QuietPerfCounters();
  // So that a resume can always replace the WAL, should this write find the disk full.
  no_space_recovery_.KeepSentinel(db_.get());
  if (write_observer_ != nullptr) write_observer_->BeforeWrite(touches);
  rocksdb::Status s = db_->Write(write_options_, batch);
  // A write refused for lack of space was not applied: once DB::Resume() has brought
  // writes back (space was freed), it is retried once.
  if (!s.ok() && no_space_recovery_.TryResume(db_.get(), s)) {
    no_space_recovery_.KeepSentinel(db_.get());
    s = db_->Write(write_options_, batch);
  }
  if (write_observer_ != nullptr && s.ok()) write_observer_->AfterWrite();
  return FromRocks(s, "writing");
}

Storage::Figures Storage::figures() const {
  Figures f;
  f.block_cache_hits = statistics_->getTickerCount(rocksdb::BLOCK_CACHE_HIT);
  f.block_cache_misses = statistics_->getTickerCount(rocksdb::BLOCK_CACHE_MISS);
  f.block_cache_usage_bytes = block_cache_->GetUsage();
  f.block_cache_capacity_bytes = block_cache_->GetCapacity();
  auto property = [&](const char* name) {
    uint64_t value = 0;
    return db_->GetAggregatedIntProperty(name, &value) ? value : 0;
  };
  f.memtable_bytes = property("rocksdb.size-all-mem-tables");
  f.sst_bytes = property("rocksdb.total-sst-files-size");
  f.pending_compaction_bytes = property("rocksdb.estimate-pending-compaction-bytes");
  f.running_compactions = property("rocksdb.num-running-compactions");
  f.block_cache_pinned_bytes = block_cache_->GetPinnedUsage();
  f.table_readers_bytes = property("rocksdb.estimate-table-readers-mem");
  return f;
}

Status Storage::Flush() {
  if (in_memory_) return Status::Ok();
  rocksdb::FlushOptions options;
  options.wait = true;
  std::vector<ColumnFamilyRef> live;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [name, ref] : opened_) live.push_back(ref);
    for (const auto& weak : created_) {
      if (auto ref = weak.lock()) live.push_back(std::move(ref));
    }
  }
  live.push_back(catalog_);
  live.push_back(expiry_);
  live.push_back(streams_);
  live.push_back(backups_);
  // `live` keeps each handle valid until the flush is done.
  std::vector<rocksdb::ColumnFamilyHandle*> families;
  families.reserve(live.size());
  for (const auto& ref : live) families.push_back(ref.get());
  return FromRocks(db_->Flush(options, families), "flushing");
}

}  // namespace monotable
