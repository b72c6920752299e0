#include "server/fault_injector.h"

#include <algorithm>
#include <charconv>

namespace monotable::server {
namespace {

// splitmix64: a tiny generator whose whole state is one word, so each rule carries its
// own stream.
uint64_t NextRandom(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// A uniform draw in [0, 1) from the top 53 bits.
double NextUniform(uint64_t& state) {
  return static_cast<double>(NextRandom(state) >> 11) * 0x1.0p-53;
}

// A probability as written: "0.25", "1".
std::string ShortestText(double value) {
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, value).ptr);
}

bool Exhausted(const FaultRule& rule, uint64_t injected) {
  return rule.count && injected >= static_cast<uint64_t>(*rule.count);
}

}  // namespace

uint64_t FaultInjector::StreamStart(uint64_t seed, std::string_view id) {
  // FNV-1a of the id: stable across runs and builds, unlike std::hash.
  uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char c : id) h = (h ^ c) * 0x100000001B3ull;
  uint64_t state = seed ^ h;
  NextRandom(state);
  return state;
}

Result<FaultRule> FaultInjector::Add(FaultRule rule) {
  std::lock_guard lock(mutex_);
  if (rule.id.empty()) {
    // The first free "fault-N": an id a caller chose is never taken over.
    auto taken = [&](const std::string& id) {
      return std::any_of(rules_.begin(), rules_.end(),
                         [&](const Rule& r) { return r.listed.rule.id == id; });
    };
    do rule.id = "fault-" + std::to_string(next_id_++);
    while (taken(rule.id));
  }
  Rule stored{{rule, 0, 0}, StreamStart(seed_, rule.id)};
  auto same = std::find_if(rules_.begin(), rules_.end(),
                           [&](const Rule& r) { return r.listed.rule.id == rule.id; });
  if (same != rules_.end()) {
    *same = std::move(stored);
  } else {
    if (rules_.size() >= kMaxRules) {
      return Status::Validation("fault rule: at most " + std::to_string(kMaxRules) +
                                " rules; DELETE /monotable/faults removes them all");
    }
    rules_.push_back(std::move(stored));
  }
  rule_count_.store(rules_.size(), std::memory_order_relaxed);
  return rule;
}

bool FaultInjector::Remove(std::string_view id) {
  std::lock_guard lock(mutex_);
  auto it = std::find_if(rules_.begin(), rules_.end(),
                         [&](const Rule& r) { return r.listed.rule.id == id; });
  if (it == rules_.end()) return false;
  rules_.erase(it);
  rule_count_.store(rules_.size(), std::memory_order_relaxed);
  return true;
}

void FaultInjector::Clear() {
  std::lock_guard lock(mutex_);
  rules_.clear();
  next_id_ = 1;
  rule_count_.store(0, std::memory_order_relaxed);
}

void FaultInjector::SetSeed(uint64_t seed) {
  std::lock_guard lock(mutex_);
  seed_ = seed;
}

uint64_t FaultInjector::seed() const {
  std::lock_guard lock(mutex_);
  return seed_;
}

std::vector<FaultInjector::Listed> FaultInjector::List() const {
  std::lock_guard lock(mutex_);
  std::vector<Listed> out;
  out.reserve(rules_.size());
  for (const Rule& r : rules_) out.push_back(r.listed);
  return out;
}

bool FaultInjector::Applies(const FaultRule& rule, std::string_view operation,
                            const RequestTargets& targets) {
  if (!rule.operation.empty() && rule.operation != operation) return false;
  if (rule.kind == FaultKind::kTransactionConflict && !MayConflict(operation)) return false;
  if (!rule.index.empty() && rule.index != targets.index) return false;
  if (rule.table.empty()) return true;
  return std::find(targets.tables.begin(), targets.tables.end(), rule.table) !=
         targets.tables.end();
}

FaultDecision FaultInjector::Decide(std::string_view operation, const RequestTargets& targets) {
  FaultDecision decision;
  std::lock_guard lock(mutex_);
  for (Rule& r : rules_) {
    const FaultRule& rule = r.listed.rule;
    if (Exhausted(rule, r.listed.injected) || !Applies(rule, operation, targets)) continue;
    ++r.listed.matched;
    if (NextUniform(r.stream) >= rule.probability) continue;
    ++r.listed.injected;
    if (rule.kind == FaultKind::kLatency) {
      decision.delay_ms += rule.latency_ms;
      continue;
    }
    decision.kind = rule.kind;
    if (!rule.table.empty() && targets.actions > 0) {
      auto on_table = std::find(targets.tables.begin(), targets.tables.end(), rule.table);
      decision.conflicting_action = static_cast<size_t>(on_table - targets.tables.begin());
    }
    break;
  }
  return decision;
}

void FaultInjector::Collect(std::vector<prometheus::MetricFamily>& out) const {
  prometheus::MetricFamily rules{"monotable_fault_rules",
                                 "Fault-injection rules in force (value: 1), labelled with "
                                 "their fields (docs/FAULTS.md).",
                                 prometheus::MetricType::Gauge,
                                 {}};
  prometheus::MetricFamily requests{
      "monotable_fault_requests_total",
      "Requests a fault rule applied to (result=matched) and the ones it fired on "
      "(result=injected).",
      prometheus::MetricType::Counter,
      {}};
  for (const Listed& listed : List()) {
    const FaultRule& rule = listed.rule;
    prometheus::ClientMetric m;
    m.label = {{"rule", rule.id},
               {"kind", std::string(FaultKindName(rule.kind))},
               {"operation", rule.operation.empty() ? "*" : rule.operation},
               {"table", rule.table.empty() ? "*" : rule.table},
               {"index", rule.index.empty() ? "*" : rule.index},
               {"probability", ShortestText(rule.probability)}};
    m.gauge.value = 1;
    rules.metric.push_back(std::move(m));
    for (const auto& [result, n] : {std::pair<const char*, uint64_t>{"matched", listed.matched},
                                    {"injected", listed.injected}}) {
      prometheus::ClientMetric c;
      c.label = {{"rule", rule.id}, {"result", result}};
      c.counter.value = static_cast<double>(n);
      requests.metric.push_back(std::move(c));
    }
  }
  out.push_back(std::move(rules));
  out.push_back(std::move(requests));
}

}  // namespace monotable::server
