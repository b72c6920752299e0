#include "engine/ttl/expiry.h"

#include <charconv>
#include <string>

namespace monotable::ttl {
namespace {

// Floor and ceiling of a / b for b > 0, whatever the sign of a.
int64_t FloorDiv(int64_t a, int64_t b) { return a / b - (a % b != 0 && a < 0 ? 1 : 0); }
int64_t CeilDiv(int64_t a, int64_t b) { return a / b + (a % b != 0 && a > 0 ? 1 : 0); }

}  // namespace

std::optional<int64_t> ExpirySeconds(const AttributeValue& value) {
  if (value.type != AttributeType::kN) return std::nullopt;
  // Canonical number text: plain notation, an optional '-' and '.' (number.h).
  std::string_view text = value.scalar;
  text = text.substr(0, text.find('.'));
  if (text.empty() || text == "-") return int64_t{0};  // |value| < 1
  int64_t seconds = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return seconds;
}

std::optional<int64_t> ExpirySeconds(const Item& item, std::string_view attribute) {
  auto it = item.find(attribute);
  if (it == item.end()) return std::nullopt;
  return ExpirySeconds(it->second);
}

DueSeconds DueAt(int64_t now_ms) {
  // Due: expiry * 1000 < now_ms and expiry * 1000 >= now_ms - five years.
  return {CeilDiv(now_ms - kMaxPastMs, 1000), FloorDiv(now_ms - 1, 1000)};
}

bool IsDue(int64_t expiry_seconds, int64_t now_ms) {
  const DueSeconds due = DueAt(now_ms);
  return expiry_seconds >= due.first && expiry_seconds <= due.last;
}

}  // namespace monotable::ttl
