#pragma once
// FaultInjector: the fault rules in force (server/fault_rule.h) and the decision, per
// DynamoDB request, of which fault (if any) it gets. Rules are tried in the order they
// were added; every Latency rule that fires adds its delay, and the first error or
// reset rule that fires decides the answer (later rules are not tried).
//
// Reproducible: each rule draws from its own random stream, seeded from the injector's
// seed and the rule's id, so a test that adds the same rules and sends the same
// requests in the same order sees the same faults, whatever other rules exist. Clear()
// restarts every stream.
//
// Thread-safety: every method may be called from any thread. With no rule, active()
// is one relaxed atomic load (the hot path's only cost); otherwise one mutex guards
// the rules. Errors: Add answers kValidation (too many rules).

#include <prometheus/metric_family.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"
#include "server/fault_rule.h"
#include "server/request_targets.h"

namespace monotable::server {

// What a request gets: a delay before its answer, and an error or reset instead of
// being served (nullopt: it is served).
struct FaultDecision {
  int64_t delay_ms = 0;
  std::optional<FaultKind> kind;
  // For a transaction's TransactionConflict: the action that conflicts (the first one
  // on the rule's table, else the first).
  size_t conflicting_action = 0;
};

class FaultInjector {
 public:
  static constexpr size_t kMaxRules = 1000;

  explicit FaultInjector(uint64_t seed = 0) : seed_(seed) {}

  // True while any rule exists. Relaxed: a rule added concurrently with a request may
  // or may not apply to it.
  bool active() const { return rule_count_.load(std::memory_order_relaxed) > 0; }

  // Adds `rule`, replacing a rule of the same id; a rule without one is named
  // "fault-N". Returns the rule as stored. Errors: kValidation over kMaxRules.
  Result<FaultRule> Add(FaultRule rule);
  // False when no rule has that id.
  bool Remove(std::string_view id);
  // Removes every rule and restarts the random streams from the seed.
  void Clear();
  // The seed of the streams of rules added from now on (and of every rule after Clear).
  void SetSeed(uint64_t seed);
  uint64_t seed() const;

  struct Listed {
    FaultRule rule;
    uint64_t matched = 0;   // requests the rule applied to (its draw was made)
    uint64_t injected = 0;  // of them, the ones it fired on
  };
  std::vector<Listed> List() const;

  // The decision for one request: `operation` as in X-Amz-Target ("PutItem"),
  // `targets` what its body names.
  FaultDecision Decide(std::string_view operation, const RequestTargets& targets);

  // monotable_fault_rules (one series per rule, labelled with its fields) and
  // monotable_fault_requests_total{rule,result="matched|injected"}, for /metrics.
  void Collect(std::vector<prometheus::MetricFamily>& out) const;

 private:
  struct Rule {
    Listed listed;
    uint64_t stream = 0;  // the rule's splitmix64 state
  };
  static uint64_t StreamStart(uint64_t seed, std::string_view id);
  static bool Applies(const FaultRule& rule, std::string_view operation,
                      const RequestTargets& targets);

  mutable std::mutex mutex_;
  std::vector<Rule> rules_;
  uint64_t seed_;
  uint64_t next_id_ = 1;
  std::atomic<size_t> rule_count_{0};
};

}  // namespace monotable::server
