#pragma once
// Writes come back after a full disk without a restart.
//
// When a WAL append or a flush fails for lack of space, RocksDB records a "hard" background
// error and refuses every later write (reads go on). Its own recovery, run by the
// SstFileManager, waits until the free space reaches the largest write buffer (32 MB for a
// table's family), polled every 5 s; on a disk with less room than that to give back it
// never recovers, and while it waits DB::Resume() answers "Resource busy". So the listener
// below turns that automatic recovery off for hard no-space errors (RocksDB's own recovery
// of a compaction's "soft" no-space error is kept: writes go on meanwhile), and the write
// path calls TryResume() when a write fails for lack of space: DB::Resume() flushes every
// memtable to a new file and switches to a new WAL, which succeeds as soon as the
// memtables fit, and the failed write is then retried once. One case is left to a
// restart: a disk that fills while every active memtable is empty (nothing written since
// start-up or since every family was flushed), where Resume() could not replace the
// failed WAL (see the .cc).
//
// Thread-safe: TryResume() lets one caller at a time resume, at most once per
// kResumeInterval (a full disk fails every write; each attempt flushes all memtables).

#include <rocksdb/db.h>
#include <rocksdb/listener.h>

#include <chrono>
#include <memory>
#include <mutex>

namespace monotable {

class NoSpaceRecovery {
 public:
  static constexpr std::chrono::milliseconds kResumeInterval{1000};

  // For DBOptions::listeners, before DB::Open: suppresses RocksDB's automatic recovery of
  // hard no-space errors, which TryResume() does instead.
  static std::shared_ptr<rocksdb::EventListener> MakeListener();

  // Called with the status of a failed write. When it failed for lack of space, no
  // attempt was made in the last kResumeInterval and the data directory's filesystem has
  // room for the memtables' flush, calls DB::Resume(); returns true when
  // writes are accepted again (the caller may retry its write), false otherwise (still
  // full, or another attempt was recent or is running). Failures are logged once per
  // attempt.
  bool TryResume(rocksdb::DB* db, const rocksdb::Status& failure);

 private:
  std::mutex mutex_;  // one Resume at a time
  std::chrono::steady_clock::time_point last_attempt_{};
};

}  // namespace monotable
