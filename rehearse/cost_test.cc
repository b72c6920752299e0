#include "rehearse/cost.h"

#include <gtest/gtest.h>

namespace monotable::rehearse {
namespace {

TEST(Prices, TheShippedFileNamesItsRegionAndDate) {
  auto p = ParsePrices(ShippedPrices());
  ASSERT_TRUE(p.ok()) << p.status().message();
  EXPECT_EQ(p->region, "us-east-1");
  EXPECT_FALSE(p->taken.empty());
  EXPECT_GT(p->write_request_units_per_million, 0);
  EXPECT_GT(p->write_capacity_unit_hour, 0);
}

TEST(Prices, AMissingPriceIsRefused) {
  auto p = ParsePrices(R"({"on_demand": {"read_request_units_per_million": 1}})");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().message(),
            "prices: /on_demand/write_request_units_per_million: must be a number >= 0");
}

TEST(Cost, OnDemandPricesUnitsAndProvisionedPricesCapacityHours) {
  Prices p;
  p.read_request_units_per_million = 0.25;
  p.write_request_units_per_million = 1.25;
  p.read_capacity_unit_hour = 0.0001;
  p.write_capacity_unit_hour = 0.0005;
  ResourceReport r;
  r.capacity = throughput::CapacitySpec::OnDemand();
  r.consumed_total[1] = 2e6;
  r.demanded_total[1] = 4e6;
  r.peak_demanded[1] = 99.5;
  const Cost od = EstimateCost(r, 7200, p);
  EXPECT_DOUBLE_EQ(od.as_rehearsed, 2.5);  // 2 M write units consumed
  EXPECT_DOUBLE_EQ(od.on_demand, 5.0);     // 4 M demanded
  // 100 WCU (the peak, rounded up) and 1 RCU for 2 hours.
  EXPECT_DOUBLE_EQ(od.provisioned_at_peak, 100 * 0.0005 * 2 + 1 * 0.0001 * 2);
  r.capacity = throughput::CapacitySpec::Provisioned(10, 100);
  r.capacity_unit_seconds[0] = 10 * 7200.0;
  r.capacity_unit_seconds[1] = 100 * 7200.0;
  EXPECT_DOUBLE_EQ(EstimateCost(r, 7200, p).as_rehearsed, 10 * 0.0001 * 2 + 100 * 0.0005 * 2);
}

}  // namespace
}  // namespace monotable::rehearse
