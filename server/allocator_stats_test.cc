#include "server/allocator_stats.h"

#include <gtest/gtest.h>

#include <string>

#include "server/metrics_text.h"

namespace monotable::server {
namespace {

// The unit tests run without jemalloc (only the monotable binary links it), where the
// figures must be absent rather than made up; with jemalloc they must be consistent.
// tests/integration/test_metrics.py checks them on the real binary.
TEST(AllocatorStatsTest, FiguresAreConsistentOrAbsent) {
  const AllocatorStats s = ReadAllocatorStats();
  if (!s.available) {
    EXPECT_EQ(s.allocated_bytes, 0u);
    EXPECT_EQ(s.resident_bytes, 0u);
    std::vector<prometheus::MetricFamily> families;
    CollectAllocatorMetrics(s, families);
    EXPECT_TRUE(families.empty());
    return;
  }
  EXPECT_GT(s.allocated_bytes, 0u);
  EXPECT_LE(s.allocated_bytes, s.active_bytes);
  EXPECT_LE(s.active_bytes, s.resident_bytes);
  EXPECT_LE(s.active_bytes, s.mapped_bytes);
}

TEST(AllocatorStatsTest, EveryFigureBecomesOneGauge) {
  AllocatorStats s;
  s.available = true;
  s.allocated_bytes = 1;
  s.active_bytes = 2;
  s.resident_bytes = 3;
  s.mapped_bytes = 4;
  s.retained_bytes = 5;
  s.metadata_bytes = 6;
  s.dirty_bytes = 7;
  s.muzzy_bytes = 8;
  std::vector<prometheus::MetricFamily> families;
  CollectAllocatorMetrics(s, families);
  ASSERT_EQ(families.size(), 8u);
  const char* names[] = {"allocated", "active",   "resident", "mapped",
                         "retained",  "metadata", "dirty",    "muzzy"};
  for (size_t i = 0; i < families.size(); ++i) {
    EXPECT_EQ(families[i].name, std::string("monotable_allocator_") + names[i] + "_bytes");
    EXPECT_EQ(families[i].type, prometheus::MetricType::Gauge);
    ASSERT_EQ(families[i].metric.size(), 1u);
    EXPECT_EQ(families[i].metric[0].gauge.value, static_cast<double>(i + 1));
  }
}

}  // namespace
}  // namespace monotable::server
