#include "engine/storage/no_space_recovery.h"

#include <filesystem>
#include <string>

#include "engine/base/log.h"

namespace monotable {
namespace {

bool IsNoSpace(const rocksdb::Status& s) {
  return s.subcode() == rocksdb::Status::kNoSpace || s.subcode() == rocksdb::Status::kSpaceLimit;
}

class NoSpaceListener : public rocksdb::EventListener {
 public:
  explicit NoSpaceListener(std::shared_ptr<std::atomic<bool>> sentinel_wanted)
      : sentinel_wanted_(std::move(sentinel_wanted)) {}

  void OnErrorRecoveryBegin(rocksdb::BackgroundErrorReason /*reason*/, rocksdb::Status bg_error,
                            bool* auto_recovery) override {
    // A soft error (a compaction out of space) leaves writes on: RocksDB's recovery, which
    // retries the compaction when room is back, is the right one for it.
    if (IsNoSpace(bg_error) && bg_error.severity() >= rocksdb::Status::Severity::kHardError) {
      *auto_recovery = false;
    }
    bg_error.PermitUncheckedError();
  }

  // Called by the memtable switch, inside the write queue: every write after it, the
  // next sentinel's included, goes to the new memtable.
  void OnMemTableSealed(const rocksdb::MemTableInfo& info) override {
    if (info.cf_name == rocksdb::kDefaultColumnFamilyName) sentinel_wanted_->store(true);
  }

 private:
  std::shared_ptr<std::atomic<bool>> sentinel_wanted_;
};

// DB::Resume() replaces the WAL that failed (RocksDB 7.8 keeps its writer refusing every
// later append) only by flushing a non-empty active memtable, which opens a new WAL. When
// every active memtable is empty, Resume() would report success with the failed writer
// still current, and the next write would reach it (an assertion in Debian's build). The
// sentinel makes this the rare race the header describes.
bool SomeActiveMemtableHasEntries(rocksdb::DB* db) {
  uint64_t entries = 0;
  return db->GetAggregatedIntProperty("rocksdb.num-entries-active-mem-table", &entries) &&
         entries > 0;
}

// Free space wanted beyond the memtables' bytes before resuming.
constexpr uint64_t kResumeHeadroomBytes = uint64_t{4} << 20;

// Whether the flush DB::Resume() does can fit: the memtables' bytes (an upper bound of
// the files they become) plus room for a new WAL's first writes and the MANIFEST. A
// Resume() that runs out of space again is not harmless: in Debian's librocksdb 7.8 a
// flush failing on the old WAL's writer trips an assertion and aborts the process.
bool RoomToFlush(rocksdb::DB* db) {
  uint64_t memtables = 0;
  if (!db->GetAggregatedIntProperty("rocksdb.cur-size-all-mem-tables", &memtables)) return false;
  std::error_code ec;
  std::filesystem::space_info space = std::filesystem::space(db->GetName(), ec);
  return !ec && space.available >= memtables + kResumeHeadroomBytes;
}

}  // namespace

std::shared_ptr<rocksdb::EventListener> NoSpaceRecovery::MakeListener() {
  sentinel_wanted_ = std::make_shared<std::atomic<bool>>(true);
  return std::make_shared<NoSpaceListener>(sentinel_wanted_);
}

void NoSpaceRecovery::KeepSentinel(rocksdb::DB* db) {
  if (!sentinel_wanted_ || !sentinel_wanted_->load(std::memory_order_acquire)) return;
  if (!sentinel_wanted_->exchange(false)) return;  // another write is putting it
  rocksdb::WriteOptions options;
  options.disableWAL = true;   // no disk I/O: it fits on a full disk
  options.no_slowdown = true;  // never wait behind a write stall for a key nobody reads
  rocksdb::Status put =
      db->Put(options, db->DefaultColumnFamily(),
              rocksdb::Slice(kSentinelKey.data(), kSentinelKey.size()), rocksdb::Slice());
  if (!put.ok()) sentinel_wanted_->store(true);
}

bool NoSpaceRecovery::TryResume(rocksdb::DB* db, const rocksdb::Status& failure) {
  if (!IsNoSpace(failure)) return false;
  std::unique_lock lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock()) return false;  // another write is resuming right now
  auto now = std::chrono::steady_clock::now();
  if (last_attempt_ != std::chrono::steady_clock::time_point{} &&
      now - last_attempt_ < kResumeInterval) {
    return false;
  }
  last_attempt_ = now;
  if (!RoomToFlush(db)) return false;  // still full: nothing to log on every attempt
  if (!SomeActiveMemtableHasEntries(db)) {
    log::Error("writes stay refused after a full disk (" + failure.ToString() +
               "): no memtable holds an entry, not even the WAL sentinel, so resuming cannot "
               "replace the failed WAL; restart the server once space is freed");
    return false;
  }
  rocksdb::Status resumed = db->Resume();
  if (!resumed.ok()) {
    log::Warn("writes stay refused after a full disk (" + failure.ToString() +
              "); resuming failed: " + resumed.ToString());
    return false;
  }
  log::Warn("writes resumed after a full disk (" + failure.ToString() + ")");
  return true;
}

}  // namespace monotable
