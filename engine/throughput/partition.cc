#include "engine/throughput/partition.h"

#include <algorithm>
#include <vector>

#include "engine/throughput/dynamodb_limits.h"

namespace monotable::throughput {

PartitionTotals& PartitionTotals::operator+=(const PartitionTotals& o) {
  read_units += o.read_units;
  write_units += o.write_units;
  read_throttled += o.read_throttled;
  write_throttled += o.write_throttled;
  return *this;
}

Partition::Partition(HashRange range, int64_t now_ms)
    : range_(range),
      ceiling_(limits::kPartitionReuPerSecond, limits::kPartitionReuPerSecond,
               limits::kPartitionReuPerSecond, now_ms),
      second_(now_ms / 1000) {}

Partition::Partition(HashRange range, const Partition& parent, int64_t now_ms)
    : Partition(range, now_ms) {
  // A split adds capacity; it must not also wipe a debt the parent was paying off.
  ceiling_.Take(ceiling_.tokens() - std::min(parent.ceiling_.tokens(), ceiling_.tokens()));
}

bool Partition::CanTake(Op op, double units) const {
  return ceiling_.CanTake(units * limits::ReuPerUnit(op));
}

void Partition::Roll(int64_t now_ms, const HeatPolicy& heat) {
  const int64_t second = now_ms / 1000;
  if (second <= second_) return;
  const bool hot = second_reu_ >= heat.load_fraction * limits::kPartitionReuPerSecond;
  if (hot) {
    ++hot_streak_;
  } else {
    ForgetHeat();
  }
  if (heat.seconds > 0 && hot_streak_ >= heat.seconds && Splittable(heat)) {
    wants_split_.store(true, std::memory_order_relaxed);
  }
  // A second without traffic in between breaks the streak: heat must be sustained.
  if (second > second_ + 1) ForgetHeat();
  second_ = second;
  second_reu_ = 0;
}

void Partition::ForgetHeat() {
  hot_streak_ = 0;
  seen_min_ = UINT64_MAX;
  seen_max_ = 0;
  sort_min_.clear();
  sort_max_.clear();
  sort_seen_ = false;
  sort_rising_ = sort_falling_ = true;
}

void Partition::See(const KeyRef& key, const HeatPolicy& heat) {
  seen_min_ = std::min(seen_min_, key.hash);
  seen_max_ = std::max(seen_max_, key.hash);
  if (!heat.split_by_sort_key || key.sort_key.empty()) return;
  const std::string_view sort = key.sort_key;
  if (!sort_seen_) {
    sort_min_ = sort_max_ = sort;
    sort_seen_ = true;
    return;
  }
  // Copies only when a bound moves: a hot collection's bounds settle quickly.
  if (sort < sort_max_) sort_rising_ = false;
  if (sort > sort_min_) sort_falling_ = false;
  if (sort < sort_min_) sort_min_ = sort;
  if (sort > sort_max_) sort_max_ = sort;
}

bool Partition::Splittable(const HeatPolicy& heat) const {
  if (seen_min_ < seen_max_) return true;
  return heat.split_by_sort_key && !SortKeyCut().empty();
}

std::string Partition::SortKeyCut() const {
  if (!sort_seen_ || seen_min_ != seen_max_ || sort_min_ >= sort_max_) return {};
  if (sort_rising_ || sort_falling_) return {};  // splitting would not spread the traffic
  // The middle of the two as base-256 fractions: (min + max) / 2, digit by digit.
  const size_t length = std::max(sort_min_.size(), sort_max_.size()) + 1;
  std::vector<unsigned> sum(length, 0);
  for (size_t i = length; i-- > 0;) {
    const unsigned a = i < sort_min_.size() ? static_cast<unsigned char>(sort_min_[i]) : 0;
    const unsigned b = i < sort_max_.size() ? static_cast<unsigned char>(sort_max_[i]) : 0;
    sum[i] += a + b;
    if (sum[i] >= 256 && i > 0) {
      sum[i] -= 256;
      sum[i - 1] += 1;
    }
  }
  // sum[0] may hold a carry (up to 511): halve from the top, the remainder moving down.
  std::string middle(length, '\0');
  unsigned remainder = 0;
  for (size_t i = 0; i < length; ++i) {
    const unsigned value = remainder * 256 + sum[i];
    middle[i] = static_cast<char>(value / 2);
    remainder = value % 2;
  }
  while (!middle.empty() && middle.back() == '\0') middle.pop_back();
  if (middle > sort_min_ && middle <= sort_max_) return middle;
  return sort_max_;
}

void Partition::Take(Op op, double units) { ceiling_.Take(units * limits::ReuPerUnit(op)); }

void Partition::RecordConsumed(int64_t now_ms, const KeyRef& key, Op op, double units,
                               const HeatPolicy& heat) {
  Roll(now_ms, heat);
  See(key, heat);
  second_reu_ += units * limits::ReuPerUnit(op);
  SecondSample& sample = ring_.At(now_ms / 1000);
  if (op == Op::kRead) {
    sample.read_units += static_cast<float>(units);
    read_units_.fetch_add(units, std::memory_order_relaxed);
  } else {
    sample.write_units += static_cast<float>(units);
    write_units_.fetch_add(units, std::memory_order_relaxed);
  }
}

void Partition::RecordThrottle(int64_t now_ms, const KeyRef& key, Op op, const HeatPolicy& heat) {
  Roll(now_ms, heat);
  See(key, heat);
  SecondSample& sample = ring_.At(now_ms / 1000);
  if (op == Op::kRead) {
    ++sample.read_throttled;
    read_throttled_.fetch_add(1, std::memory_order_relaxed);
  } else {
    ++sample.write_throttled;
    write_throttled_.fetch_add(1, std::memory_order_relaxed);
  }
}

PartitionTotals Partition::Totals() const {
  return {read_units_.load(std::memory_order_relaxed), write_units_.load(std::memory_order_relaxed),
          read_throttled_.load(std::memory_order_relaxed),
          write_throttled_.load(std::memory_order_relaxed)};
}

}  // namespace monotable::throughput
