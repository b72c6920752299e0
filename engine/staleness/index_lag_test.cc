// GSI lag per write on the fake clock (index_lag.h): exact visible times, write order
// per partition, Scans that never show a write before its time.
#include "engine/staleness/index_lag.h"

#include <gtest/gtest.h>
#include <rocksdb/write_batch.h>

#include <optional>
#include <string>
#include <vector>

#include "engine/base/clock.h"
#include "engine/staleness/staleness_test_fixture.h"

namespace monotable::staleness {
namespace {

class IndexLagTest : public StalenessStorageTest {
 protected:
  void SetUp() override {
    StalenessStorageTest::SetUp();
    lag_ = std::make_unique<IndexLag>(storage_->db(), clock_);
  }

  // Writes `key` = `value` as a write reaching `partitions` of index family 1, each
  // with its delay (as Staleness draws them), told to the lag first as Storage would.
  void Write(const std::string& key, const std::string& value,
             const std::vector<uint64_t>& partitions, const std::vector<int64_t>& delays) {
    std::vector<IndexTouch> touches;
    for (uint64_t p : partitions) touches.push_back({1, p, std::nullopt});
    lag_->BeforeWrite(touches, delays);
    rocksdb::WriteBatch batch;
    batch.Put(storage_->catalog(), key, value);
    ASSERT_TRUE(storage_->Write(&batch).ok());
  }

  // The value of `key` in `state` (null: the latest); "" when absent.
  std::string Read(const StateRef& state, const std::string& key) const {
    return ValueIn(state, key).value_or("");
  }

  std::unique_ptr<IndexLag> lag_;
};

TEST_F(IndexLagTest, AWriteIsVisibleExactlyAtItsTime) {
  Write("k", "v1", {10}, {300});
  EXPECT_EQ(Read(lag_->ForPartition(1, 10), "k"), "");
  clock_.Advance(299);
  EXPECT_EQ(Read(lag_->ForPartition(1, 10), "k"), "");
  clock_.Advance(1);
  EXPECT_EQ(lag_->ForPartition(1, 10), nullptr);  // due: the latest state
  EXPECT_EQ(lag_->pending(), 0u);
}

TEST_F(IndexLagTest, APartitionShowsItsWritesInWriteOrder) {
  // The second write draws less than the first, yet waits for it: never v2 without v1.
  Write("a", "v1", {10}, {500});
  clock_.Advance(100);
  Write("b", "v2", {10}, {100});  // would be due at +200; held until +500
  clock_.Advance(150);            // +250
  EXPECT_EQ(Read(lag_->ForPartition(1, 10), "a"), "");
  EXPECT_EQ(Read(lag_->ForPartition(1, 10), "b"), "");
  clock_.Advance(249);  // +499
  EXPECT_EQ(Read(lag_->ForPartition(1, 10), "b"), "");
  clock_.Advance(1);  // +500: both at once
  EXPECT_EQ(lag_->ForPartition(1, 10), nullptr);
}

TEST_F(IndexLagTest, PartitionsLagEachOnItsOwn) {
  Write("a", "v1", {10}, {500});
  clock_.Advance(100);
  Write("b", "v2", {20}, {100});  // another partition: due at +200, not held back
  clock_.Advance(100);            // +200
  const StateRef second = lag_->ForPartition(1, 20);
  EXPECT_EQ(second, nullptr);  // partition 20 shows v2 ...
  const StateRef first = lag_->ForPartition(1, 10);
  EXPECT_EQ(Read(first, "a"), "");  // ... while partition 10 still misses v1
  // A Scan of the index shows neither: the state before the first write still
  // invisible anywhere, a real one (v2 without v1 never was).
  const StateRef scan = lag_->ForIndex(1);
  EXPECT_EQ(Read(scan, "a"), "");
  EXPECT_EQ(Read(scan, "b"), "");
  EXPECT_EQ(lag_->ForIndex(2), nullptr);  // another index: nothing pending
  clock_.Advance(300);                    // +500
  EXPECT_EQ(lag_->ForIndex(1), nullptr);
}

TEST_F(IndexLagTest, AWriteReachingTwoPartitionsIsSeenInEachAtItsOwnTime) {
  // An item moving from one index key to another: gone from the old partition at +100,
  // in the new one at +400; in between it is in neither, as it may be in DynamoDB.
  Write("k", "moved", {10, 20}, {100, 400});
  clock_.Advance(100);
  EXPECT_EQ(lag_->ForPartition(1, 10), nullptr);
  EXPECT_EQ(Read(lag_->ForPartition(1, 20), "k"), "");
  clock_.Advance(300);
  EXPECT_EQ(lag_->ForPartition(1, 20), nullptr);
}

TEST_F(IndexLagTest, AWriteDueAtOnceRecordsNothingUnlessItsPartitionIsBehind) {
  Write("a", "v1", {10}, {0});
  EXPECT_EQ(lag_->pending(), 0u);
  Write("b", "v2", {20}, {200});
  Write("c", "v3", {20}, {0});  // behind v2 in its partition: waits for it
  EXPECT_EQ(lag_->pending(), 2u);
  EXPECT_EQ(Read(lag_->ForPartition(1, 20), "c"), "");
  clock_.Advance(200);
  EXPECT_EQ(lag_->ForPartition(1, 20), nullptr);
  EXPECT_EQ(lag_->pending(), 0u);
}

}  // namespace
}  // namespace monotable::staleness
