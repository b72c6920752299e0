#pragma once
// DynamoDB auto scaling's target tracking for one provisioned dimension (the read or
// the write capacity of one table or GSI), as AWS documents it:
//   - it scales out when consumption exceeds the target utilisation for 2 consecutive
//     minutes, and in when it stays 20 points or more below the target for 15
//     consecutive minutes (Knowledge Center, "Why isn't DynamoDB auto scaling working
//     as expected?": "increases provisioned capacity when utilization exceeds 70 RCUs
//     for at least 2 consecutive minutes ... decreases provisioned capacity when
//     utilization is 20% or more below the target for 15 consecutive minutes");
//   - to the capacity that puts consumption back at the target, within the policy's
//     minimum and maximum;
//   - decreases obey DynamoDB's daily quota: four at any time in a UTC day, and one
//     more after each hour without a decrease, 27 at most (Developer Guide, "Quotas",
//     "Decreasing provisioned throughput");
//   - a change is an UpdateTable: "While the table is in the UPDATING state, the table
//     still has the provisioned throughput from before the call" (Developer Guide,
//     UpdateTable), for AutoScaling::update_seconds, and no other change starts then;
//   - cooldowns (Application Auto Scaling, TargetTrackingScalingPolicyConfiguration):
//     after a scale-out completes no other scale-out for scale_out_cooldown_seconds;
//     after a scale-in no other scale-in for scale_in_cooldown_seconds, but "if another
//     alarm triggers a scale-out activity during the scale-in cooldown period,
//     Application Auto Scaling scales out the target immediately". Both default to 0,
//     Application Auto Scaling's default for DynamoDB.
// Consumption is CloudWatch's: the units consumed in each minute, averaged per second.
//
// Thread-safety: none (the simulator's one thread). Errors: none.

#include <cstdint>
#include <optional>

#include "rehearse/workload.h"

namespace monotable::rehearse {

inline constexpr int kScaleOutMinutes = 2;
inline constexpr int kScaleInMinutes = 15;
inline constexpr double kScaleInPointsBelowTarget = 20;
inline constexpr int kDecreasesAnyTime = 4;
inline constexpr int kDecreasesPerDayMax = 27;
inline constexpr int64_t kDecreaseHourMs = 3'600'000;

class AutoScaler {
 public:
  AutoScaler(const AutoScaling& policy, int64_t capacity);

  // At the end of each simulated minute (`now_ms` Unix milliseconds): the units consumed
  // in it per second on average. Returns the capacity a change starts towards when the
  // policy starts one (in force at once when update_seconds is 0, else once Due
  // returns it).
  std::optional<int64_t> OnMinute(double consumed_per_second, int64_t now_ms);
  // The capacity of a change whose UpdateTable completes by `now_ms`, once (a change
  // OnMinute applied at once is not returned again).
  std::optional<int64_t> Due(int64_t now_ms);

  int64_t capacity() const { return capacity_; }  // in force
  bool updating() const { return pending_.has_value(); }
  int64_t update_seconds() const { return policy_.update_seconds; }
  // Decreases the quota refused (the policy wanted one), over the whole run.
  uint64_t refused_decreases() const { return refused_decreases_; }

 private:
  bool DecreaseAllowed(int64_t now_ms);
  int64_t Wanted(double consumed_per_second) const;

  struct Change {
    int64_t capacity;
    int64_t done_ms;
    bool out;
  };

  AutoScaling policy_;
  int64_t capacity_;
  std::optional<Change> pending_;
  int64_t out_cooldown_until_ms_ = INT64_MIN;
  int64_t in_cooldown_until_ms_ = INT64_MIN;
  int high_minutes_ = 0;
  int low_minutes_ = 0;
  int64_t day_ = -1;
  int decreases_today_ = 0;
  int64_t last_decrease_ms_ = INT64_MIN / 2;
  uint64_t refused_decreases_ = 0;
};

}  // namespace monotable::rehearse
