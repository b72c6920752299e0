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
  void OnErrorRecoveryBegin(rocksdb::BackgroundErrorReason /*reason*/, rocksdb::Status bg_error,
                            bool* auto_recovery) override {
    // A soft error (a compaction out of space) leaves writes on: RocksDB's recovery, which
    // retries the compaction when room is back, is the right one for it.
    if (IsNoSpace(bg_error) && bg_error.severity() >= rocksdb::Status::Severity::kHardError) {
      *auto_recovery = false;
    }
    bg_error.PermitUncheckedError();
  }
};

// DB::Resume() replaces the WAL that failed (RocksDB 7.8 keeps its writer refusing every
// later append) only by flushing a non-empty active memtable, which opens a new WAL. When
// every active memtable is empty, Resume() would report success with the failed writer
// still current, and the next write would reach it (an assertion in Debian's build).
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
  return std::make_shared<NoSpaceListener>();
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
               "): no memtable holds an entry, so resuming cannot replace the failed WAL; "
               "restart the server once space is freed");
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
