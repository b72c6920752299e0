#include "rehearse/auto_scaler.h"

#include <gtest/gtest.h>

namespace monotable::rehearse {
namespace {

constexpr int64_t kMinute = 60'000;
constexpr int64_t kDay = 86'400'000;
constexpr int64_t kMidnight = 1'767'225'600'000;  // a UTC midnight

TEST(AutoScaler, ScalesOutAfterTwoMinutesAboveTheTarget) {
  AutoScaler s({70, 1, 40000}, 100);
  EXPECT_FALSE(s.OnMinute(80, kMidnight + kMinute));
  const auto up = s.OnMinute(80, kMidnight + 2 * kMinute);
  ASSERT_TRUE(up);
  EXPECT_EQ(*up, 115);  // ceil(80 / 0.7)
  // One minute above, one below: the streak starts again.
  EXPECT_FALSE(s.OnMinute(100, kMidnight + 3 * kMinute));
  EXPECT_FALSE(s.OnMinute(50, kMidnight + 4 * kMinute));
  EXPECT_FALSE(s.OnMinute(100, kMidnight + 5 * kMinute));
}

TEST(AutoScaler, ScalesInAfterFifteenMinutesTwentyPointsBelowTheTarget) {
  AutoScaler s({70, 10, 40000}, 100);
  for (int m = 1; m < 15; ++m) EXPECT_FALSE(s.OnMinute(50, kMidnight + m * kMinute)) << m;
  const auto down = s.OnMinute(50, kMidnight + 15 * kMinute);
  ASSERT_TRUE(down);
  EXPECT_EQ(*down, 72);  // ceil(50 / 0.7)
  // 51% of the new capacity is not 20 points below 70%: no further decrease.
  AutoScaler t({70, 10, 40000}, 100);
  for (int m = 1; m <= 30; ++m) EXPECT_FALSE(t.OnMinute(51, kMidnight + m * kMinute)) << m;
}

TEST(AutoScaler, NeverBelowTheMinimumOrAboveTheMaximum) {
  AutoScaler s({70, 40, 150}, 100);
  EXPECT_FALSE(s.OnMinute(1000, kMidnight + kMinute));
  EXPECT_EQ(*s.OnMinute(1000, kMidnight + 2 * kMinute), 150);
  for (int m = 3; m < 17; ++m) EXPECT_FALSE(s.OnMinute(0, kMidnight + m * kMinute));
  EXPECT_EQ(*s.OnMinute(0, kMidnight + 17 * kMinute), 40);
}

// Four decreases at any time in a UTC day, then one per hour without a decrease: 27 a
// day at most (Developer Guide, "Quotas", "Decreasing provisioned throughput").
TEST(AutoScaler, DecreasesObeyTheDailyQuota) {
  AutoScaler s({70, 1, 1'000'000}, 1'000'000);
  std::vector<int64_t> decreases;  // minutes of the day
  for (int64_t m = 1; m < 24 * 60; ++m) {
    // Always 49% of the capacity: the policy wants a decrease whenever it may.
    const double consumed = static_cast<double>(s.capacity()) * 0.49;
    if (s.OnMinute(consumed, kMidnight + m * kMinute)) decreases.push_back(m);
  }
  ASSERT_GE(decreases.size(), 4u);
  EXPECT_EQ(decreases[0], 15);
  EXPECT_EQ(decreases[3], 60);
  // After the fourth, each needs an hour since the previous one.
  for (size_t i = 4; i < decreases.size(); ++i) {
    EXPECT_GE(decreases[i] - decreases[i - 1], 60) << i;
  }
  EXPECT_EQ(decreases[4], 120);
  EXPECT_EQ(decreases.size(), 26u);  // 15, 30, 45, 60, then hourly to 23:00
  EXPECT_LE(decreases.size(), static_cast<size_t>(kDecreasesPerDayMax));
  EXPECT_GT(s.refused_decreases(), 0u);
  // A new UTC day allows four at once again.
  int next_day = 0;
  for (int64_t m = 1; m <= 60; ++m) {
    if (s.OnMinute(static_cast<double>(s.capacity()) * 0.49, kMidnight + kDay + m * kMinute)) {
      ++next_day;
    }
  }
  EXPECT_EQ(next_day, 4);
}

TEST(AutoScaler, AChangeIsInForceOnlyOnceItsUpdateTableIsDone) {
  AutoScaling policy{70, 1, 40000};
  policy.update_seconds = 90;
  AutoScaler s(policy, 100);
  EXPECT_FALSE(s.OnMinute(80, kMidnight + kMinute));
  ASSERT_EQ(s.OnMinute(80, kMidnight + 2 * kMinute), 115);
  // UPDATING: the old capacity is in force and no other change starts.
  EXPECT_EQ(s.capacity(), 100);
  EXPECT_TRUE(s.updating());
  EXPECT_FALSE(s.OnMinute(100, kMidnight + 3 * kMinute));
  EXPECT_FALSE(s.Due(kMidnight + 2 * kMinute + 89'999));
  EXPECT_EQ(s.Due(kMidnight + 2 * kMinute + 90'000), 115);
  EXPECT_EQ(s.capacity(), 115);
  EXPECT_FALSE(s.Due(kMidnight + 4 * kMinute));  // once
  // The minutes above the target while it was updating still count.
  EXPECT_EQ(s.OnMinute(100, kMidnight + 4 * kMinute), 143);  // ceil(100 / 0.7)
}

TEST(AutoScaler, CooldownsHoldBackTheNextChangeOfTheSameKind) {
  AutoScaling policy{70, 1, 40000};
  policy.scale_out_cooldown_seconds = 300;
  policy.scale_in_cooldown_seconds = 3600;
  AutoScaler s(policy, 100);
  s.OnMinute(80, kMidnight + kMinute);
  ASSERT_EQ(s.OnMinute(80, kMidnight + 2 * kMinute), 115);
  // Above the target again at once, but within the 300 s scale-out cooldown.
  for (int m = 3; m <= 6; ++m) EXPECT_FALSE(s.OnMinute(100, kMidnight + m * kMinute)) << m;
  EXPECT_EQ(s.OnMinute(100, kMidnight + 7 * kMinute), 143);
  // A scale-in, then a scale-in cooldown of an hour: a scale-out still starts at once.
  for (int m = 8; m < 22; ++m) EXPECT_FALSE(s.OnMinute(10, kMidnight + m * kMinute)) << m;
  ASSERT_EQ(s.OnMinute(10, kMidnight + 22 * kMinute), 15);
  s.OnMinute(100, kMidnight + 23 * kMinute);
  EXPECT_EQ(s.OnMinute(100, kMidnight + 24 * kMinute), 143);
  // No cooldowns (DynamoDB's default): a scale-out every two minutes above the target.
  AutoScaler d({70, 1, 40000}, 100);
  d.OnMinute(80, kMidnight + kMinute);
  ASSERT_EQ(d.OnMinute(80, kMidnight + 2 * kMinute), 115);
  d.OnMinute(100, kMidnight + 3 * kMinute);
  EXPECT_EQ(d.OnMinute(100, kMidnight + 4 * kMinute), 143);
}

}  // namespace
}  // namespace monotable::rehearse
