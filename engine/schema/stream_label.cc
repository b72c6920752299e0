#include "engine/schema/stream_label.h"

#include <cstdio>
#include <ctime>

namespace monotable {

std::string StreamLabel(int64_t epoch_ms) {
  const time_t seconds = static_cast<time_t>(epoch_ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[96];  // room for any int values, as the compiler checks
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03d", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(epoch_ms % 1000));
  return buf;
}

std::optional<int64_t> ParseStreamLabel(std::string_view label) {
  // Exactly 23 characters: digits where StreamLabel writes them.
  constexpr std::string_view kShape = "0000-00-00T00:00:00.000";
  if (label.size() != kShape.size()) return std::nullopt;
  for (size_t i = 0; i < kShape.size(); ++i) {
    const bool digit = label[i] >= '0' && label[i] <= '9';
    if (kShape[i] == '0' ? !digit : label[i] != kShape[i]) return std::nullopt;
  }
  auto num = [&](size_t at, size_t len) {
    int v = 0;
    for (size_t i = at; i < at + len; ++i) v = v * 10 + (label[i] - '0');
    return v;
  };
  std::tm tm{};
  tm.tm_year = num(0, 4) - 1900;
  tm.tm_mon = num(5, 2) - 1;
  tm.tm_mday = num(8, 2);
  tm.tm_hour = num(11, 2);
  tm.tm_min = num(14, 2);
  tm.tm_sec = num(17, 2);
  const int64_t ms = static_cast<int64_t>(timegm(&tm)) * 1000 + num(20, 3);
  // A date that does not exist (month 13) normalises to another one: refuse it.
  if (StreamLabel(ms) != label) return std::nullopt;
  return ms;
}

}  // namespace monotable
