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
// memtables fit, and the failed write is then retried once.
//
// Resume() replaces the failed WAL only by switching a memtable that holds an entry
// (RocksDB 7.8 keeps a failed log writer refusing every append, facebook/rocksdb#11643),
// so a disk that filled while every memtable was empty (nothing written since start-up,
// or since every family was flushed) would need a restart. KeepSentinel(), called before
// every write, prevents that case: it keeps one entry, written without the WAL, in the
// active memtable of the default family (otherwise unused), put again once it is sealed
// (the listener notes it). Written without the WAL it costs no disk I/O, so it fits on a
// full disk, and it is never read: losing it in a crash loses nothing. Like the catalog's
// statistics, it holds back the deletion of WAL files until the default family is
// flushed, which RocksDB does when the WALs outgrow max_total_wal_size (or on Resume).
// One race is left: a write that passed KeepSentinel while another thread's flush of
// every family sealed the sentinel's memtable, and whose WAL append then failed; TryResume
// logs it and the server needs a restart.
//
// Thread-safety: KeepSentinel() and TryResume() may be called from any thread;
// TryResume() lets one caller at a time resume, at most once per kResumeInterval (a full
// disk fails every write; each attempt flushes all memtables).

#include <rocksdb/db.h>
#include <rocksdb/listener.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string_view>

namespace monotable {

class NoSpaceRecovery {
 public:
  static constexpr std::chrono::milliseconds kResumeInterval{1000};
  // The sentinel's key in the default family (which holds nothing else).
  static constexpr std::string_view kSentinelKey = "monotable-wal-sentinel";

  // For DBOptions::listeners, before DB::Open: suppresses RocksDB's automatic recovery of
  // hard no-space errors, which TryResume() does instead, and tells KeepSentinel() when
  // the sentinel's memtable was sealed. Without it (an in-memory database, which cannot
  // fill a disk) KeepSentinel() does nothing.
  std::shared_ptr<rocksdb::EventListener> MakeListener();

  // Before a write: puts the sentinel again when its memtable was sealed since (or it was
  // never put). Cheap otherwise (one atomic load). A failed put (the database already
  // stopped, or stalled: it never waits) is retried by the next write.
  void KeepSentinel(rocksdb::DB* db);

  // Called with the status of a failed write. When it failed for lack of space, no
  // attempt was made in the last kResumeInterval and the data directory's filesystem has
  // room for the memtables' flush, calls DB::Resume(); returns true when
  // writes are accepted again (the caller may retry its write, after KeepSentinel), false
  // otherwise (still full, or another attempt was recent or is running). Failures are
  // logged once per attempt.
  bool TryResume(rocksdb::DB* db, const rocksdb::Status& failure);

 private:
  std::mutex mutex_;  // one Resume at a time
  std::chrono::steady_clock::time_point last_attempt_{};
  // True while the default family's active memtable may lack the sentinel; shared with
  // the listener, which RocksDB may keep past this object. Null without a listener.
  std::shared_ptr<std::atomic<bool>> sentinel_wanted_;
};

}  // namespace monotable
