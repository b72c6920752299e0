#include "engine/staleness/snapshot_ring.h"

#include <gtest/gtest.h>
#include <rocksdb/write_batch.h>

#include <optional>
#include <set>
#include <span>
#include <string>

#include "engine/base/clock.h"
#include "engine/staleness/staleness.h"
#include "engine/staleness/staleness_test_fixture.h"

namespace monotable::staleness {
namespace {

class SnapshotRingTest : public StalenessStorageTest {
 protected:
  void Put(const std::string& value) {
    rocksdb::WriteBatch batch;
    batch.Put(storage_->catalog(), "k", value);
    ASSERT_TRUE(storage_->Write(&batch).ok());
  }

  // The value of "k" in `state` (null: the latest); nullopt when absent.
  std::optional<std::string> Read(const StateRef& state) const { return ValueIn(state, "k"); }
};

TEST_F(SnapshotRingTest, ServesTheStateOfAMomentInThePast) {
  SnapshotRing ring(storage_->db(), clock_, 1000, 2);
  storage_->SetWriteObserver(&ring);
  clock_.Advance(10);
  Put("v1");  // at +10
  clock_.Advance(100);
  Put("v2");            // at +110
  clock_.Advance(100);  // now +210

  EXPECT_EQ(Read(ring.StateAt(kStart + 5)), std::nullopt);  // before v1: nothing yet
  EXPECT_EQ(Read(ring.StateAt(kStart + 10)), "v1");
  EXPECT_EQ(Read(ring.StateAt(kStart + 109)), "v1");
  // Nothing committed after +110: the latest state is that moment's.
  EXPECT_EQ(ring.StateAt(kStart + 110), nullptr);
  EXPECT_EQ(ring.StateAt(kStart + 200), nullptr);
  storage_->SetWriteObserver(nullptr);
}

TEST_F(SnapshotRingTest, AStateHandedOutOutlivesTheRingsHold) {
  SnapshotRing ring(storage_->db(), clock_, 100, 2);
  storage_->SetWriteObserver(&ring);
  Put("v1");
  clock_.Advance(10);
  Put("v2");
  StateRef old = ring.StateAt(clock_.NowMillis() - 5);
  ASSERT_NE(old, nullptr);
  // Far past the ring's window: it lets go of the old states.
  for (int i = 0; i < 10; ++i) {
    clock_.Advance(100);
    Put("v" + std::to_string(3 + i));
  }
  EXPECT_LE(ring.size(), 3u);
  EXPECT_EQ(Read(old), "v1");  // still readable by its holder
  storage_->SetWriteObserver(nullptr);
}

TEST_F(SnapshotRingTest, TakesAtMostOneSnapshotPerInterval) {
  SnapshotRing ring(storage_->db(), clock_, 1000, 5);
  storage_->SetWriteObserver(&ring);
  for (int i = 0; i < 100; ++i) {
    Put("v" + std::to_string(i));
    clock_.Advance(1);
  }
  // 100 ms of writes every millisecond: about one snapshot per 5 ms, and the start.
  EXPECT_LE(ring.size(), 100u / 5 + 2);
  EXPECT_GE(ring.size(), 100u / 5 - 1);
  // A moment within a skipped stretch gets a real, older state: one value of the run.
  const std::optional<std::string> seen = Read(ring.StateAt(kStart + 42));
  ASSERT_TRUE(seen.has_value());
  const int index = std::stoi(seen->substr(1));
  EXPECT_LE(index, 42);
  EXPECT_GE(index, 42 - 5);
  storage_->SetWriteObserver(nullptr);
}

TEST_F(SnapshotRingTest, KeepsOnlyWhatTheLongestDelayNeeds) {
  SnapshotRing ring(storage_->db(), clock_, 50, 1);
  storage_->SetWriteObserver(&ring);
  for (int i = 0; i < 1000; ++i) {
    Put("v" + std::to_string(i));
    clock_.Advance(1);
  }
  EXPECT_LE(ring.size(), 53u);
  // The oldest moment still asked for is served exactly.
  EXPECT_EQ(Read(ring.StateAt(clock_.NowMillis() - 50)), "v950");
  storage_->SetWriteObserver(nullptr);
}

TEST_F(SnapshotRingTest, ReportsHowFarBackItReaches) {
  SnapshotRing ring(storage_->db(), clock_, 50, 1);
  storage_->SetWriteObserver(&ring);
  EXPECT_EQ(ring.size(), 1u);  // the state at start
  EXPECT_EQ(ring.OldestAgeMs(), 0);
  clock_.Advance(30);
  EXPECT_EQ(ring.OldestAgeMs(), 30);
  for (int i = 0; i < 200; ++i) {
    Put("v" + std::to_string(i));
    clock_.Advance(1);
  }
  // Trimmed to what a 50 ms delay needs: the oldest kept began at most 50 ms ago, and was
  // taken when the write after it came, one ms later.
  EXPECT_LE(ring.OldestAgeMs(), 52);
  EXPECT_GE(ring.OldestAgeMs(), 50);
  EXPECT_GT(ring.size(), 40u);
  storage_->SetWriteObserver(nullptr);
}

TEST(DelayDrawTest, AConstantRangeAlwaysDrawsItsValue) {
  DelayDraw draw({2000, 2000}, 7);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(draw.Next(), 2000);
}

TEST(DelayDrawTest, DrawsWithinTheRangeReproduciblyFromTheSeed) {
  DelayDraw a({10, 20}, 42), b({10, 20}, 42), c({10, 20}, 43);
  bool differs = false;
  std::set<int64_t> seen;
  for (int i = 0; i < 200; ++i) {
    const int64_t x = a.Next();
    EXPECT_GE(x, 10);
    EXPECT_LE(x, 20);
    EXPECT_EQ(x, b.Next());
    differs |= x != c.Next();
    seen.insert(x);
  }
  EXPECT_TRUE(differs);
  EXPECT_EQ(seen.size(), 11u);  // every value of the range comes up
}

TEST_F(SnapshotRingTest, StalenessIsOffWithoutADelay) {
  EXPECT_EQ(Staleness::Attach(*storage_, clock_, StalenessOptions{}), nullptr);
}

TEST_F(SnapshotRingTest, StalenessServesTableReadsByTheirDelayAndIndexReadsByTheirWrites) {
  StalenessOptions options;
  options.eventual_reads = {100, 100};
  options.gsi_lag = {1000, 1000};
  auto staleness = Staleness::Attach(*storage_, clock_, options);
  ASSERT_NE(staleness, nullptr);
  EXPECT_TRUE(storage_->WantsIndexTouches());
  const IndexTouch touch{7, 42, std::nullopt};
  auto put_touching = [&](const std::string& value) {
    rocksdb::WriteBatch batch;
    batch.Put(storage_->catalog(), "k", value);
    ASSERT_TRUE(storage_->Write(&batch, std::span<const IndexTouch>(&touch, 1)).ok());
  };
  put_touching("v1");
  clock_.Advance(500);
  put_touching("v2");
  clock_.Advance(200);
  EXPECT_EQ(Read(staleness->ForTableRead()), "v2");                    // 100 ms behind: after v2
  EXPECT_EQ(Read(staleness->ForIndexPartition(7, 42)), std::nullopt);  // v1 due at +1000
  EXPECT_EQ(staleness->ForIndexPartition(7, 43), nullptr);             // another partition: no lag
  clock_.Advance(300);
  EXPECT_EQ(Read(staleness->ForIndexPartition(7, 42)), "v1");
  EXPECT_EQ(Read(staleness->ForIndexScan(7)), "v1");
  clock_.Advance(500);
  EXPECT_EQ(staleness->ForIndexPartition(7, 42), nullptr);  // caught up: the latest
  EXPECT_EQ(staleness->index_lag().pending(), 0u);
}

}  // namespace
}  // namespace monotable::staleness
