#include "engine/storage/no_space_recovery.h"

#include <gtest/gtest.h>
#include <rocksdb/write_batch.h>

#include "engine/testing/storage_fixture.h"

namespace monotable {
namespace {

// The full-disk case itself (a WAL append failing, space freed, writes resuming) needs a
// filesystem that fills: tests/integration/test_disk_full.py.

TEST(NoSpaceRecovery, OtherFailuresNeverResume) {
  NoSpaceRecovery recovery;
  // A null database proves that nothing is called.
  EXPECT_FALSE(recovery.TryResume(nullptr, rocksdb::Status::IOError("disk on fire")));
  EXPECT_FALSE(recovery.TryResume(nullptr, rocksdb::Status::Corruption("bad block")));
  EXPECT_FALSE(recovery.TryResume(nullptr, rocksdb::Status::Busy()));
}

TEST(NoSpaceRecovery, ResumesAtMostOncePerInterval) {
  test_storage::TempDir dir;  // on disk: a resume first asks the filesystem for room
  auto storage = test_storage::OpenStorage(dir.path());
  ASSERT_NE(storage, nullptr);
  rocksdb::WriteBatch batch;  // something in a memtable, which a resume flushes
  batch.Put(storage->catalog(), "k", "v");
  ASSERT_TRUE(storage->Write(&batch).ok());
  NoSpaceRecovery recovery;
  rocksdb::Status full = rocksdb::Status::NoSpace("write failed");
  // A database that is not stopped resumes at once (Resume has nothing to do).
  EXPECT_TRUE(recovery.TryResume(storage->db(), full));
  // The next failure within the interval does not try again.
  EXPECT_FALSE(recovery.TryResume(storage->db(), full));
}

// Entries in the default family's active memtable: the sentinel, or nothing.
uint64_t SentinelEntries(rocksdb::DB* db) {
  uint64_t entries = 0;
  EXPECT_TRUE(db->GetIntProperty(db->DefaultColumnFamily(), "rocksdb.num-entries-active-mem-table",
                                 &entries));
  return entries;
}

TEST(NoSpaceRecovery, EveryWriteFindsTheSentinelInAnActiveMemtable) {
  test_storage::TempDir dir;
  auto storage = test_storage::OpenStorage(dir.path());
  ASSERT_NE(storage, nullptr);
  rocksdb::DB* db = storage->db();
  rocksdb::WriteBatch batch;
  batch.Put(storage->catalog(), "k", "v");
  ASSERT_TRUE(storage->Write(&batch).ok());
  EXPECT_EQ(SentinelEntries(db), 1u);
  // Flushing every family (what a resume does) empties every memtable: the next write
  // puts the sentinel again, before its own batch, and only once.
  ASSERT_TRUE(storage->Flush().ok());
  ASSERT_TRUE(db->Flush(rocksdb::FlushOptions(), db->DefaultColumnFamily()).ok());
  EXPECT_EQ(SentinelEntries(db), 0u);
  ASSERT_TRUE(storage->Write(&batch).ok());
  ASSERT_TRUE(storage->Write(&batch).ok());
  EXPECT_EQ(SentinelEntries(db), 1u);
  // A reopened database starts without it (it is not in the WAL to replay); its first
  // write puts it again.
  storage.reset();
  storage = test_storage::OpenStorage(dir.path());
  ASSERT_NE(storage, nullptr);
  EXPECT_EQ(SentinelEntries(storage->db()), 0u);
  ASSERT_TRUE(storage->Write(&batch).ok());
  EXPECT_EQ(SentinelEntries(storage->db()), 1u);
}

TEST(NoSpaceRecovery, TheListenerLeavesSoftErrorsToRocksDB) {
  NoSpaceRecovery recovery;
  auto listener = recovery.MakeListener();
  rocksdb::Status hard(rocksdb::Status::NoSpace("wal"), rocksdb::Status::Severity::kHardError);
  rocksdb::Status soft(rocksdb::Status::NoSpace("compaction"),
                       rocksdb::Status::Severity::kSoftError);
  bool auto_recovery = true;
  listener->OnErrorRecoveryBegin(rocksdb::BackgroundErrorReason::kCompaction, soft, &auto_recovery);
  EXPECT_TRUE(auto_recovery);
  listener->OnErrorRecoveryBegin(rocksdb::BackgroundErrorReason::kWriteCallback, hard,
                                 &auto_recovery);
  EXPECT_FALSE(auto_recovery);
}

}  // namespace
}  // namespace monotable
