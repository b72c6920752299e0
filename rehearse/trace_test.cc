#include "rehearse/trace.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "engine/format/key_codec.h"
#include "rehearse/key_space.h"
#include "rehearse/simulator.h"
#include "rehearse/sort_key_space.h"

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
  EXPECT_EQ(trace->requests[0].sort_key, EncodedSortKey("c"));
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

Workload WithGsi() {
  Workload w = TwoTables();
  w.tables[0].gsis.push_back({"G", {throughput::CapacitySpec::Provisioned(5, 10), {}, {}}});
  return w;
}

uint64_t HashOf(const AttributeValue& v) {
  std::string encoded;
  key_codec::AppendKeyValue(&encoded, v, /*last=*/false);
  return key_codec::Hash64(encoded);
}

TEST(ParseTrace, ALoggedLinesItemsAreItsRequestsWithTheirKeysSizesAndUnits) {
  auto t = ParseTrace(
      "2026-01-01 10:00:00.000 info [1] request op=BatchGetItem table=- status=200 error=- "
      "latency_us=40 items=T/read/S:user%231/N:7/5000/1;U/read/N:-1.5//0/0;"
      "T:G/read/B:%00%FF//9000/1.5;T:Missing/read/S:x//1/1;Other/write/S:x//1/1\n"
      // PartiQL: the items say what it did, which the operation does not.
      "2026-01-01 10:00:01.000 info [1] request op=ExecuteStatement table=- status=200 "
      "error=- latency_us=40 items=U/write/S:k//2000/2\n",
      WithGsi());
  ASSERT_TRUE(t.ok()) << t.status().message();
  ASSERT_EQ(t->requests.size(), 4u);
  EXPECT_EQ(t->skipped, 2u);  // a GSI and a table the workload does not have
  const TraceRequest& a = t->requests[0];
  EXPECT_EQ(a.op, throughput::Op::kRead);
  EXPECT_EQ(a.table, 0u);
  EXPECT_EQ(a.index, "");
  EXPECT_EQ(a.key, "user#1");
  EXPECT_EQ(a.hash, StringKeyHash("user#1"));
  std::string sort;
  key_codec::AppendKeyValue(&sort, AttributeValue::NumberText("7"), /*last=*/true);
  EXPECT_EQ(a.sort_key, sort);
  EXPECT_EQ(a.bytes, 5000u);
  EXPECT_EQ(a.units, 1.0);
  const TraceRequest& b = t->requests[1];  // a number key, throttled: size unknown
  EXPECT_EQ(b.table, 1u);
  EXPECT_EQ(b.key, "-1.5");
  EXPECT_EQ(b.hash, HashOf(AttributeValue::NumberText("-1.5")));
  EXPECT_EQ(b.sort_key, "");
  EXPECT_EQ(b.bytes, 0u);
  EXPECT_EQ(b.units, 0.0);
  const TraceRequest& c = t->requests[2];  // a Query page on the GSI, a binary key
  EXPECT_EQ(c.index, "G");
  EXPECT_EQ(c.key, "B:AP8=");
  EXPECT_EQ(c.hash, HashOf(AttributeValue::Binary(std::string("\0\xFF", 2))));
  EXPECT_EQ(c.units, 1.5);
  const TraceRequest& d = t->requests[3];
  EXPECT_EQ(d.op, throughput::Op::kWrite);
  EXPECT_EQ(d.ms, 1000);
  EXPECT_EQ(d.units, 2.0);

  auto bad = ParseTrace(
      "2026-01-01 10:00:00.000 info [1] request op=GetItem table=T status=200 error=- "
      "latency_us=40 items=T/read/S:a b//1/1\n",
      WithGsi());
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(),
            "trace: line 1: items: an entry is TARGET/OP/PK/SK/BYTES/UNITS: T/read/S:a");
}

// Each logged item lands on the partition of its key's hash, with its units: 4,000 WCU
// provisioned start the table with four partitions (1,000 WCU each).
TEST(Rehearse, ALoggedItemIsChargedOnItsKeysPartition) {
  Workload w = WithGsi();
  w.tables[0].capacity.spec = throughput::CapacitySpec::Provisioned(5, 4000);
  std::string log;
  const char* keys[] = {"alpha", "beta", "gamma", "delta"};
  for (int i = 0; i < 4; ++i) {
    log +=
        "2026-01-01 10:00:00.000 info [1] request op=PutItem table=T status=200 error=- "
        "latency_us=40 items=T/write/S:" +
        std::string(keys[i]) + "//" + std::to_string(1000 * (i + 1)) + "/" + std::to_string(i + 1) +
        "\n";
  }
  auto trace = ParseTrace(log, w);
  ASSERT_TRUE(trace.ok()) << trace.status().message();
  auto report = Rehearse(w, {1, true, &*trace});
  ASSERT_TRUE(report.ok()) << report.status().message();
  std::vector<double> expected, seen;
  for (const PartitionRow& p : report->partitions) {
    if (p.resource != 0) continue;
    double units = 0;
    for (int i = 0; i < 4; ++i) {
      const uint64_t hash = StringKeyHash(keys[i]);
      if (hash >= p.begin && hash <= p.last) units += i + 1;
    }
    expected.push_back(units);
    seen.push_back(p.consumed_units[1]);
  }
  ASSERT_GT(expected.size(), 1u);
  EXPECT_EQ(seen, expected);
  // The logged units, not the size (1 + 2 + 3 + 4, not 1 + 2 + 3 + 4 KB rounded).
  EXPECT_EQ(report->resources[0].Totals().consumed_units[1], 10.0);
}

