#pragma once
// A token bucket refilled lazily from the injected clock's milliseconds.
//
// It holds at most `capacity` tokens and gains `rate` tokens per second. Tokens may go
// negative: DynamoDB charges what a request actually consumed, so settling a read that
// turned out larger than estimated leaves a debt that delays later requests.
//
// Thread-safety: none; the owner serialises access (a partition's or resource's mutex).
// Errors: none; every operation is total.

#include <cstdint>

namespace monotable::throughput {

class TokenBucket {
 public:
  TokenBucket() = default;
  // Starts with `initial` tokens (clamped to capacity) at time `now_ms`.
  TokenBucket(double rate, double capacity, double initial, int64_t now_ms);

  // Adds what accrued since the last refill. Time going backwards adds nothing.
  void Refill(int64_t now_ms);

  // Whether `units` can be taken now (after Refill). A bucket that is full may always
  // be taken from, going negative: otherwise a request larger than the whole capacity
  // (one 400 KB write on a 100 WCU table) could never be served.
  bool CanTake(double units) const;

  // Takes `units` (negative gives back). No check: call CanTake first when admitting.
  void Take(double units) { tokens_ -= units; }

  // Changes rate and capacity (UpdateTable), keeping the tokens, clamped.
  void Reconfigure(double rate, double capacity);

  double tokens() const { return tokens_; }
  double rate() const { return rate_; }
  double capacity() const { return capacity_; }

 private:
  double rate_ = 0;
  double capacity_ = 0;
  double tokens_ = 0;
  int64_t last_ms_ = 0;
};

}  // namespace monotable::throughput
