#include "engine/txn/idempotency_cache.h"

namespace monotable {

IdempotencyCache::Verdict IdempotencyCache::Begin(const std::string& token_key,
                                                  const std::string& fingerprint) {
  std::lock_guard lock(mutex_);
  ForgetExpired(clock_->NowMillis());
  auto [it, inserted] = entries_.try_emplace(token_key, Entry{fingerprint, std::nullopt});
  if (inserted) return Verdict::kExecute;
  if (it->second.fingerprint != fingerprint) return Verdict::kMismatch;
  return it->second.completed_ms ? Verdict::kReplay : Verdict::kInProgress;
}

void IdempotencyCache::Finish(const std::string& token_key, bool succeeded) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(token_key);
  if (it == entries_.end()) return;
  if (!succeeded) {
    entries_.erase(it);
    return;
  }
  const int64_t now = clock_->NowMillis();
  it->second.completed_ms = now;
  completions_.emplace_back(now, token_key);
}

void IdempotencyCache::ForgetExpired(int64_t now_ms) {
  while (!completions_.empty() && completions_.front().first + kWindowMillis <= now_ms) {
    auto it = entries_.find(completions_.front().second);
    // The token may have been reused after an earlier expiry: only its own record goes.
    if (it != entries_.end() && it->second.completed_ms == completions_.front().first) {
      entries_.erase(it);
    }
    completions_.pop_front();
  }
}

}  // namespace monotable
