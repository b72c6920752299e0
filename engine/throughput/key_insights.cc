#include "engine/throughput/key_insights.h"

namespace monotable::throughput {

std::string ItemInsightKey(std::string_view partition_key, std::string_view sort_key) {
  const auto n = static_cast<uint32_t>(partition_key.size());
  std::string out{static_cast<char>(n >> 24), static_cast<char>(n >> 16), static_cast<char>(n >> 8),
                  static_cast<char>(n)};
  out.append(partition_key);
  out.append(sort_key);
  return out;
}

std::pair<std::string_view, std::string_view> SplitItemInsightKey(std::string_view key) {
  if (key.size() < 4) return {};
  uint32_t n = 0;
  for (int i = 0; i < 4; ++i) n = n << 8 | static_cast<uint8_t>(key[static_cast<size_t>(i)]);
  key.remove_prefix(4);
  if (n > key.size()) return {};
  return {key.substr(0, n), key.substr(n)};
}

KeyInsights::KeyInsights(size_t capacity)
    : accessed_pk_(capacity),
      accessed_item_(capacity),
      throttled_pk_(capacity),
      throttled_item_(capacity) {}

void KeyInsights::SetMode(InsightsMode mode) {
  if (mode_.exchange(mode) != mode) Clear();
}

void KeyInsights::Clear() {
  for (TopKSketch* s : {&accessed_pk_, &accessed_item_, &throttled_pk_, &throttled_item_}) {
    s->Clear();
  }
}

void KeyInsights::RecordAccess(const KeyRef& key, double units) {
  if (mode() != InsightsMode::kAccessedAndThrottled || key.partition_key.empty()) return;
  accessed_pk_.Add(key.partition_key, units);
  if (!key.sort_key.empty())
    accessed_item_.Add(ItemInsightKey(key.partition_key, key.sort_key), units);
}

void KeyInsights::RecordThrottle(const KeyRef& key, uint64_t count) {
  if (mode() == InsightsMode::kDisabled || key.partition_key.empty() || count == 0) return;
  const auto weight = static_cast<double>(count);
  throttled_pk_.Add(key.partition_key, weight);
  if (!key.sort_key.empty())
    throttled_item_.Add(ItemInsightKey(key.partition_key, key.sort_key), weight);
}

InsightsSnapshot KeyInsights::Top(size_t n) const {
  return {mode(), accessed_pk_.Top(n), accessed_item_.Top(n), throttled_pk_.Top(n),
          throttled_item_.Top(n)};
}

}  // namespace monotable::throughput
