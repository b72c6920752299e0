#include "bench/rate_schedule.h"

namespace monotable::bench {

RateSchedule::RateSchedule(Clock::time_point start, double total_rate, int connections, int index)
    : start_(start),
      total_rate_(total_rate),
      connections_(static_cast<uint64_t>(connections)),
      index_(static_cast<uint64_t>(index)) {}

RateSchedule::Clock::time_point RateSchedule::At(uint64_t k) const {
  // The global slot number is exact in integers; only the division by the rate is
  // rounded, once, to the clock's tick.
  const double slot = static_cast<double>(index_ + k * connections_);
  return start_ + std::chrono::duration_cast<Clock::duration>(
                      std::chrono::duration<double>(slot / total_rate_));
}

RateSchedule::Clock::time_point RateSchedule::Next() { return At(next_++); }

}  // namespace monotable::bench
