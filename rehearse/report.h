#pragma once
// What a rehearsal found: per interval of simulated time, each table's and GSI's
// requests, accepted and throttled ones (with ThrottlingReasons), units consumed and the
// capacity in force; each partition's units and throttles; every split and capacity
// change. The simulator fills it; report_*.cc write it out.
//
// Thread-safety: value types. Errors: none.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/throughput/capacity_spec.h"
#include "engine/throughput/split_log.h"
#include "engine/throughput/throttling_reason.h"
#include "engine/throughput/top_k.h"

namespace monotable::rehearse {

// One table or GSI over one interval. Index [0] reads, [1] writes.
struct IntervalRow {
  int64_t second = 0;  // the interval's first second, from the rehearsal's start
  std::array<uint64_t, 2> requests{};
  std::array<uint64_t, 2> accepted{};
  std::array<uint64_t, 2> throttled{};  // refused (observe: would have been), any reason
  // This resource's own reasons; a write the GSI refused counts only at the GSI.
  std::array<uint64_t, throughput::kThrottlingReasonCount> by_reason{};
  std::array<double, 2> consumed_units{};  // what the model counted as consumed
  std::array<double, 2> demanded_units{};  // of every request, throttled ones too
  std::array<double, 2> capacity{};        // allowed units per second at the end
  uint32_t partitions = 0;
};

struct PartitionRow {
  int64_t second = 0;
  uint32_t resource = 0;  // index into Report::resources
  uint32_t partition = 0;
  uint64_t begin = 0;  // the hash range's first hash
  uint64_t last = 0;
  std::array<double, 2> consumed_units{};
  std::array<uint64_t, 2> throttled{};
};

struct SplitRow {
  int64_t second = 0;  // from the rehearsal's start
  uint32_t resource = 0;
  throughput::SplitReason reason = throughput::SplitReason::kCapacity;
  throughput::HashRange parent;
  uint32_t children = 0;
};

// An auto scaling change: decided at `second` (the end of the minute whose alarm
// fired), in force from `in_force_second` (its UpdateTable done: update_seconds later).
struct CapacityChange {
  int64_t second = 0;
  uint32_t resource = 0;
  throughput::Op op = throughput::Op::kRead;
  int64_t from = 0;
  int64_t to = 0;
  int64_t in_force_second = 0;
};

inline constexpr size_t kTopKeys = 10;

struct ResourceReport {
  std::string table;
  std::string index;                  // empty: the table
  throughput::CapacitySpec capacity;  // as configured at the start
  bool auto_scaled[2] = {false, false};
  std::vector<IntervalRow> rows;
  uint64_t refused_decreases = 0;  // auto scaling decreases the daily quota refused
  // Contributor Insights over the whole run: the most accessed partition keys (by units
  // consumed) and the most throttled (by requests), kTopKeys each, heaviest first. Keys
  // spread over the hash space are not named; a hot key, its shards and Zipf's head are.
  std::vector<throughput::TopKEntry> top_accessed_keys;
  std::vector<throughput::TopKEntry> top_throttled_keys;
  double peak_consumed[2] = {0, 0};  // the highest interval's units per second
  double peak_demanded[2] = {0, 0};
  double consumed_total[2] = {0, 0};
  double demanded_total[2] = {0, 0};
  // Provisioned capacity-seconds in force over the run ([op]); for the cost estimate.
  double capacity_unit_seconds[2] = {0, 0};

  std::string label() const { return index.empty() ? table : table + "/" + index; }
  // Every row summed (capacity and partitions: the last row's).
  IntervalRow Totals() const;
};

struct Report {
  std::string workload;
  std::string mode;
  int64_t tick_ms = 0;
  int64_t interval_seconds = 0;
  int64_t duration_seconds = 0;
  std::vector<ResourceReport> resources;
  std::vector<PartitionRow> partitions;
  std::vector<SplitRow> splits;
  std::vector<CapacityChange> capacity_changes;
  uint64_t total_requests = 0;
  uint64_t batches = 0;     // AdmitBatch calls
  double wall_seconds = 0;  // how long the rehearsal took
};

}  // namespace monotable::rehearse
