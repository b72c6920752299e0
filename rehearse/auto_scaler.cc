#include "rehearse/auto_scaler.h"

#include <algorithm>
#include <cmath>

namespace monotable::rehearse {

AutoScaler::AutoScaler(const AutoScaling& policy, int64_t capacity)
    : policy_(policy), capacity_(capacity) {}

int64_t AutoScaler::Wanted(double consumed_per_second) const {
  const auto wanted =
      static_cast<int64_t>(std::ceil(consumed_per_second * 100 / policy_.target_utilization));
  return std::clamp(wanted, policy_.min_capacity, policy_.max_capacity);
}

bool AutoScaler::DecreaseAllowed(int64_t now_ms) {
  const int64_t day = now_ms / 86'400'000;
  if (day != day_) {
    day_ = day;
    decreases_today_ = 0;
  }
  if (decreases_today_ < kDecreasesAnyTime) return true;
  return decreases_today_ < kDecreasesPerDayMax && now_ms - last_decrease_ms_ >= kDecreaseHourMs;
}

std::optional<int64_t> AutoScaler::OnMinute(double consumed_per_second, int64_t now_ms) {
  const double utilization = 100 * consumed_per_second / static_cast<double>(capacity_);
  high_minutes_ = utilization > policy_.target_utilization ? high_minutes_ + 1 : 0;
  low_minutes_ =
      utilization <= policy_.target_utilization - kScaleInPointsBelowTarget ? low_minutes_ + 1 : 0;
  if (pending_) return std::nullopt;  // UPDATING: no other UpdateTable
  const int64_t wanted = Wanted(consumed_per_second);
  if (high_minutes_ >= kScaleOutMinutes && wanted > capacity_ && now_ms >= out_cooldown_until_ms_) {
    high_minutes_ = 0;
    pending_ = Change{wanted, now_ms + policy_.update_seconds * 1000, true};
    in_cooldown_until_ms_ = INT64_MIN;  // a scale-out ends a scale-in cooldown
    Due(now_ms);                        // at once when the update takes no time
    return wanted;
  }
  if (low_minutes_ >= kScaleInMinutes && wanted < capacity_ && now_ms >= in_cooldown_until_ms_) {
    if (!DecreaseAllowed(now_ms)) {
      ++refused_decreases_;
      return std::nullopt;
    }
    ++decreases_today_;
    last_decrease_ms_ = now_ms;
    low_minutes_ = 0;
    pending_ = Change{wanted, now_ms + policy_.update_seconds * 1000, false};
    Due(now_ms);
    return wanted;
  }
  return std::nullopt;
}

std::optional<int64_t> AutoScaler::Due(int64_t now_ms) {
  if (!pending_ || now_ms < pending_->done_ms) return std::nullopt;
  capacity_ = pending_->capacity;
  // Cooldowns run from the completion of the activity.
  (pending_->out ? out_cooldown_until_ms_ : in_cooldown_until_ms_) =
      now_ms +
      (pending_->out ? policy_.scale_out_cooldown_seconds : policy_.scale_in_cooldown_seconds) *
          1000;
  pending_.reset();
  return capacity_;
}

}  // namespace monotable::rehearse
