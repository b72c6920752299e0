#pragma once
// A range of delays in milliseconds, both ends included: what a configured delay of the
// realism switches is drawn from (docs/REALISM.md). min == max is a constant delay;
// {0, 0}, the default, is none.
//
// Thread-safety: a value. Errors: none.

#include <cstdint>

namespace monotable {

struct DelayRange {
  int64_t min_ms = 0;
  int64_t max_ms = 0;
  bool any() const { return max_ms > 0; }
  bool operator==(const DelayRange&) const = default;
};

}  // namespace monotable
