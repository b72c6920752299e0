#pragma once
// ClientRequestToken idempotency for TransactWriteItems: a token is remembered for 10
// minutes after the request that used it succeeded. A repeat with the same parameters
// (same fingerprint) succeeds without applying anything again; different parameters are
// IdempotentParameterMismatchException. A failed request leaves no trace, so its retry
// runs again. Thread-safe.

#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

#include "engine/base/clock.h"

namespace monotable {

class IdempotencyCache {
 public:
  static constexpr int64_t kWindowMillis = 10 * 60 * 1000;

  explicit IdempotencyCache(const Clock* clock) : clock_(clock) {}

  enum class Verdict {
    kExecute,     // first use (or expired): run it, then call Finish
    kReplay,      // the same request succeeded within the window: answer success
    kMismatch,    // the token was used by a request with other parameters
    kInProgress,  // the same token's first request is still running
  };

  // `token_key` identifies the token within its namespace.
  Verdict Begin(const std::string& token_key, const std::string& fingerprint);
  // Ends the request Begin answered kExecute for: remembered if `succeeded`.
  void Finish(const std::string& token_key, bool succeeded);

 private:
  struct Entry {
    std::string fingerprint;
    std::optional<int64_t> completed_ms;  // nullopt while the request runs
  };
  void ForgetExpired(int64_t now_ms);

  const Clock* clock_;
  std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
  // Completed tokens in completion order, for expiry.
  std::deque<std::pair<int64_t, std::string>> completions_;
};

}  // namespace monotable
