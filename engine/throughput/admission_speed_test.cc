// Not a benchmark with assertions: prints what the hot path costs, so that a change
// that makes it expensive shows in the test log.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

#include "engine/throughput/test_util.h"

namespace monotable::throughput {
namespace {

double NanosPerAdmission(Resource& r, FakeClock* clock, int n, uint64_t salt) {
  const auto start = std::chrono::steady_clock::now();
  int admitted = 0;
  for (int i = 0; i < n; ++i) {
    // A new millisecond every 8 reads keeps every partition under its ceiling.
    if (clock != nullptr && i % 8 == 0) clock->Advance(1);
    admitted += r.Admit({(static_cast<uint64_t>(i) * 0x9E3779B97F4A7C15ull) ^ salt}, Op::kRead, 0.5)
                    .admitted;
  }
  const auto ns =
      std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(admitted, n);
  return ns / n;
}

TEST(AdmissionSpeedTest, UnthrottledAdmitCost) {
  FakeClock clock(testing::kStartMs);
  auto enforce = testing::MakeResource(clock, CapacitySpec::OnDemand());
  auto off = testing::MakeResource(clock, CapacitySpec::OnDemand(), "", Mode::kOff);
  constexpr int kN = 400000;
  NanosPerAdmission(*enforce, &clock, kN / 4, 0);  // warm up
  std::printf("[ speed    ] enforce: %.0f ns/Admit, off: %.1f ns/Admit (one thread)\n",
              NanosPerAdmission(*enforce, &clock, kN, 1), NanosPerAdmission(*off, nullptr, kN, 2));

  // Two threads on one resource: no global lock, only the partitions' and the
  // resource's mutexes. The clock is advanced by one thread only.
  auto shared = testing::MakeResource(clock, CapacitySpec::OnDemand(), "", Mode::kObserve);
  double per_thread[2] = {};
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      per_thread[t] = NanosPerAdmission(*shared, t == 0 ? &clock : nullptr, kN / 2, t + 3);
    });
  }
  for (auto& th : threads) th.join();
  std::printf("[ speed    ] observe, 2 threads: %.0f and %.0f ns/Admit\n", per_thread[0],
              per_thread[1]);
}

}  // namespace
}  // namespace monotable::throughput
