#include "rehearse/trace.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "rehearse/simulator.h"

namespace monotable::rehearse {
namespace {

Workload TwoTables() {
  Workload w;
  w.tables.push_back({"T", {throughput::CapacitySpec::Provisioned(5, 10), {}, {}}, {}});
  w.tables.push_back({"U", {throughput::CapacitySpec::OnDemand(), {}, {}}, {}});
  return w;
}

TEST(ParseTrace, ReadsTheCsvFormFromItsFirstRequest) {
  auto t = ParseTrace(
      "timestamp,operation,table,key,size\n"
      "1700000000.5,PutItem,T,user#1,2048\n"
      "1700000000.0,GetItem,U,,\n"
      "1700000002.25,ListTables,T,,\n"
      "1700000003,PutItem,Other,k,\n",
      TwoTables());
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->requests.size(), 2u);
  EXPECT_EQ(t->skipped, 2u);
  EXPECT_EQ(t->requests[0].ms, 0);  // sorted by time, from the first one
  EXPECT_EQ(t->requests[0].op, throughput::Op::kRead);
  EXPECT_EQ(t->requests[0].table, 1u);
  EXPECT_EQ(t->requests[0].key, "");
  EXPECT_EQ(t->requests[0].bytes, 1024u);
  EXPECT_EQ(t->requests[1].ms, 500);
  EXPECT_EQ(t->requests[1].key, "user#1");
  EXPECT_EQ(t->requests[1].bytes, 2048u);
  EXPECT_EQ(t->duration_seconds(), 1);
}

TEST(ParseTrace, ReadsTheServersRequestLog) {
  auto t = ParseTrace(
      "2026-01-01 10:00:00.250 info [1] request op=PutItem table=T status=200 error=- "
      "latency_us=40\n"
      "2026-01-01 10:00:00.100 info [1] listening on 127.0.0.1:8000\n"
      "2026-01-01 10:00:03.000 info [2] request op=Query table=T status=200 error=- latency_us=9\n",
      TwoTables());
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->requests.size(), 2u);
  EXPECT_EQ(t->requests[0].op, throughput::Op::kWrite);
  EXPECT_EQ(t->requests[1].op, throughput::Op::kRead);
  EXPECT_EQ(t->requests[1].ms, 2750);
}

TEST(ParseTrace, RefusesABadLineByNumber) {
  auto t = ParseTrace("timestamp,operation,table,key,size\nsoon,PutItem,T,k,1\n", TwoTables());
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().message(), "trace: line 2: timestamp is not a number of seconds");
  auto u = ParseTrace("timestamp,operation,table,key,size\n1,PutItem,T\n", TwoTables());
  ASSERT_FALSE(u.ok());
  EXPECT_EQ(u.status().message(),
            "trace: line 2: expected 5 fields: timestamp,operation,table,key,size");
}

TEST(Rehearse, ReplaysATraceAtItsRecordedTimes) {
  // 30 writes in each of 3 seconds on one key of T (10 WCU): 10 served a second, after
  // the new bucket's one second of tokens.
  std::string csv = "timestamp,operation,table,key,size\n";
  for (int s = 0; s < 3; ++s) {
    for (int i = 0; i < 30; ++i) csv += std::to_string(s) + ".0,PutItem,T,hot,1000\n";
  }
  Workload w = TwoTables();
  auto trace = ParseTrace(csv, w);
  ASSERT_TRUE(trace.ok());
  RehearseOptions options{1, true, &*trace};
  auto report = Rehearse(w, options);
  ASSERT_TRUE(report.ok()) << report.status().message();
  const IntervalRow t = report->resources[0].Totals();
  EXPECT_EQ(t.requests[1], 90u);
  EXPECT_EQ(t.accepted[1], 30u);
  EXPECT_EQ(report->resources[0].rows.size(), 3u);
  EXPECT_EQ(report->resources[0].rows[1].accepted[1], 10u);
}

// A trace with sort keys: a hot item collection (1,500 WCU a second on one partition key,
// four sort keys) on a table that splits by sort key is cut inside the collection.
TEST(Rehearse, ATracesSortKeysPlaceItsRequestsInTheirItemCollection) {
  std::string csv = "timestamp,operation,table,key,sort_key,size\n";
  const char* sort_keys[] = {"c", "a", "d", "b"};
  for (int s = 0; s < 70; ++s) {
    for (int i = 0; i < 150; ++i) {
      csv += std::to_string(s) + ".0,PutItem,U,hot," + sort_keys[i % 4] + ",10000\n";
    }
  }
  Workload w = TwoTables();
  w.tables[1].capacity.sort_key_splits = true;
  auto trace = ParseTrace(csv, w);
  ASSERT_TRUE(trace.ok()) << trace.status().message();
  ASSERT_EQ(trace->requests.size(), 70u * 150u);
  EXPECT_EQ(trace->requests[0].sort_key, "c");
  auto report = Rehearse(w, {1, true, &*trace});
  ASSERT_TRUE(report.ok()) << report.status().message();
  const auto split = std::find_if(
      report->splits.begin(), report->splits.end(),
      [](const SplitRow& r) { return r.reason == throughput::SplitReason::kHeatSortKey; });
  ASSERT_NE(split, report->splits.end());
  EXPECT_EQ(split->resource, 1u);
  EXPECT_GE(split->second, 60);
  // A wrong field count names the header it expected.
  auto bad = ParseTrace("timestamp,operation,table,key,sort_key,size\n1,PutItem,U,k,10\n", w);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("expected 6 fields"), std::string::npos);
}

}  // namespace
}  // namespace monotable::rehearse
