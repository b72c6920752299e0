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
  const int64_t wanted = Wanted(consumed_per_second);
  if (high_minutes_ >= kScaleOutMinutes && wanted > capacity_) {
    capacity_ = wanted;
    high_minutes_ = 0;
    return capacity_;
  }
  if (low_minutes_ >= kScaleInMinutes && wanted < capacity_) {
    if (!DecreaseAllowed(now_ms)) {
      ++refused_decreases_;
      return std::nullopt;
    }
    ++decreases_today_;
    last_decrease_ms_ = now_ms;
    capacity_ = wanted;
    low_minutes_ = 0;
    return capacity_;
  }
  return std::nullopt;
}

}  // namespace monotable::rehearse
