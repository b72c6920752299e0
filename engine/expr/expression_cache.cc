#include "engine/expr/expression_cache.h"

#include "engine/expr/parser.h"

namespace monotable::expr {

ExpressionCache::ExpressionCache(size_t capacity) : capacity_(capacity) {}

Result<std::shared_ptr<const ast::Expression>> ExpressionCache::GetOrParse(std::string_view text,
                                                                           ExpressionKind kind) {
  Index& index = index_[static_cast<size_t>(kind)];
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
  // Parse outside the lock: a miss must not stall other threads' hits. Two threads
  // missing on the same text both parse; the second insert finds the first.
  auto parsed = ParseExpression(text, kind);
  if (!parsed.ok() || capacity_ == 0) return parsed;
  std::lock_guard<std::mutex> lock(mu_);
  if (index.find(text) != index.end()) return parsed;
  lru_.push_front(Entry{kind, std::string(text), parsed.value()});
  index.emplace(lru_.front().text, lru_.begin());
  if (lru_.size() > capacity_) {
    const Entry& last = lru_.back();
    index_[static_cast<size_t>(last.kind)].erase(last.text);
    lru_.pop_back();
  }
  return parsed;
}

size_t ExpressionCache::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return lru_.size();
}

size_t ExpressionCache::hits() const {
  std::lock_guard<std::mutex> lock(mu_);
  return hits_;
}

size_t ExpressionCache::misses() const {
  std::lock_guard<std::mutex> lock(mu_);
  return misses_;
}

}  // namespace monotable::expr
