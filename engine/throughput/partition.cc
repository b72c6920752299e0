#include "engine/throughput/partition.h"

#include <algorithm>

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
  if (heat.seconds > 0 && hot_streak_ >= heat.seconds && seen_min_ < seen_max_) {
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
}

void Partition::See(uint64_t hash) {
  seen_min_ = std::min(seen_min_, hash);
  seen_max_ = std::max(seen_max_, hash);
}

void Partition::Take(Op op, double units) { ceiling_.Take(units * limits::ReuPerUnit(op)); }

void Partition::RecordConsumed(int64_t now_ms, uint64_t hash, Op op, double units,
                               const HeatPolicy& heat) {
  Roll(now_ms, heat);
  See(hash);
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

void Partition::RecordThrottle(int64_t now_ms, uint64_t hash, Op op, const HeatPolicy& heat) {
  Roll(now_ms, heat);
  See(hash);
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
