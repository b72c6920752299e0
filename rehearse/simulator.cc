#include "rehearse/simulator.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "engine/base/clock.h"
#include "engine/capacity/capacity.h"
#include "engine/throughput/batch_admission.h"
#include "engine/throughput/resource.h"
#include "rehearse/auto_scaler.h"
#include "rehearse/key_space.h"
#include "rehearse/sim_state.h"
#include "rehearse/sort_key_space.h"

namespace monotable::rehearse {
namespace {

using sim::GsiTarget;
using sim::kTwoTo64;
using sim::LoadState;
using sim::PendingBatch;
using sim::Random;
using sim::SimResource;
using throughput::Claim;
using throughput::Op;

size_t OpIndex(Op op) { return static_cast<size_t>(op); }

class Simulator {
 public:
  Simulator(const Workload& w, const RehearseOptions& o)
      : w_(w), trace_(o.trace), phases_(w.phases), clock_(kRehearsalStartMs), random_(w.seed) {
    report_.workload = w.name;
    report_.mode = w.mode;
    report_.tick_ms = w.tick_ms;
    const int64_t traced = trace_ ? trace_->duration_seconds() : 0;
    if (traced > w.duration_seconds()) {
      phases_.push_back({"trace", traced - w.duration_seconds(), {}});
    }
    report_.duration_seconds = std::max(w.duration_seconds(), traced);
    report_.interval_seconds =
        o.interval_seconds > 0 ? o.interval_seconds : (report_.duration_seconds <= 3600 ? 1 : 60);
    partition_rows_ = o.partition_rows;
  }

  Status Setup();
  void Run();
  Report Take() { return std::move(report_); }

 private:
  Status AddResource(const std::string& table, const std::string& index,
                     const CapacityConfig& config);
  uint32_t FindResource(const std::string& table, const std::string& index) const;
  void StartPhase(const Phase& phase);
  void Tick(const Phase& phase, int64_t phase_elapsed_ms);
  void Issue(LoadState& ls, Op op, uint64_t n);
  // The trace's requests before `end_ms` (from the start), grouped.
  void IssueTrace(int64_t end_ms);
  // The load of a trace's requests on `table` (its GSI `index`, or the table when
  // empty) of `bytes` each, or of `units` each when not 0; a table's writes charge its
  // GSIs too when `derive_gsis` (TraceRequest::derive_gsis).
  LoadState& TraceLoad(uint32_t table, const std::string& index, uint64_t bytes, double units,
                       bool derive_gsis);
  // Calls f(hash, key, sort key, count) for the requests of `n` that fall on each key
  // of `keys` (key empty for the spread share; sort key, encoded, empty without one).
  template <typename F>
  void Distribute(const KeySpace& keys, uint32_t resource, uint64_t n, F&& f);
  void AdmitPending();
  void CloseInterval(int64_t second);
  void CloseMinute();
  // The auto scaling changes whose UpdateTable is done take effect.
  void ApplyDueChanges();
  void ApplyCapacity(SimResource& r);
  int64_t ElapsedSecond() const { return (clock_.NowMillis() - kRehearsalStartMs) / 1000; }

