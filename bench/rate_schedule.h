#pragma once

#include <chrono>
#include <cstdint>

namespace monotable::bench {

// The open-loop (--rate) send schedule of one connection.
//
// R requests per second in all are spread evenly over N connections: globally one
// request every 1/R seconds, connection i taking the i-th, (i+N)-th, (i+2N)-th...
// slot, so each connection sends every N/R seconds, phase-shifted by i/R from its
// neighbour. The intended send time of a connection's k-th request is computed from k
// (start + (i + k*N)/R), never by adding intervals, so a long run does not drift.
//
// A connection keeps one request in flight: when an answer comes after the next
// intended time, the next request goes out at once, but its latency still counts
// from its intended time (as wrk2 does), so queueing in the client is not hidden
// by the late send ("coordinated omission").
//
// Not thread-safe: each connection owns one. No errors: the constructor's
// preconditions (rate > 0, 0 <= index < connections) are checked by ParseOptions.
class RateSchedule {
 public:
  using Clock = std::chrono::steady_clock;

  RateSchedule(Clock::time_point start, double total_rate, int connections, int index);

  // Intended send time of the next request; each call advances by one request.
  Clock::time_point Next();

  // Intended send time of this connection's k-th request (k from 0).
  Clock::time_point At(uint64_t k) const;

 private:
  Clock::time_point start_;
  double total_rate_;
  uint64_t connections_;
  uint64_t index_;
  uint64_t next_ = 0;
};

}  // namespace monotable::bench