// A line that names its GSI entries replays them on the GSI, on their keys' partitions,
// and its table write charges no GSI besides; a line without them charges every GSI of
// the table, keys spread, with the table write's units.
TEST(Rehearse, LoggedGsiEntriesAreReplayedInsteadOfDerived) {
  Workload w = WithGsi();
  w.tables[0].capacity.spec = throughput::CapacitySpec::Provisioned(5, 4000);
  w.tables[0].gsis[0].capacity.spec = throughput::CapacitySpec::Provisioned(5, 4000);
  const std::string line =
      "2026-01-01 10:00:00.000 info [1] request op=UpdateItem table=T status=200 error=- "
      "latency_us=40 items=";
  auto trace =
      ParseTrace(line + "T/write/S:a//3000/3;T:G/write/S:old//100/1;T:G/write/S:new//200/2\n" +
                     line + "T/write/S:b//4000/4\n",
                 w);
  ASSERT_TRUE(trace.ok()) << trace.status().message();
  ASSERT_EQ(trace->requests.size(), 4u);
  EXPECT_FALSE(trace->requests[0].derive_gsis);
  EXPECT_EQ(trace->requests[1].index, "G");
  EXPECT_EQ(trace->requests[1].op, throughput::Op::kWrite);
  EXPECT_EQ(trace->requests[1].hash, StringKeyHash("old"));
  EXPECT_TRUE(trace->requests[3].derive_gsis);
  auto report = Rehearse(w, {1, true, &*trace});
  ASSERT_TRUE(report.ok()) << report.status().message();
  ASSERT_EQ(report->resources[1].index, "G");
  EXPECT_EQ(report->resources[0].Totals().consumed_units[1], 3.0 + 4.0);
  // 1 + 2 from the entries, 4 derived from b's write; not 3 more derived from a's.
  EXPECT_EQ(report->resources[1].Totals().consumed_units[1], 1.0 + 2.0 + 4.0);
  std::vector<double> seen, expected;
  for (const PartitionRow& p : report->partitions) {
    if (p.resource != 1) continue;
    double units = 0;
    if (StringKeyHash("old") >= p.begin && StringKeyHash("old") <= p.last) units += 1;
    if (StringKeyHash("new") >= p.begin && StringKeyHash("new") <= p.last) units += 2;
    expected.push_back(units);
    seen.push_back(p.consumed_units[1]);
  }
  ASSERT_GT(seen.size(), 1u);
  // The spread units of b's write are somewhere; the entries' are on their partitions.
  double spread = 0;
  for (size_t i = 0; i < seen.size(); ++i) {
    EXPECT_GE(seen[i], expected[i]) << i;
    spread += seen[i] - expected[i];
  }
  EXPECT_EQ(spread, 4.0);
}

// A Scan page names no key: it is spread over the partitions, as a Scan reads them in
// turn. 11,000 RCU start the table with four partitions (11,000 / 3,000 + 5 / 1,000).
TEST(Rehearse, ALoggedScanPageIsSpreadOverThePartitions) {
  Workload w = TwoTables();
  w.tables[0].capacity.spec = throughput::CapacitySpec::Provisioned(11000, 5);
  std::string log;
  for (int i = 0; i < 400; ++i) {
    log +=
        "2026-01-01 10:00:00.000 info [1] request op=Scan table=T status=200 error=- "
        "latency_us=40 items=T/read///8192/1\n";
  }
  auto trace = ParseTrace(log, w);
  ASSERT_TRUE(trace.ok()) << trace.status().message();
  ASSERT_EQ(trace->requests.size(), 400u);
  EXPECT_EQ(trace->requests[0].key, "");
  EXPECT_EQ(trace->requests[0].op, throughput::Op::kRead);
  EXPECT_EQ(trace->requests[0].bytes, 8192u);
  auto report = Rehearse(w, {1, true, &*trace});
  ASSERT_TRUE(report.ok()) << report.status().message();
  size_t partitions = 0;
  for (const PartitionRow& p : report->partitions) {
    if (p.resource != 0) continue;
    ++partitions;
    EXPECT_GT(p.consumed_units[0], 50.0) << p.begin;  // about 100 each
  }
  EXPECT_EQ(partitions, 4u);
  EXPECT_EQ(report->resources[0].Totals().consumed_units[0], 400.0);  // the logged units
}

}  // namespace
}  // namespace monotable::rehearse
