#include "engine/index/table_walk.h"

#include <gtest/gtest.h>
#include <rocksdb/write_batch.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/testing/storage_fixture.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_values::S;

class TableWalkTest : public test_storage::StorageTest {
 protected:
  void SetUp() override {
    test_storage::StorageTest::SetUp();
    table_ = Create(test_storage::SimpleTable("t"));
    ASSERT_NE(table_, nullptr);
    for (int i = 0; i < kItems; ++i) {
      keys_.push_back(test_storage::PutRaw(*storage_, table_->family(),
                                           test_storage::DefinitionOf(*table_),
                                           Item{{"pk", S("item" + std::to_string(i))}}));
    }
    std::sort(keys_.begin(), keys_.end());
  }

  TableWalk Walk() { return TableWalk(*storage_, locks_, *table_, "job-progress"); }

  // Stages a marker per visited key into the catalog family, so that what a batch wrote
  // can be told from what was only visited.
  static void Mark(rocksdb::WriteBatch& batch, rocksdb::ColumnFamilyHandle* family,
                   const std::string& key) {
    batch.Put(family, "mark" + key, "");
  }
  bool Marked(const std::string& key) {
    std::string value;
    return storage_->db()
        ->Get(storage_->read_options(), storage_->catalog(), "mark" + key, &value)
        .ok();
  }

  static constexpr int kItems = 1000;
  LockTable locks_;
  std::shared_ptr<Table> table_;
  std::vector<std::string> keys_;
};

TEST_F(TableWalkTest, VisitsEveryItemInKeyOrderAndLocksItsItems) {
  std::vector<std::string> visited;
  TableWalk walk = Walk();
  auto end = walk.Run(
      [&](const std::string& key, rocksdb::WriteBatch& batch) -> Result<bool> {
        // The walk holds the item's stripe: a try_lock from here fails.
        std::mutex& m = locks_.StripeMutex(LockTable::IdOf(table_->family()->GetID(), key));
        EXPECT_FALSE(m.try_lock());
        visited.push_back(key);
        Mark(batch, storage_->catalog(), key);
        return true;
      },
      [] { return false; });
  ASSERT_TRUE(end.ok());
  EXPECT_EQ(*end, TableWalk::End::kFinished);
  EXPECT_EQ(visited, keys_);
  for (const auto& key : keys_) EXPECT_TRUE(Marked(key));
  EXPECT_TRUE(walk.ClearProgress().ok());
}

TEST_F(TableWalkTest, AnInterruptedWalkResumesAfterItsLastWrittenBatch) {
  // The first run ends (as a kill would) in its third batch: the first two batches are
  // written with their progress, the third is lost.
  const size_t stop_at = 2 * TableWalk::kItemsPerBatch + 10;
  size_t visits = 0;
  {
    TableWalk walk = Walk();
    auto end = walk.Run(
        [&](const std::string& key, rocksdb::WriteBatch& batch) -> Result<bool> {
          if (visits++ == stop_at) return Status::Internal("killed");
          Mark(batch, storage_->catalog(), key);
          return true;
        },
        [] { return false; });
    EXPECT_FALSE(end.ok());
  }
  for (size_t i = 0; i < keys_.size(); ++i) {
    EXPECT_EQ(Marked(keys_[i]), i < 2 * TableWalk::kItemsPerBatch) << i;
  }
  // A new walk (after a restart) starts right after the last key written.
  std::vector<std::string> visited;
  TableWalk again = Walk();
  auto end = again.Run(
      [&](const std::string& key, rocksdb::WriteBatch& batch) -> Result<bool> {
        visited.push_back(key);
        Mark(batch, storage_->catalog(), key);
        return true;
      },
      [] { return false; });
  ASSERT_TRUE(end.ok());
  EXPECT_EQ(*end, TableWalk::End::kFinished);
  EXPECT_EQ(visited,
            std::vector<std::string>(keys_.begin() + 2 * TableWalk::kItemsPerBatch, keys_.end()));
  for (const auto& key : keys_) EXPECT_TRUE(Marked(key));
  // Once the progress is cleared, a walk starts from the first item again.
  ASSERT_TRUE(again.ClearProgress().ok());
  size_t count = 0;
  auto full = Walk().Run(
      [&](const std::string&, rocksdb::WriteBatch&) -> Result<bool> {
        ++count;
        return true;
      },
      [] { return false; });
  ASSERT_TRUE(full.ok());
  EXPECT_EQ(count, keys_.size());
}

TEST_F(TableWalkTest, StopAndVisitEndTheWalk) {
  int batches = 0;
  auto stopped =
      Walk().Run([&](const std::string&, rocksdb::WriteBatch&) -> Result<bool> { return true; },
                 [&] { return ++batches > 2; });
  ASSERT_TRUE(stopped.ok());
  EXPECT_EQ(*stopped, TableWalk::End::kEnded);
  auto ended =
      Walk().Run([&](const std::string&, rocksdb::WriteBatch&) -> Result<bool> { return false; },
                 [] { return false; });
  ASSERT_TRUE(ended.ok());
  EXPECT_EQ(*ended, TableWalk::End::kEnded);
}

}  // namespace
}  // namespace monotable
