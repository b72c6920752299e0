#pragma once
// A space-saving sketch (Metwally, Agrawal, El Abbadi 2005) of the heaviest keys of a
// stream, in bounded memory: it keeps `capacity` counters. A key not tracked replaces
// the smallest counter and inherits its count as its error bound, so every key whose
// true weight exceeds total/capacity is guaranteed to be tracked, and each reported
// count overestimates the true weight by at most its `error`.
//
// Used for Contributor Insights: the most accessed and most throttled keys of a table
// or GSI. Keys are the encoded key bytes; the caller decides what a key is.
//
// Thread-safety: all methods are thread-safe (one internal mutex; the sketch is only
// touched when Contributor Insights is enabled). Errors: none.

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace monotable::throughput {

struct TopKEntry {
  std::string key;
  double count = 0;  // an upper bound of the key's true weight
  double error = 0;  // count - error is a lower bound
};

class TopKSketch {
 public:
  explicit TopKSketch(size_t capacity);

  void Add(std::string_view key, double weight);
  // The `n` heaviest tracked keys, heaviest first (ties by key, for stable output).
  std::vector<TopKEntry> Top(size_t n) const;
  void Clear();

  size_t capacity() const { return capacity_; }

 private:
  const size_t capacity_;
  mutable std::mutex mu_;
  std::vector<TopKEntry> entries_;
  std::unordered_map<std::string, size_t> index_;  // key -> position in entries_
};

}  // namespace monotable::throughput
