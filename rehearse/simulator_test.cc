// The model's time-dependent behaviour, rehearsed on the simulated clock: each test is
// one figure of docs/REHEARSE.md ("What the model does over time") with its source.

#include "rehearse/simulator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

namespace monotable::rehearse {
namespace {

using throughput::CapacitySpec;
using throughput::ThrottlingReason;

Load Writes(double rate, KeyDistribution keys = {}) {
  Load l;
  l.table = "T";
  l.rate = rate;
  l.item_bytes = 1000;  // one write unit
  l.keys = keys;
  return l;
}

Phase During(int64_t seconds, std::vector<Load> load) {
  return {"phase", seconds, std::move(load)};
}

Report RunWorkload(CapacityConfig capacity, std::vector<Phase> phases) {
  Workload w;
  w.name = "test";
  w.tables.push_back({"T", capacity, {}});
  w.phases = std::move(phases);
  auto report = Rehearse(w, {1, true});
  EXPECT_TRUE(report.ok()) << report.status().message();
  return *report;
}

CapacityConfig Provisioned(int64_t rcu, int64_t wcu) {
  return {CapacitySpec::Provisioned(rcu, wcu), std::nullopt, std::nullopt};
}

uint64_t ThrottledWrites(const Report& r, int64_t from, int64_t to) {
  uint64_t n = 0;
  for (const IntervalRow& row : r.resources[0].rows) {
    if (row.second >= from && row.second < to) n += row.throttled[1];
  }
  return n;
}

double AcceptedWrites(const Report& r, int64_t from, int64_t to) {
  double n = 0;
  for (const IntervalRow& row : r.resources[0].rows) {
    if (row.second >= from && row.second < to) n += static_cast<double>(row.accepted[1]);
  }
  return n;
}

TEST(Rehearse, EveryRequestIsAdmittedOrThrottledAndCounted) {
  const Report r = RunWorkload(Provisioned(5, 100), {During(30, {Writes(150)})});
  const IntervalRow t = r.resources[0].Totals();
  EXPECT_EQ(t.requests[1], 30u * 150);
  EXPECT_EQ(t.accepted[1] + t.throttled[1], t.requests[1]);
  EXPECT_EQ(r.total_requests, 30u * 150);
  EXPECT_EQ(r.resources[0].rows.size(), 30u);
  EXPECT_DOUBLE_EQ(t.consumed_units[1], static_cast<double>(t.accepted[1]));
}

// "DynamoDB currently retains up to 5 minutes (300 seconds) of unused read and write
// capacity" (Developer Guide, "Burst capacity").
TEST(Rehearse, BurstCreditOf300SecondsDrainsThenThrottlesAtTheProvisionedRate) {
  // 300 s idle at 100 WCU earns 30,000 units; 200 writes/s then use 100 a second more
  // than provisioned, which drains the credit in 300 s.
  const Report r =
      RunWorkload(Provisioned(5, 100), {During(300, {Writes(0)}), During(420, {Writes(200)})});
  EXPECT_EQ(ThrottledWrites(r, 0, 595), 0u);
  EXPECT_GT(ThrottledWrites(r, 600, 720), 100u * 110);
  // Once the credit is gone, the provisioned rate is what is served.
  EXPECT_NEAR(AcceptedWrites(r, 620, 720) / 100.0, 100, 1);
  EXPECT_EQ(r.resources[0].Totals().by_reason[static_cast<size_t>(
                ThrottlingReason::kTableWriteProvisionedThroughputExceeded)],
            r.resources[0].Totals().throttled[1]);
}

// Adaptive capacity: a partition may use the table's capacity beyond its even share at
// once, within the table's capacity and up to the partition's ceiling of 1,000 WCU
// (Developer Guide, "Adaptive capacity").
TEST(Rehearse, AdaptiveCapacityServesOneHotKeyBeyondItsShareAtOnce) {
  KeyDistribution one_key;
  one_key.count = 1;
  // 9,000 RCU and 400 WCU: four partitions (ceil(9000/3000 + 400/1000)), an even 100 WCU
  // each; one key at 350 writes a second is served in full from the first second.
  const Report served = RunWorkload(Provisioned(9000, 400), {During(20, {Writes(350, one_key)})});
  EXPECT_EQ(served.resources[0].rows[0].partitions, 4u);
  EXPECT_EQ(ThrottledWrites(served, 0, 20), 0u);
  // Beyond the table's 400 WCU it is the table's capacity that throttles (once the new
  // bucket's one second of tokens is spent, 100 a second over 4 s).
  const Report table = RunWorkload(Provisioned(9000, 400), {During(20, {Writes(500, one_key)})});
  EXPECT_NEAR(AcceptedWrites(table, 5, 20) / 15.0, 400, 2);
  EXPECT_EQ(table.resources[0].Totals().by_reason[static_cast<size_t>(
                ThrottlingReason::kTableWriteProvisionedThroughputExceeded)],
            table.resources[0].Totals().throttled[1]);
  // And on a table with room, one key is held at the partition's ceiling.
  const Report held = RunWorkload(Provisioned(5, 3990), {During(20, {Writes(1500, one_key)})});
  EXPECT_NEAR(AcceptedWrites(held, 2, 20) / 18.0, 1000, 10);
  const IntervalRow t = held.resources[0].Totals();
  EXPECT_EQ(
      t.by_reason[static_cast<size_t>(ThrottlingReason::kTableWriteKeyRangeThroughputExceeded)],
      t.throttled[1]);
}

// Split for heat: a partition at 80% or more of its ceiling for 60 s splits (our
// figures: DynamoDB does not document when).
TEST(Rehearse, AHotPartitionSplitsForHeatAfterSixtySeconds) {
  // 990 WCU and 5 RCU: one partition (ceil(5/3000 + 990/1000)).
  const Report r = RunWorkload(Provisioned(5, 990), {During(90, {Writes(900)})});
  EXPECT_EQ(r.resources[0].rows[0].partitions, 1u);
  ASSERT_FALSE(r.splits.empty());
  EXPECT_EQ(r.splits[0].reason, throughput::SplitReason::kHeat);
  EXPECT_GE(r.splits[0].second, 60);
  EXPECT_LE(r.splits[0].second, 62);
  EXPECT_EQ(r.resources[0].rows.back().partitions, 2u);
}

// A single hot key never splits for heat: splitting cannot help one key.
TEST(Rehearse, OneHotKeyDoesNotSplit) {
  KeyDistribution one_key;
  one_key.count = 1;
  const Report r = RunWorkload(Provisioned(5, 990), {During(90, {Writes(950, one_key)})});
  EXPECT_TRUE(r.splits.empty());
}

// A write claims its GSI too, all or nothing: a GSI short of capacity refuses the write
// at the table as well, with the GSI's reason counted at the GSI only.
TEST(Rehearse, AWriteThrottledByItsGsiIsRefusedAtTheTableToo) {
  for (const bool own_keys : {false, true}) {
    Workload w;
    w.tables.push_back({"T",
                        {CapacitySpec::OnDemand(), std::nullopt, std::nullopt},
                        {{"G", {CapacitySpec::Provisioned(5, 100), std::nullopt, std::nullopt}}}});
    Load l = Writes(150);
    GsiWrite g{"G", std::nullopt};
    if (own_keys) {
      KeyDistribution zipf;
      zipf.kind = KeyKind::kZipf;
      zipf.count = 1000;
      g.keys = zipf;
    }
    l.gsi_writes.push_back(g);
    w.phases.push_back(During(30, {l}));
    auto r = Rehearse(w, {1, true, nullptr});
    ASSERT_TRUE(r.ok());
    const IntervalRow table = r->resources[0].Totals();
    const IntervalRow gsi = r->resources[1].Totals();
    EXPECT_EQ(r->resources[1].label(), "T/G");
    EXPECT_EQ(table.requests[1], 30u * 150) << own_keys;
    EXPECT_EQ(gsi.requests[1], table.requests[1]) << own_keys;
    EXPECT_EQ(gsi.accepted[1], table.accepted[1]) << own_keys;
    EXPECT_GT(gsi.throttled[1], 30u * 40) << own_keys;  // 150 asked, 100 provisioned
    EXPECT_EQ(gsi.by_reason[static_cast<size_t>(
                  ThrottlingReason::kIndexWriteProvisionedThroughputExceeded)],
              gsi.throttled[1])
        << own_keys;
    EXPECT_EQ(std::accumulate(table.by_reason.begin(), table.by_reason.end(), uint64_t{0}), 0u)
        << own_keys;
    EXPECT_DOUBLE_EQ(table.consumed_units[1], gsi.consumed_units[1]) << own_keys;
  }
}

// Split for size: a partition over 10 GB splits into pieces of at most 10 GB (Developer
// Guide, "Partitions and data distribution"); the rehearsal looks once a minute.
TEST(Rehearse, APartitionOverTenGigabytesSplitsForSize) {
  CapacityConfig stored = Provisioned(5, 990);
  stored.initial_size_gb = 25;
  const Report r = RunWorkload(stored, {During(90, {Writes(0)})});
  ASSERT_EQ(r.splits.size(), 1u);
  EXPECT_EQ(r.splits[0].reason, throughput::SplitReason::kSize);
  EXPECT_EQ(r.splits[0].second, 60);
  EXPECT_EQ(r.splits[0].children, 3u);  // ceil(25 / 10)
  // 9.95 GB, then 500 new 1,000-byte items a second: over 10 GB after 108 s.
  CapacityConfig growing = Provisioned(5, 990);
  growing.initial_size_gb = 9.95;
  Load adding = Writes(500);
  adding.new_item_fraction = 1;
  const Report g = RunWorkload(growing, {During(150, {adding})});
  ASSERT_EQ(g.splits.size(), 1u);
  EXPECT_EQ(g.splits[0].reason, throughput::SplitReason::kSize);
  EXPECT_EQ(g.splits[0].second, 120);
  EXPECT_EQ(g.resources[0].rows.back().partitions, 2u);
}

// On-demand: a new table serves up to 4,000 write request units a second at once; a
// new peak counts as the previous peak after 30 minutes, and double it is then served
// (Developer Guide, "Read/write capacity mode": "Initial throughput for on-demand
// capacity mode", "Peak traffic and scaling properties").
TEST(Rehearse, OnDemandServesFourThousandWritesThenDoubleThePeakAfterThirtyMinutes) {
  const Report r = RunWorkload({CapacitySpec::OnDemand(), std::nullopt, std::nullopt},
                               {During(35 * 60, {Writes(6000)})});
  EXPECT_NEAR(AcceptedWrites(r, 5, 600) / 595.0, 4000, 40);
  EXPECT_GT(ThrottledWrites(r, 5, 600), 595u * 1900);
  // The first minute's peak (4,000 WCU) settles 30 minutes after that minute ends.
  EXPECT_GT(ThrottledWrites(r, 30 * 60 - 5, 30 * 60), 0u);
  EXPECT_EQ(ThrottledWrites(r, 31 * 60 + 5, 35 * 60), 0u);
  EXPECT_FALSE(r.splits.empty());  // capacity splits for the new peak
  EXPECT_EQ(r.splits.back().reason, throughput::SplitReason::kCapacity);
}

// OnDemandThroughput's MaxWriteRequestUnits caps the table with its own reason.
TEST(Rehearse, OnDemandMaximumThrottlesWithItsOwnReason) {
  const Report r = RunWorkload({CapacitySpec::OnDemand(-1, 500), std::nullopt, std::nullopt},
                               {During(20, {Writes(800)})});
  const IntervalRow t = r.resources[0].Totals();
  EXPECT_GT(t.throttled[1], 0u);
  EXPECT_EQ(
      t.by_reason[static_cast<size_t>(ThrottlingReason::kTableWriteMaxOnDemandThroughputExceeded)],
      t.throttled[1]);
  EXPECT_NEAR(AcceptedWrites(r, 2, 20) / 18.0, 500, 5);
}

// Warm throughput: what the table can serve at once.
TEST(Rehearse, WarmThroughputIsServedFromTheFirstSecond) {
  const Report r =
      RunWorkload({CapacitySpec::OnDemand().WithWarm(0, 20000), std::nullopt, std::nullopt},
                  {During(20, {Writes(20000)})});
  EXPECT_EQ(ThrottledWrites(r, 0, 20), 0u);
  EXPECT_GE(r.resources[0].rows[0].partitions, 20u);
}

// Target tracking reacts after 2 minutes above the target, to the consumption it saw:
// a spike throttles first, and while throttled, consumption (capped by the capacity)
// raises the capacity by 1/0.7 a step, every 2 minutes.
TEST(Rehearse, AutoScalingIsTooSlowForASpike) {
  CapacityConfig c = Provisioned(5, 100);
  c.write_scaling = AutoScaling{70, 10, 10000};
  const Report r = RunWorkload(c, {During(600, {Writes(60)}), During(1800, {Writes(1000)})});
  EXPECT_EQ(ThrottledWrites(r, 0, 600), 0u);
  EXPECT_GT(ThrottledWrites(r, 600, 720), 0u);
  ASSERT_GE(r.capacity_changes.size(), 3u);
  const CapacityChange& up = r.capacity_changes[0];
  EXPECT_EQ(up.from, 100);
  EXPECT_EQ(up.second, 720);  // the spike's second whole minute above the target
  EXPECT_EQ(up.to, 143);      // 100 consumed a second / 70%
  EXPECT_EQ(r.capacity_changes[1].second, 840);
  EXPECT_EQ(r.capacity_changes[1].from, 143);
  EXPECT_EQ(r.capacity_changes[1].to, 205);       // ceil(143 / 0.7)
  EXPECT_GT(ThrottledWrites(r, 1200, 1260), 0u);  // ten minutes in, still throttling
  EXPECT_EQ(ThrottledWrites(r, 2100, 2400), 0u);  // until it caught up
  EXPECT_GE(r.resources[0].rows.back().capacity[1], 1000);
}

// The same spike with an UpdateTable that takes 5 minutes: each step is in force 300 s
// after the alarm, and no other step starts meanwhile, so the spike throttles longer.
TEST(Rehearse, AnUpdateTableThatTakesTimeDelaysEachStep) {
  CapacityConfig c = Provisioned(5, 100);
  c.write_scaling = AutoScaling{70, 10, 10000};
  const Report at_once = RunWorkload(c, {During(600, {Writes(60)}), During(1800, {Writes(1000)})});
  c.write_scaling->update_seconds = 300;
  const Report r = RunWorkload(c, {During(600, {Writes(60)}), During(1800, {Writes(1000)})});
  ASSERT_GE(r.capacity_changes.size(), 2u);
  EXPECT_EQ(r.capacity_changes[0].second, 720);
  EXPECT_EQ(r.capacity_changes[0].in_force_second, 1020);
  EXPECT_EQ(r.capacity_changes[0].to, 143);
  // The next alarm after it is in force: two minutes above the target from 1020 on
  // were already counted while it was UPDATING; the first minute end after 1020.
  EXPECT_EQ(r.capacity_changes[1].second, 1080);
  EXPECT_EQ(r.capacity_changes[1].from, 143);
  // Still at 100 WCU until 1020: about 900 of 1,000 writes a second throttled.
  EXPECT_NEAR(AcceptedWrites(r, 900, 1000) / 100.0, 100, 5);
  EXPECT_GT(ThrottledWrites(r, 600, 2400), ThrottledWrites(at_once, 600, 2400));
}

// Contributor Insights' top keys: the hot key, named, first among the throttled.
TEST(Rehearse, TheReportNamesTheMostAccessedAndThrottledKeys) {
  KeyDistribution hot;
  hot.kind = KeyKind::kHotKey;
  hot.prefix = "user#";
  hot.hot_share = 0.5;
  hot.count = 100000;
  const Report r = RunWorkload({CapacitySpec::OnDemand(), std::nullopt, std::nullopt},
                               {During(30, {Writes(3000, hot)})});
  const ResourceReport& t = r.resources[0];
  ASSERT_FALSE(t.top_throttled_keys.empty());
  EXPECT_EQ(t.top_throttled_keys[0].key, "user#0");
  ASSERT_FALSE(t.top_accessed_keys.empty());
  EXPECT_EQ(t.top_accessed_keys[0].key, "user#0");
  // Its partition serves 1,000 WCU a second, shared with the spread keys on it (1,500
  // hot and 375 spread requests a second): about 800 a second on the hot key.
  EXPECT_GE(t.top_accessed_keys[0].count, 20000);
  EXPECT_LE(t.top_accessed_keys[0].count - t.top_accessed_keys[0].error, 30000);
}

// One hot partition key with 1,000 sort keys at 3,000 writes a second: with sort-key
// splits its collection splits for heat into pieces (60 hot seconds each) until each is
// under the ceiling; without them, or with sort keys written in order, it stays one
// partition's 1,000 WCU.
Report HotCollection(bool sort_key_splits, bool ascending) {
  KeyDistribution keys;
  keys.kind = KeyKind::kHotKey;
  keys.hot_share = 1.0;
  keys.sort_keys.count = 1000;
  keys.sort_keys.ascending = ascending;
  CapacityConfig c{CapacitySpec::OnDemand(), std::nullopt, std::nullopt};
  c.sort_key_splits = sort_key_splits;
  return RunWorkload(c, {During(300, {Writes(3000, keys)})});
}

size_t SortKeySplits(const Report& r) {
  return static_cast<size_t>(std::count_if(r.splits.begin(), r.splits.end(), [](const SplitRow& s) {
    return s.reason == throughput::SplitReason::kHeatSortKey;
  }));
}

TEST(Rehearse, AHotItemCollectionSplitsBySortKey) {
  const Report r = HotCollection(true, false);
  EXPECT_GE(SortKeySplits(r), 3u);  // 3,000 WCU need at least four pieces
  EXPECT_GT(ThrottledWrites(r, 0, 60), 0u);
  EXPECT_EQ(ThrottledWrites(r, 240, 300), 0u);
  for (const SplitRow& s : r.splits) EXPECT_GE(s.second, 60);
}

TEST(Rehearse, AHotItemCollectionStaysWholeWithoutSortKeySplitsOrInOrder) {
  for (const bool ascending : {false, true}) {
    const Report r = HotCollection(/*sort_key_splits=*/ascending, ascending);
    EXPECT_EQ(SortKeySplits(r), 0u) << ascending;
    EXPECT_NEAR(AcceptedWrites(r, 240, 300) / 60.0, 1000, 20) << ascending;
  }
}

}  // namespace
}  // namespace monotable::rehearse
