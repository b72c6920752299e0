#include "rehearse/workload.h"

#include <gtest/gtest.h>

namespace monotable::rehearse {
namespace {

constexpr const char* kSmall = R"({
  "name": "small",
  "tables": [{"name": "T", "billing_mode": "PROVISIONED", "read_capacity_units": 10,
              "write_capacity_units": 20,
              "write_auto_scaling": {"target_utilization": 50, "min_capacity": 5},
              "gsis": [{"name": "G"}]}],
  "phases": [{"name": "p", "duration_seconds": 60,
              "load": [{"table": "T", "rate": 100, "rate_end": 200, "read_fraction": 0.25,
                        "item_bytes": 2048,
                        "keys": {"distribution": "zipf", "s": 1.2, "count": 1000},
                        "gsi_writes": [{"index": "G"}]}]}]
})";

TEST(ParseWorkload, ReadsEveryMember) {
  auto w = ParseWorkload(kSmall);
  ASSERT_TRUE(w.ok()) << w.status().message();
  EXPECT_EQ(w->name, "small");
  ASSERT_EQ(w->tables.size(), 1u);
  const TableConfig& t = w->tables[0];
  EXPECT_EQ(t.capacity.spec.billing, throughput::BillingMode::kProvisioned);
  EXPECT_EQ(t.capacity.spec.read_capacity_units, 10);
  EXPECT_EQ(t.capacity.spec.write_capacity_units, 20);
  ASSERT_TRUE(t.capacity.write_scaling.has_value());
  EXPECT_EQ(t.capacity.write_scaling->target_utilization, 50);
  EXPECT_EQ(t.capacity.write_scaling->min_capacity, 5);
  EXPECT_FALSE(t.capacity.read_scaling.has_value());
  ASSERT_EQ(t.gsis.size(), 1u);
  EXPECT_EQ(t.gsis[0].capacity.spec.billing, throughput::BillingMode::kOnDemand);
  ASSERT_EQ(w->phases.size(), 1u);
  const Load& l = w->phases[0].load[0];
  EXPECT_EQ(l.rate, 100);
  EXPECT_EQ(l.rate_end, 200);
  EXPECT_EQ(l.read_fraction, 0.25);
  EXPECT_EQ(l.item_bytes, 2048u);
  EXPECT_EQ(l.keys.kind, KeyKind::kZipf);
  EXPECT_EQ(l.keys.zipf_s, 1.2);
  ASSERT_EQ(l.gsi_writes.size(), 1u);
  EXPECT_EQ(l.gsi_writes[0].index, "G");
  EXPECT_EQ(w->duration_seconds(), 60);
}

struct Refusal {
  const char* json;
  const char* message;
};

TEST(ParseWorkload, RefusesWithThePathOfTheBadMember) {
  const Refusal cases[] = {
      {"[]", "workload: (top): must be an object"},
      {R"({"tables": []})", "workload: tables: must name at least one table"},
      {R"({"tables": [{"name": "T"}], "phases": [{"duration_seconds": 1, "load": [{"table": "U"}]}]})",
       "workload: phases[0].load[0].table: names no table of the workload"},
      {R"({"tables": [{"name": "T"}], "phases": [{"duration_seconds": 1, "load": [{"table": "T", "rate": -1}]}]})",
       "workload: phases[0].load[0].rate: must be a number from 0 to 1000000000"},
      {R"({"tables": [{"name": "T", "rcu": 5}], "phases": []})",
       "workload: tables[0].rcu: is not a member of this object"},
      {R"({"tables": [{"name": "T", "billing_mode": "ON_DEMAND"}], "phases": []})",
       "workload: tables[0].billing_mode: must be PROVISIONED or PAY_PER_REQUEST"},
      {R"({"tables": [{"name": "T"}], "phases": [{"duration_seconds": 1, "load": [{"table": "T", "keys": {"distribution": "normal"}}]}]})",
       "workload: phases[0].load[0].keys.distribution: must be uniform, zipf, hot_key or "
       "time_ordered"},
      {R"({"tables": [{"name": "T"}], "phases": [{"duration_seconds": 1, "load": [{"table": "T", "gsi_writes": [{"index": "X"}]}]}]})",
       "workload: phases[0].load[0].gsi_writes[0].index: names no GSI of table T"},
      {R"({"tick_ms": 300, "tables": [{"name": "T"}], "phases": []})",
       "workload: tick_ms: must divide 1000"},
      {R"({"tables": [{"name": "T"}], "phases": [{"load": []}]})",
       "workload: phases[0].duration_seconds: is required"},
  };
  for (const Refusal& c : cases) {
    auto w = ParseWorkload(c.json);
    ASSERT_FALSE(w.ok()) << c.json;
    EXPECT_EQ(w.status().code(), ErrorCode::kValidation);
    EXPECT_EQ(w.status().message(), c.message) << c.json;
  }
}

TEST(ParseWorkload, ReadsSortKeysCooldownsAndTheUpdateTime) {
  auto w = ParseWorkload(R"({
    "tables": [{"name": "T", "billing_mode": "PROVISIONED", "read_capacity_units": 1,
                "write_capacity_units": 1, "sort_key_splits": true,
                "write_auto_scaling": {"scale_out_cooldown_seconds": 60,
                                       "scale_in_cooldown_seconds": 900,
                                       "update_seconds": 30}}],
    "phases": [{"duration_seconds": 1, "load": [{"table": "T", "rate": 1,
      "keys": {"distribution": "hot_key", "hot_share": 1,
               "sort_keys": {"count": 50, "prefix": "ORDER#", "order": "ascending"}}}]}]
  })");
  ASSERT_TRUE(w.ok()) << w.status().message();
  const CapacityConfig& c = w->tables[0].capacity;
  EXPECT_TRUE(c.sort_key_splits);
  ASSERT_TRUE(c.write_scaling.has_value());
  EXPECT_EQ(c.write_scaling->scale_out_cooldown_seconds, 60);
  EXPECT_EQ(c.write_scaling->scale_in_cooldown_seconds, 900);
  EXPECT_EQ(c.write_scaling->update_seconds, 30);
  const SortKeys& sort = w->phases[0].load[0].keys.sort_keys;
  EXPECT_EQ(sort.count, 50u);
  EXPECT_EQ(sort.prefix, "ORDER#");
  EXPECT_TRUE(sort.ascending);
  auto bad = ParseWorkload(R"({"tables": [{"name": "T"}], "phases": [{"duration_seconds": 1,
    "load": [{"table": "T", "keys": {"sort_keys": {"order": "sideways"}}}]}]})");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(),
            "workload: phases[0].load[0].keys.sort_keys.order: must be random or ascending");
}

}  // namespace
}  // namespace monotable::rehearse
