#pragma once
// The last ten minutes of one partition, second by second: consumed units and
// throttled requests. Feeds /metrics, the partitions API and heat decisions.
//
// Memory: 600 slots of 24 bytes, allocated on the first recorded second, so that idle
// partitions of idle tables cost nothing.
//
// Thread-safety: none; the owning partition's mutex guards it. Errors: none.

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace monotable::throughput {

struct SecondSample {
  int64_t second = 0;    // Unix time in seconds
  float read_units = 0;  // float: a partition serves at most 3,000 units a second
  float write_units = 0;
  uint32_t read_throttled = 0;
  uint32_t write_throttled = 0;
};

class SecondRing {
 public:
  static constexpr int64_t kSeconds = 600;

  // The slot of `second`, cleared if it last held an older second. Seconds must not
  // go further back than kSeconds; an older one gets a scratch slot that is not kept.
  SecondSample& At(int64_t second);

  // The `n` (<= kSeconds) seconds ending at `now_second`, oldest first; seconds with no
  // traffic are zero samples.
  std::vector<SecondSample> Last(int64_t now_second, int64_t n) const;

 private:
  std::unique_ptr<std::array<SecondSample, kSeconds>> slots_;
  int64_t newest_ = 0;
  SecondSample scratch_;
};

}  // namespace monotable::throughput
