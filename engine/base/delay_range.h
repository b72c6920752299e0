#pragma once
// A range of delays in milliseconds, both ends included: what a configured delay of the
// realism switches is drawn from (docs/REALISM.md). min == max is a constant delay;
// {0, 0}, the default, is none.
//
// Thread-safety: a value. Errors: none.

#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

namespace monotable {

struct DelayRange {
  int64_t min_ms = 0;
  int64_t max_ms = 0;
  bool any() const { return max_ms > 0; }
  bool operator==(const DelayRange&) const = default;
};

// The longest delay a switch takes: a minute.
inline constexpr int64_t kMaxDelayMs = 60 * 1000;

// "200" (a constant delay) or "100-500" (a range), milliseconds from 0 to kMaxDelayMs;
// nullopt for anything else.
inline std::optional<DelayRange> ParseDelayRange(std::string_view text) {
  auto parse = [](std::string_view part, int64_t& out) {
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return ec == std::errc() && end == part.data() + part.size() && out >= 0 && out <= kMaxDelayMs;
  };
  DelayRange range;
  const size_t dash = text.find('-');
  if (dash == std::string_view::npos) {
    if (!parse(text, range.max_ms)) return std::nullopt;
    range.min_ms = range.max_ms;
    return range;
  }
  if (!parse(text.substr(0, dash), range.min_ms) || !parse(text.substr(dash + 1), range.max_ms) ||
      range.min_ms > range.max_ms) {
    return std::nullopt;
  }
  return range;
}

}  // namespace monotable
