#include "bench/rate_schedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace monotable::bench {
namespace {

using Clock = RateSchedule::Clock;
using std::chrono::nanoseconds;

const Clock::time_point kStart = Clock::time_point() + std::chrono::seconds(1000);

int64_t NanosAfterStart(Clock::time_point t) {
  return std::chrono::duration_cast<nanoseconds>(t - kStart).count();
}

TEST(RateScheduleTest, OneConnectionSendsEveryOneOverRate) {
  RateSchedule schedule(kStart, 1000, 1, 0);
  EXPECT_EQ(NanosAfterStart(schedule.Next()), 0);
  EXPECT_EQ(NanosAfterStart(schedule.Next()), 1'000'000);
  EXPECT_EQ(NanosAfterStart(schedule.Next()), 2'000'000);
}

TEST(RateScheduleTest, ConnectionsArePhaseShiftedAndSendEveryNOverRate) {
  // 4 connections at 1000/s in all: each sends every 4 ms, connection 3 starting 3 ms in.
  RateSchedule schedule(kStart, 1000, 4, 3);
  EXPECT_EQ(NanosAfterStart(schedule.Next()), 3'000'000);
  EXPECT_EQ(NanosAfterStart(schedule.Next()), 7'000'000);
  EXPECT_EQ(NanosAfterStart(schedule.Next()), 11'000'000);
}

TEST(RateScheduleTest, AllConnectionsTogetherFillEverySlotOnce) {
  constexpr int kConnections = 7;
  constexpr double kRate = 350;  // slots 1/350 s apart
  std::vector<int64_t> sends;
  for (int i = 0; i < kConnections; ++i) {
    RateSchedule schedule(kStart, kRate, kConnections, i);
    for (int k = 0; k < 50; ++k) sends.push_back(NanosAfterStart(schedule.Next()));
  }
  std::sort(sends.begin(), sends.end());
  for (size_t slot = 0; slot < sends.size(); ++slot) {
    const double expected = static_cast<double>(slot) * 1e9 / kRate;
    EXPECT_NEAR(static_cast<double>(sends[slot]), expected, 1.0) << "slot " << slot;
  }
}

TEST(RateScheduleTest, DoesNotDriftOverALongRun) {
  // 3 connections at 30,000/s: a connection's billionth request is due at 10^5 s
  // (slot 1 + 3*10^9 over 30,000/s); summing rounded intervals would be off by far
  // more than a microsecond by then.
  RateSchedule schedule(kStart, 30000, 3, 1);
  const int64_t expected = 100'000'000'000'000 + 33'333;  // (1 + 3e9) / 3e4 s in ns
  EXPECT_NEAR(static_cast<double>(NanosAfterStart(schedule.At(1'000'000'000))),
              static_cast<double>(expected), 1000.0);
}

TEST(RateScheduleTest, AtDoesNotAdvanceNext) {
  RateSchedule schedule(kStart, 100, 2, 0);
  EXPECT_EQ(NanosAfterStart(schedule.At(5)), 100'000'000);
  EXPECT_EQ(NanosAfterStart(schedule.Next()), 0);
}

}  // namespace
}  // namespace monotable::bench
