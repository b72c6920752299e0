// Every one of the 16 throttling reasons is reachable, each from the situation the
// documentation describes for it.

#include <gtest/gtest.h>

#include "engine/throughput/test_util.h"

namespace monotable::throughput {
namespace {

using namespace testing;  // the helpers of test_util.h

// Drives `op` over every partition until a request is refused; returns its reason.
std::optional<ThrottlingReason> DriveUntilThrottled(Resource& r, Op op, double units) {
  const size_t n = r.partition_map().size();
  for (size_t i = 0; i < 100000; ++i) {
    const Admission a = r.Admit({HashIn(r, i % n, i)}, op, units);
    if (!a.admitted) return a.throttles.at(0).reason;
  }
  return std::nullopt;
}

std::optional<ThrottlingReason> Reach(ResourceKind kind, Op op, LimitKind limit) {
  FakeClock clock(kStartMs);
  const std::string index = kind == ResourceKind::kIndex ? "gsi" : "";
  switch (limit) {
    case LimitKind::kProvisionedThroughput:
      return DriveUntilThrottled(*MakeResource(clock, CapacitySpec::Provisioned(10, 10), index), op,
                                 1);
    case LimitKind::kMaxOnDemandThroughput:
      return DriveUntilThrottled(*MakeResource(clock, CapacitySpec::OnDemand(10, 10), index), op,
                                 1);
    case LimitKind::kKeyRangeThroughput: {
      auto r = MakeResource(clock, CapacitySpec::OnDemand(), index);
      return AdmitUntilRefused(*r, 1, op, 1) > 0 ? r->Admit({1}, op, 1).throttles.at(0).reason
                                                 : std::optional<ThrottlingReason>();
    }
    case LimitKind::kAccountLimit: {
      // A table switched from enough provisioned capacity that double its previous
      // peak exceeds the 40,000-unit per-table quota.
      auto r = MakeResource(clock,
                            op == Op::kRead ? CapacitySpec::Provisioned(40000, 10000)
                                            : CapacitySpec::Provisioned(1, 50000),
                            index);
      if (!r->UpdateCapacity(CapacitySpec::OnDemand()).ok()) return std::nullopt;
      return DriveUntilThrottled(*r, op, 50);
    }
  }
  return std::nullopt;
}

TEST(ReasonsTest, EverySixteenIsReachable) {
  for (ResourceKind kind : {ResourceKind::kTable, ResourceKind::kIndex}) {
    for (Op op : {Op::kRead, Op::kWrite}) {
      for (LimitKind limit : {LimitKind::kProvisionedThroughput, LimitKind::kAccountLimit,
                              LimitKind::kKeyRangeThroughput, LimitKind::kMaxOnDemandThroughput}) {
        const ThrottlingReason expected = MakeThrottlingReason(kind, op, limit);
        EXPECT_EQ(Reach(kind, op, limit), expected) << ThrottlingReasonName(expected);
      }
    }
  }
}

TEST(ReasonsTest, RefusalsAreCountedByReasonOncePerRequest) {
  FakeClock clock(kStartMs);
  auto r = MakeResource(clock, CapacitySpec::Provisioned(10, 10));
  const int admitted = AdmitUntilRefused(*r, 1, Op::kWrite, 1);
  EXPECT_GT(admitted, 0);
  for (int i = 0; i < 2; ++i) EXPECT_FALSE(r->Admit({1}, Op::kWrite, 1).admitted);
  const auto reason = ThrottlingReason::kTableWriteProvisionedThroughputExceeded;
  EXPECT_EQ(r->throttled(reason), 3u);
  EXPECT_EQ(r->throttled(ThrottlingReason::kTableReadProvisionedThroughputExceeded), 0u);
  const ResourceSnapshot snapshot = r->Snapshot(1);
  EXPECT_EQ(snapshot.throttled_by_reason[static_cast<size_t>(reason)], 3u);
  EXPECT_EQ(snapshot.totals.write_throttled, 3u);
}

}  // namespace
}  // namespace monotable::throughput