  const Workload& w_;
  const Trace* trace_;
  std::vector<Phase> phases_;
  size_t trace_next_ = 0;
  std::deque<LoadState> trace_loads_;  // one per (table, size) seen in the trace
  FakeClock clock_;
  Random random_;
  Report report_;
  bool partition_rows_ = true;
  std::vector<SimResource> resources_;
  std::vector<LoadState> loads_;
  std::vector<Claim> claims_;
  std::vector<uint32_t> claim_resource_;  // parallel to claims_
  std::vector<PendingBatch> pending_;
  std::deque<std::string> tick_keys_;  // the named keys of claims_ (stable addresses)
  uint64_t tick_ = 0;                  // ticks since the start
};

Status Simulator::AddResource(const std::string& table, const std::string& index,
                              const CapacityConfig& config) {
  throughput::ResourceConfig rc;
  rc.table_name = table;
  rc.index_name = index;
  rc.capacity = config.spec;
  rc.mode = w_.mode == "observe" ? throughput::Mode::kObserve : throughput::Mode::kEnforce;
  rc.heat.split_by_sort_key = config.sort_key_splits;
  MT_ASSIGN_OR_RETURN(model, throughput::Resource::Create(std::move(rc), clock_));
  // Contributor Insights on every table and GSI: the report's top keys.
  model->insights().SetMode(throughput::InsightsMode::kAccessedAndThrottled);
  SimResource r;
  r.model = model;
  r.spec = config.spec;
  r.stored.uniform = config.initial_size_gb * static_cast<double>(uint64_t{1} << 30);
  const int64_t units[2] = {config.spec.read_capacity_units, config.spec.write_capacity_units};
  const std::optional<AutoScaling>* policies[2] = {&config.read_scaling, &config.write_scaling};
  ResourceReport rr;
  rr.table = table;
  rr.index = index;
  rr.capacity = config.spec;
  for (size_t op = 0; op < 2; ++op) {
    if (*policies[op] && config.spec.billing == throughput::BillingMode::kProvisioned) {
      r.scalers[op].emplace(**policies[op], units[op]);
      rr.auto_scaled[op] = true;
    }
  }
  resources_.push_back(std::move(r));
  report_.resources.push_back(std::move(rr));
  return Status::Ok();
}

uint32_t Simulator::FindResource(const std::string& table, const std::string& index) const {
  for (uint32_t i = 0; i < report_.resources.size(); ++i) {
    if (report_.resources[i].table == table && report_.resources[i].index == index) return i;
  }
  return 0;  // the parser checked every name
}

Status Simulator::Setup() {
  if (report_.interval_seconds > throughput::SecondRing::kSeconds) {
    return Status::Validation("rehearse: --interval must be at most 600 seconds");
  }
  for (const TableConfig& t : w_.tables) {
    MT_RETURN_IF_ERROR(AddResource(t.name, "", t.capacity));
    for (const GsiConfig& g : t.gsis) MT_RETURN_IF_ERROR(AddResource(t.name, g.name, g.capacity));
  }
  return Status::Ok();
}

void Simulator::StartPhase(const Phase& phase) {
  loads_.clear();
  for (const Load& l : phase.load) {
    LoadState ls;
    ls.load = &l;
    ls.table = FindResource(l.table, "");
    for (const GsiWrite& g : l.gsi_writes) {
      GsiTarget target{FindResource(l.table, g.index), std::nullopt};
      if (g.keys) target.keys = MakeKeySpace(*g.keys, 0);
      ls.gsis.push_back(std::move(target));
    }
    ls.read_units = capacity::ReadUnits(l.item_bytes, l.consistent_reads);
    ls.write_units = capacity::WriteUnits(l.item_bytes);
    ls.new_item_bytes = l.new_item_fraction * static_cast<double>(l.item_bytes);
    loads_.push_back(std::move(ls));
  }
}

LoadState& Simulator::TraceLoad(uint32_t table, const std::string& index, uint64_t bytes,
                                double units, bool derive_gsis) {
  const std::string& name = w_.tables[table].name;
  const uint32_t resource = FindResource(name, index);
  const double read_units = units > 0 ? units : capacity::ReadUnits(bytes, false);
  const double write_units = units > 0 ? units : capacity::WriteUnits(bytes);
  // A recorded write that does not say which GSI entries it changed charges every GSI
  // of its table, with keys of its own spread over the GSI. A request on a GSI (a Query
  // page, a logged entry) is its own.
  const bool derive = index.empty() && derive_gsis && !w_.tables[table].gsis.empty();
  for (LoadState& ls : trace_loads_) {
    if (ls.table == resource && ls.write_units == write_units && ls.read_units == read_units &&
        ls.gsis.empty() != derive) {
      return ls;
    }
  }
  LoadState ls;
  ls.table = resource;
  if (derive) {
    KeySpace spread;
    spread.spread = 1;
    for (const GsiConfig& g : w_.tables[table].gsis) {
      ls.gsis.push_back({FindResource(name, g.name), spread});
    }
  }
  ls.read_units = read_units;
  ls.write_units = write_units;
  trace_loads_.push_back(std::move(ls));
  return trace_loads_.back();
}

void Simulator::IssueTrace(int64_t end_ms) {
  if (trace_ == nullptr) return;
  const std::vector<TraceRequest>& all = trace_->requests;
  while (trace_next_ < all.size() && all[trace_next_].ms < end_ms) {
    // A run of identical requests is one group; a trace in time order has many.
    const TraceRequest& r = all[trace_next_];
    uint64_t n = 0;
    while (trace_next_ < all.size() && all[trace_next_].ms < end_ms &&
           all[trace_next_].table == r.table && all[trace_next_].index == r.index &&
           all[trace_next_].op == r.op && all[trace_next_].bytes == r.bytes &&
           all[trace_next_].units == r.units && all[trace_next_].key == r.key &&
           all[trace_next_].hash == r.hash && all[trace_next_].sort_key == r.sort_key &&
           all[trace_next_].derive_gsis == r.derive_gsis) {
      ++trace_next_;
      ++n;
    }
    LoadState& ls = TraceLoad(r.table, r.index, r.bytes, r.units, r.derive_gsis);
    ls.keys = KeySpace();
    if (r.key.empty()) {
      ls.keys.spread = 1;
    } else {
      ls.keys.slots.push_back({r.key, r.hash, 1.0, r.sort_key});
    }
    Issue(ls, r.op, n);
  }
}

template <typename F>
void Simulator::Distribute(const KeySpace& keys, uint32_t resource, uint64_t n, F&& f) {
  // Systematic rounding: each key gets floor(c + u) - floor(p + u) of the requests, c and
  // p the cumulative expected counts up to and before it and u one random offset: the
  // counts add up to n exactly, and each key's is right in expectation.
  const auto total = static_cast<double>(n);
  const double offset = random_.Uniform();
  double cumulative = 0;
  uint64_t given = 0;
  auto share_out = [&](double expected) -> uint64_t {
    cumulative += expected;
    const auto upto = std::min(n, static_cast<uint64_t>(cumulative + offset));
    const uint64_t c = upto > given ? upto - given : 0;
    given += c;
    return c;
  };
  // One key's expected share; the last key of all takes what rounding left.
  auto give = [&](const KeySlot& slot, std::string_view sort, double expected, bool last) {
    uint64_t c = share_out(expected);
    if (last && keys.spread <= 0) {
      c += n - given;
      given = n;
    }
    if (c > 0) f(slot.hash, std::string_view(slot.key), sort, c);
  };
  std::vector<SortShare> shares;  // local: f may call Distribute again (a GSI's keys)
  for (size_t i = 0; i < keys.slots.size(); ++i) {
    const KeySlot& slot = keys.slots[i];
    const bool last = i + 1 == keys.slots.size();
    if (keys.sort.count == 0 || !slot.sort_key.empty()) {
      give(slot, slot.sort_key, total * slot.weight, last);
      continue;
    }
    // A key with sort keys: its requests spread over the pieces of its item collection.
    ShareOverSortKeys(keys.sort, resources_[resource].Map(), slot.hash, tick_, &shares);
    for (size_t j = 0; j < shares.size(); ++j) {
      give(slot, shares[j].sort_key, total * slot.weight * shares[j].share,
           last && j + 1 == shares.size());
    }
  }
  if (keys.spread <= 0) return;
  // Many uniformly hashed keys: each partition gets its share of the hash space, half
  // at a quarter and half at three quarters of its range, so that a heat split cuts it
  // in the middle as it would for keys seen all over the range.
  const throughput::PartitionMap& map = resources_[resource].Map();
  for (size_t i = 0; i < map.size(); ++i) {
    const throughput::HashRange range = map.Range(i);
    const uint64_t width = range.last - range.begin;
    const double share = (static_cast<double>(width) + 1) / kTwoTo64;
    // The last partition takes what rounding left, so that nothing is lost to it.
    uint64_t c = share_out(total * keys.spread * share);
    if (i + 1 == map.size()) {
      c += n - given;
      given = n;
    }
    if (c == 0) continue;
    const uint64_t low = c / 2;
    if (low > 0) f(range.begin + width / 4, std::string_view(), std::string_view(), low);
    f(range.begin + width / 4 * 3, std::string_view(), std::string_view(), c - low);
  }
}

void Simulator::Issue(LoadState& ls, Op op, uint64_t n) {
  if (n == 0) return;
  const double units = op == Op::kRead ? ls.read_units : ls.write_units;
  Distribute(ls.keys, ls.table, n,
             [&](uint64_t hash, std::string_view key, std::string_view sort, uint64_t count) {
               // The claims of one request: the table's, and for a write each GSI's. A GSI with
               // keys of its own splits the count over them (one batch per combination).
               struct Target {
                 uint32_t resource;
                 uint64_t hash;
                 std::string_view key;   // empty: a spread key, not named in the insights
                 std::string_view sort;  // encoded; empty: none
               };
               std::vector<Target> stack;
               stack.push_back({ls.table, hash, key, sort});
               const bool with_gsis = op == Op::kWrite && !ls.gsis.empty();
               auto emit = [&](uint64_t c) {
                 PendingBatch b;
                 b.first = static_cast<uint32_t>(claims_.size());
                 b.count_claims = static_cast<uint32_t>(stack.size());
                 b.op = op;
                 b.count = c;
                 b.new_bytes = op == Op::kWrite ? ls.new_item_bytes : 0;
                 for (const Target& t : stack) {
                   // Contributor Insights names the key: a copy that lives until the tick's
                   // admission (a trace's keys do not outlive their group).
                   std::string_view named, sort_key;
                   if (!t.key.empty()) named = tick_keys_.emplace_back(t.key);
                   if (!t.sort.empty()) sort_key = tick_keys_.emplace_back(t.sort);
                   claims_.push_back(
                       {resources_[t.resource].model.get(), {t.hash, named, sort_key}, op, units});
                   claim_resource_.push_back(t.resource);
                 }
                 pending_.push_back(b);
               };
               if (!with_gsis) {
                 emit(count);
                 return;
               }
               // Depth-first over the GSIs with keys of their own.
               auto expand = [&](auto&& self, size_t level, uint64_t c) -> void {
                 if (level == ls.gsis.size()) {
                   emit(c);
                   return;
                 }
                 const GsiTarget& g = ls.gsis[level];
                 if (!g.keys) {
                   stack.push_back({g.resource, hash, key, sort});
                   self(self, level + 1, c);
                   stack.pop_back();
                   return;
                 }
                 Distribute(*g.keys, g.resource, c,
                            [&](uint64_t gsi_hash, std::string_view gsi_key,
                                std::string_view gsi_sort, uint64_t gc) {
                              stack.push_back({g.resource, gsi_hash, gsi_key, gsi_sort});
                              self(self, level + 1, gc);
                              stack.pop_back();
                            });
               };
               expand(expand, 0, count);
             });
}

void Simulator::AdmitPending() {
  // Shuffled, so that over many ticks no key is always the first served.
  for (size_t i = pending_.size(); i > 1; --i) {
    std::swap(pending_[i - 1], pending_[random_.Next() % i]);
  }
  for (const PendingBatch& b : pending_) {
    const std::span<const Claim> claims(claims_.data() + b.first, b.count_claims);
    const throughput::BatchAdmission result = throughput::AdmitBatch(claims, b.count);
    ++report_.batches;
    report_.total_requests += b.count;
    const size_t op = OpIndex(b.op);
    for (uint32_t j = 0; j < b.count_claims; ++j) {
      SimResource& r = resources_[claim_resource_[b.first + j]];
      IntervalRow& row = r.row;
      row.requests[op] += b.count;
      row.accepted[op] += result.admitted;
      row.throttled[op] += result.throttled;
      const double units = static_cast<double>(result.admitted) * claims[j].units;
      row.consumed_units[op] += units;
      row.demanded_units[op] += static_cast<double>(b.count) * claims[j].units;
      r.minute_units[op] += units;
      if (b.new_bytes > 0 && result.admitted > 0) {
        r.stored.at[claims[j].key.hash] += static_cast<double>(result.admitted) * b.new_bytes;
      }
      for (const throughput::Throttle& t : result.throttles) {
        if (t.resource == r.model.get()) {
          row.by_reason[static_cast<size_t>(t.reason)] += result.throttled;
        }
      }
    }
  }
  pending_.clear();
  claims_.clear();
  claim_resource_.clear();
  tick_keys_.clear();
}

void Simulator::Tick(const Phase& phase, int64_t phase_elapsed_ms) {
  const double tick_seconds = static_cast<double>(w_.tick_ms) / 1000.0;
  const double progress = static_cast<double>(phase_elapsed_ms) /
                          (1000.0 * static_cast<double>(phase.duration_seconds));
  const int64_t second = ElapsedSecond();
  for (LoadState& ls : loads_) {
    const Load& l = *ls.load;
    const double rate = l.rate + (l.rate_end.value_or(l.rate) - l.rate) * progress;
    ls.carry += rate * tick_seconds;
    const auto n = static_cast<uint64_t>(ls.carry);
    ls.carry -= static_cast<double>(n);
    ls.read_carry += static_cast<double>(n) * l.read_fraction;
    const auto reads = std::min(n, static_cast<uint64_t>(ls.read_carry));
    ls.read_carry -= static_cast<double>(reads);
    if (ls.keys_second < 0 || (TimeDependent(l.keys) && second != ls.keys_second)) {
      ls.keys = MakeKeySpace(l.keys, second);
      ls.keys_second = second;
    }
    Issue(ls, Op::kRead, reads);
    Issue(ls, Op::kWrite, n - reads);
  }
  IssueTrace(clock_.NowMillis() - kRehearsalStartMs + w_.tick_ms);
  AdmitPending();
}

void Simulator::CloseMinute() {
  const int64_t second = ElapsedSecond();
  for (uint32_t i = 0; i < resources_.size(); ++i) {
    SimResource& r = resources_[i];
    // DynamoDB splits a partition that outgrows 10 GB in the background; once a minute
    // here (the split log records when).
    if (r.stored.uniform > 0 || !r.stored.at.empty()) {
      r.model->SplitForSize([&](const throughput::HashRange& range) {
        return static_cast<uint64_t>(r.stored.In(range));
      });
    }
    for (size_t op = 0; op < 2; ++op) {
      const double per_second = r.minute_units[op] / 60.0;
      r.minute_units[op] = 0;
      if (!r.scalers[op]) continue;
      const int64_t before = r.scalers[op]->capacity();
      const std::optional<int64_t> next = r.scalers[op]->OnMinute(per_second, clock_.NowMillis());
      if (!next) continue;
      report_.capacity_changes.push_back({second, i, static_cast<Op>(op), before, *next,
                                          second + r.scalers[op]->update_seconds()});
      ApplyCapacity(r);
    }
  }
}

void Simulator::ApplyDueChanges() {
  for (SimResource& r : resources_) {
    bool due = false;
    for (auto& scaler : r.scalers) {
      if (scaler && scaler->updating()) due |= scaler->Due(clock_.NowMillis()).has_value();
    }
    if (due) ApplyCapacity(r);
  }
}

void Simulator::ApplyCapacity(SimResource& r) {
  throughput::CapacitySpec spec = r.spec;
  if (r.scalers[0]) spec.read_capacity_units = r.scalers[0]->capacity();
  if (r.scalers[1]) spec.write_capacity_units = r.scalers[1]->capacity();
  if (spec.read_capacity_units == r.spec.read_capacity_units &&
      spec.write_capacity_units == r.spec.write_capacity_units) {
    return;
  }
  // The scaler keeps within 1..max, which the model accepts.
  if (r.model->UpdateCapacity(spec).ok()) r.spec = spec;
}

void Simulator::CloseInterval(int64_t second) {
  // The rings are read as of the interval's last millisecond, so that its last second
  // is the newest one they return.
  clock_.Advance(-1);
  for (uint32_t i = 0; i < resources_.size(); ++i) {
    SimResource& r = resources_[i];
    ResourceReport& rr = report_.resources[i];
    IntervalRow& row = r.row;
    const int64_t length = second - row.second;
    if (length <= 0) continue;
    const throughput::ResourceSnapshot snap = r.model->Snapshot(length);
    row.capacity = {snap.allowed_read_units_per_second, snap.allowed_write_units_per_second};
    row.partitions = static_cast<uint32_t>(snap.partitions.size());
    for (size_t op = 0; op < 2; ++op) {
      const auto seconds = static_cast<double>(length);
      rr.peak_consumed[op] = std::max(rr.peak_consumed[op], row.consumed_units[op] / seconds);
      rr.peak_demanded[op] = std::max(rr.peak_demanded[op], row.demanded_units[op] / seconds);
      rr.consumed_total[op] += row.consumed_units[op];
      rr.demanded_total[op] += row.demanded_units[op];
      rr.capacity_unit_seconds[op] += row.capacity[op] * static_cast<double>(length);
    }
    if (partition_rows_) {
      for (uint32_t p = 0; p < snap.partitions.size(); ++p) {
        const throughput::PartitionSnapshot& ps = snap.partitions[p];
        PartitionRow pr;
        pr.second = row.second;
        pr.resource = i;
        pr.partition = p;
        pr.begin = ps.range.begin;
        pr.last = ps.range.last;
        for (const throughput::SecondSample& s : ps.recent) {
          pr.consumed_units[0] += s.read_units;
          pr.consumed_units[1] += s.write_units;
          pr.throttled[0] += s.read_throttled;
          pr.throttled[1] += s.write_throttled;
        }
        report_.partitions.push_back(pr);
      }
    }
    for (const throughput::SplitEvent& e : snap.splits) {
      if (e.layout_version <= r.splits_seen_version) continue;
      report_.splits.push_back({(e.time_ms - kRehearsalStartMs) / 1000, i, e.reason, e.parent,
                                static_cast<uint32_t>(e.children.size())});
    }
    if (!snap.splits.empty()) {
      r.splits_seen_version = std::max(r.splits_seen_version, snap.splits.back().layout_version);
    }
    rr.rows.push_back(row);
    row = IntervalRow();
    row.second = second;
  }
  clock_.Advance(1);
}

void Simulator::Run() {
  int64_t elapsed_ms = 0;
  for (const Phase& phase : phases_) {
    StartPhase(phase);
    const int64_t phase_ms = phase.duration_seconds * 1000;
    for (int64_t t = 0; t < phase_ms; t += w_.tick_ms) {
      if (elapsed_ms > 0 && elapsed_ms % 1000 == 0) {
        const int64_t second = elapsed_ms / 1000;
        if (second % report_.interval_seconds == 0) CloseInterval(second);
        if (second % 60 == 0) CloseMinute();
      }
      ApplyDueChanges();
      Tick(phase, t);
      ++tick_;
      const int64_t step = std::min(w_.tick_ms, phase_ms - t);
      clock_.Advance(step);
      elapsed_ms += step;
    }
  }
  CloseInterval(elapsed_ms / 1000 + (elapsed_ms % 1000 ? 1 : 0));
  for (uint32_t i = 0; i < resources_.size(); ++i) {
    throughput::InsightsSnapshot top = resources_[i].model->insights().Top(kTopKeys);
    report_.resources[i].top_accessed_keys = std::move(top.accessed_partition_keys);
    report_.resources[i].top_throttled_keys = std::move(top.throttled_partition_keys);
  }
}

}  // namespace

Result<Report> Rehearse(const Workload& workload, const RehearseOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  Simulator sim(workload, options);
  MT_RETURN_IF_ERROR(sim.Setup());
  sim.Run();
  Report report = sim.Take();
  report.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return report;
}

}  // namespace monotable::rehearse
