#include "engine/throughput/top_k.h"

#include <algorithm>

namespace monotable::throughput {

TopKSketch::TopKSketch(size_t capacity) : capacity_(std::max<size_t>(capacity, 1)) {
  entries_.reserve(capacity_);
  index_.reserve(capacity_);
}

void TopKSketch::Add(std::string_view key, double weight) {
  std::lock_guard lock(mu_);
  // Heterogeneous lookup would avoid this copy; keys are short and the sketch only
  // runs with Contributor Insights on.
  std::string owned(key);
  if (auto it = index_.find(owned); it != index_.end()) {
    entries_[it->second].count += weight;
    return;
  }
  if (entries_.size() < capacity_) {
    index_.emplace(owned, entries_.size());
    entries_.push_back({std::move(owned), weight, 0});
    return;
  }
  // Replace the smallest counter. A linear scan: capacities are small (tens), and a
  // heap would cost as much to maintain on every increment.
  size_t min = 0;
  for (size_t i = 1; i < entries_.size(); ++i) {
    if (entries_[i].count < entries_[min].count) min = i;
  }
  TopKEntry& victim = entries_[min];
  index_.erase(victim.key);
  index_.emplace(owned, min);
  victim = {std::move(owned), victim.count + weight, victim.count};
}

std::vector<TopKEntry> TopKSketch::Top(size_t n) const {
  std::vector<TopKEntry> out;
  {
    std::lock_guard lock(mu_);
    out = entries_;
  }
  std::sort(out.begin(), out.end(), [](const TopKEntry& a, const TopKEntry& b) {
    return a.count != b.count ? a.count > b.count : a.key < b.key;
  });
  if (out.size() > n) out.resize(n);
  return out;
}

void TopKSketch::Clear() {
  std::lock_guard lock(mu_);
  entries_.clear();
  index_.clear();
}

}  // namespace monotable::throughput
