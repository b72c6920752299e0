#pragma once
// A bounded cache of parsed trees keyed by (slot, text): applications send the same few
// texts again and again (expressions, PartiQL statements) with different values, so
// each text is parsed once; whatever depends on the request's values (resolution,
// lowering, parameters) is not cached. Only successful parses are kept. The least
// recently used tree is dropped first. `kSlots` separates texts that parse differently
// by context (an expression's kind); each slot has its own index.
// Thread-safe: one cache can serve every request thread (the Engine owns them).

#include <array>
#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "engine/base/status.h"

namespace monotable {

template <typename Tree, size_t kSlots = 1>
class ParseCache {
 public:
  // At most `capacity` trees; 0 disables caching.
  explicit ParseCache(size_t capacity) : capacity_(capacity) {}
  ParseCache(const ParseCache&) = delete;
  ParseCache& operator=(const ParseCache&) = delete;

  // The cached tree for (slot, text), or parse()'s result (a
  // Result<std::shared_ptr<const Tree>>), cached when ok. Parses outside the lock, so a
  // miss does not stall other threads' hits; two threads missing on one text both
  // parse, and the second insert finds the first.
  template <typename Parse>
  Result<std::shared_ptr<const Tree>> GetOrParse(std::string_view text, size_t slot, Parse parse) {
    Index& index = index_[slot];
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = index.find(text);
      if (it != index.end()) {
        lru_.splice(lru_.begin(), lru_, it->second);
        ++hits_;
        return it->second->tree;
      }
      ++misses_;
    }
    Result<std::shared_ptr<const Tree>> parsed = parse();
    if (!parsed.ok() || capacity_ == 0) return parsed;
    std::lock_guard<std::mutex> lock(mu_);
    if (index.find(text) != index.end()) return parsed;
    lru_.push_front(Entry{slot, std::string(text), parsed.value()});
    index.emplace(lru_.front().text, lru_.begin());
    if (lru_.size() > capacity_) {
      const Entry& last = lru_.back();
      index_[last.slot].erase(last.text);
      lru_.pop_back();
    }
    return parsed;
  }

  size_t size() const {
    std::lock_guard<std::mutex> lock(mu_);
    return lru_.size();
  }
  size_t hits() const {
    std::lock_guard<std::mutex> lock(mu_);
    return hits_;
  }
  size_t misses() const {
    std::lock_guard<std::mutex> lock(mu_);
    return misses_;
  }

 private:
  struct Entry {
    size_t slot;
    std::string text;
    std::shared_ptr<const Tree> tree;
  };
  using Lru = std::list<Entry>;
  // Keyed by views of the entries' own text: list nodes never move.
  using Index = std::unordered_map<std::string_view, typename Lru::iterator>;

  const size_t capacity_;
  mutable std::mutex mu_;
  Lru lru_;  // most recently used first
  std::array<Index, kSlots> index_{};
  size_t hits_ = 0;
  size_t misses_ = 0;
};

}  // namespace monotable
