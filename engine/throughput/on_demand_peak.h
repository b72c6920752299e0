#pragma once
// The "previous peak" of an on-demand table or GSI: DynamoDB serves up to double it at
// once, and a higher peak counts as "previous" only after 30 minutes, so that traffic
// exceeding double the previous peak within 30 minutes may throttle (Developer Guide,
// "Read/write capacity mode", "Peak traffic and scaling properties").
//
// It sums the REU consumed in each second, keeps the highest second of each minute for
// the last 30 minutes, and folds a minute's highest second into the settled peak once
// the whole minute is 30 minutes old.
//
// Thread-safety: none; the owning resource's mutex guards it. Errors: none.

#include <array>
#include <cstdint>

namespace monotable::throughput {

class OnDemandPeak {
 public:
  OnDemandPeak(double initial_peak_reu, int64_t now_ms);

  // Settles the minutes that have become old enough. True when the peak rose.
  bool Advance(int64_t now_ms);
  // Adds REU consumed at `now_ms` (may be negative when a request is settled lower).
  void Add(int64_t now_ms, double reu);

  double peak_reu() const { return peak_reu_; }
  // Raises the peak at once (a switch from provisioned mode keeps half its capacity).
  void RaiseTo(double reu) { peak_reu_ = peak_reu_ > reu ? peak_reu_ : reu; }

 private:
  static constexpr int64_t kMinutes = 32;  // 30 minutes plus the two being filled
  struct Minute {
    int64_t minute = -1;
    double max_second_reu = 0;
  };

  void CloseSecond();

  double peak_reu_;
  int64_t second_ = 0;
  double second_reu_ = 0;
  std::array<Minute, kMinutes> minutes_{};
};

}  // namespace monotable::throughput
