#include "engine/throughput/on_demand_peak.h"

#include <algorithm>

#include "engine/throughput/dynamodb_limits.h"

namespace monotable::throughput {

OnDemandPeak::OnDemandPeak(double initial_peak_reu, int64_t now_ms)
    : peak_reu_(initial_peak_reu), second_(now_ms / 1000) {}

void OnDemandPeak::CloseSecond() {
  const int64_t minute = second_ / 60;
  Minute& slot = minutes_[static_cast<size_t>(minute % kMinutes)];
  if (slot.minute != minute) {
    // The slot's minute is at least kMinutes old: settled already unless Advance was
    // not called for that long; settle it now rather than lose it.
    if (slot.minute >= 0) peak_reu_ = std::max(peak_reu_, slot.max_second_reu);
    slot = {minute, 0};
  }
  slot.max_second_reu = std::max(slot.max_second_reu, second_reu_);
  second_reu_ = 0;
}

bool OnDemandPeak::Advance(int64_t now_ms) {
  const int64_t second = now_ms / 1000;
  if (second > second_) {
    CloseSecond();
    second_ = second;
  }
  // A minute [m, m+1) settles once its end is kSettle old.
  const int64_t settle_minutes = limits::kOnDemandPeakSettleMillis / 60000;
  const double before = peak_reu_;
  for (Minute& slot : minutes_) {
    if (slot.minute >= 0 && slot.minute + 1 + settle_minutes <= now_ms / 60000) {
      peak_reu_ = std::max(peak_reu_, slot.max_second_reu);
      slot = {};
    }
  }
  return peak_reu_ > before;
}

void OnDemandPeak::Add(int64_t now_ms, double reu) {
  if (now_ms / 1000 == second_) second_reu_ += reu;
}

}  // namespace monotable::throughput
