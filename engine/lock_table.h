#pragma once
// Striped item locks: read-modify-write operations on one item key serialise on the
// stripe its key hashes to, so a write computes its new image from the latest old one.
// Thread-safe.

#include <array>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string_view>

namespace monotable {

class LockTable {
 public:
  static constexpr size_t kStripes = 4096;

  // The mutex for an item key (qualified by its table's column family id).
  std::mutex& For(uint32_t family_id, std::string_view key) {
    size_t h = std::hash<std::string_view>()(key) ^ (static_cast<size_t>(family_id) * 0x9E3779B97F4A7C15ULL);
    return stripes_[h % kStripes].mutex;
  }

  // Waits until every write that held a stripe when the call began has released it:
  // after publishing a new table layout, no write still uses the previous one.
  void Barrier() {
    for (auto& stripe : stripes_) std::lock_guard lock(stripe.mutex);
  }

 private:
  // Padded so neighbouring stripes do not share a cache line.
  struct alignas(64) Stripe {
    std::mutex mutex;
  };
  std::array<Stripe, kStripes> stripes_;
};

}  // namespace monotable
