#pragma once
// Contributor Insights for one table or GSI: the most accessed and most throttled
// partition keys and items (partition + sort key), each in a bounded space-saving
// sketch. Modes are DynamoDB's ContributorInsightsMode: ACCESSED_AND_THROTTLED_KEYS
// tracks every request, THROTTLED_KEYS only throttled ones (Developer Guide, "Getting
// started with CloudWatch Contributor Insights for DynamoDB").
//
// Accessed keys are weighted by the units they consumed; throttled keys count requests.
//
// Thread-safety: all methods are thread-safe; with insights disabled a Record costs
// one relaxed atomic load. Errors: none.

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/throughput/top_k.h"

namespace monotable::throughput {

enum class InsightsMode : uint8_t { kDisabled, kAccessedAndThrottled, kThrottledOnly };

// A request's key as the model sees it: the 64-bit hash that picks the partition, and
// the encoded key bytes that Contributor Insights reports.
struct KeyRef {
  KeyRef() = default;
  KeyRef(uint64_t key_hash, std::string_view partition = {},  // NOLINT: implicit on purpose
         std::string_view sort = {})
      : hash(key_hash), partition_key(partition), sort_key(sort) {}

  uint64_t hash = 0;
  std::string_view partition_key;  // empty when insights are not wanted
  std::string_view sort_key;       // empty for a table without a sort key
};

struct InsightsSnapshot {
  InsightsMode mode = InsightsMode::kDisabled;
  std::vector<TopKEntry> accessed_partition_keys;
  std::vector<TopKEntry> accessed_items;  // keys made by ItemInsightKey
  std::vector<TopKEntry> throttled_partition_keys;
  std::vector<TopKEntry> throttled_items;
};

// The sketch key of an item: 4-byte big-endian length of the partition key, the
// partition key, the sort key; and its inverse.
std::string ItemInsightKey(std::string_view partition_key, std::string_view sort_key);
std::pair<std::string_view, std::string_view> SplitItemInsightKey(std::string_view key);

class KeyInsights {
 public:
  explicit KeyInsights(size_t capacity);

  // Switching modes clears the sketches: a new rule starts from nothing.
  void SetMode(InsightsMode mode);
  InsightsMode mode() const { return mode_.load(std::memory_order_relaxed); }

  void RecordAccess(const KeyRef& key, double units);
  // `count` refused requests on `key` (a batch's: batch_admission.h).
  void RecordThrottle(const KeyRef& key, uint64_t count = 1);
  InsightsSnapshot Top(size_t n) const;

 private:
  void Clear();

  std::atomic<InsightsMode> mode_{InsightsMode::kDisabled};
  TopKSketch accessed_pk_;
  TopKSketch accessed_item_;
  TopKSketch throttled_pk_;
  TopKSketch throttled_item_;
};

}  // namespace monotable::throughput
