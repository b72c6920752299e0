#pragma once
// A rehearsal's workload: the tables and GSIs with their capacity, and phases of
// traffic over simulated time. docs/REHEARSE.md is the schema a user writes by hand
// (JSON); ParseWorkload reads it.
//
// Thread-safety: value types. Errors: ParseWorkload returns kValidation with the path
// of the offending member ("phases[1].load[0].rate: must be a number >= 0").

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"
#include "engine/throughput/capacity_spec.h"

namespace monotable::rehearse {

// Target tracking auto scaling of one table's or GSI's read or write capacity
// (Application Auto Scaling; docs/REHEARSE.md has the figures and their sources).
struct AutoScaling {
  double target_utilization = 70;  // percent of consumed over provisioned
  int64_t min_capacity = 1;
  int64_t max_capacity = 40000;
  // After a scale-out (scale-in) completes, how long before another scale-out
  // (scale-in) may start; a scale-out during a scale-in cooldown starts at once.
  // Application Auto Scaling's default for DynamoDB tables and GSIs is 0.
  int64_t scale_out_cooldown_seconds = 0;
  int64_t scale_in_cooldown_seconds = 0;
  // How long the UpdateTable of a change takes: the table is UPDATING, with the old
  // capacity in force, and no other change can start (DynamoDB does not document how
  // long; 0 applies a change at once).
  int64_t update_seconds = 0;
};

struct CapacityConfig {
  throughput::CapacitySpec spec;
  std::optional<AutoScaling> read_scaling;   // provisioned only
  std::optional<AutoScaling> write_scaling;  // provisioned only
  double initial_size_gb = 0;  // data already stored, spread evenly over the hash space
  // Split for heat inside a hot item collection, by sort key (the server's
  // --sort-key-splits; off by default, as there). Requests need sort keys to use it
  // (KeyDistribution::sort_keys).
  bool sort_key_splits = false;
};

struct GsiConfig {
  std::string name;
  CapacityConfig capacity;
};

struct TableConfig {
  std::string name;
  CapacityConfig capacity;
  std::vector<GsiConfig> gsis;
};

enum class KeyKind : uint8_t { kUniform, kZipf, kHotKey, kTimeOrdered };

// The sort keys of each partition key's item collection: prefix + a number below
// `count`, zero-padded to one width. 0: the requests carry no sort key.
struct SortKeys {
  uint64_t count = 0;
  std::string prefix = "s";
  // false: each request on any of them at random; true: each tick's requests on the
  // next one (a time-ordered sort key: the tick's number, `count` aside).
  bool ascending = false;
};

// Which partition keys requests use.
struct KeyDistribution {
  KeyKind kind = KeyKind::kUniform;
  std::string prefix = "k";  // keys are prefix + number ("k17"), or prefix + the time bucket
  // Numbers zero-padded to this many digits (monotable_bench's keys: "USER#" and 10).
  int digits = 0;
  uint64_t count = 1'000'000;   // distinct keys (uniform, zipf, the rest of hot_key)
  double zipf_s = 1.0;          // zipf: the exponent
  double hot_share = 0;         // hot_key: share of requests on the one hot key
  int64_t bucket_seconds = 60;  // time_ordered: one key per bucket of simulated time
  // Write sharding: each key gets one of `shards` suffixes ("#0".."#N-1") at random, as
  // seed 004 spreads a hot key; 1 means no sharding.
  uint32_t shards = 1;
  SortKeys sort_keys;  // of the keys named one by one (a hot key, Zipf's head, ...)
};

// A write's entry in one GSI: which GSI, and its partition keys (absent: the table's).
struct GsiWrite {
  std::string index;
  std::optional<KeyDistribution> keys;
};

// One stream of requests on one table during a phase.
struct Load {
  std::string table;
  double rate = 0;                 // requests per second at the phase's start
  std::optional<double> rate_end;  // linear ramp to this at the phase's end
  double read_fraction = 0;        // the rest are writes
  uint64_t item_bytes = 1024;      // read and written item size
  bool consistent_reads = false;   // strongly consistent reads cost double
  // The share of writes that add an item (the rest replace one): the data grows by
  // item_bytes for each, and a partition over 10 GB splits for size.
  double new_item_fraction = 0;
  KeyDistribution keys;
  std::vector<GsiWrite> gsi_writes;  // GSIs each write touches
};

struct Phase {
  std::string name;
  int64_t duration_seconds = 0;
  std::vector<Load> load;
};

struct Workload {
  std::string name;
  int64_t tick_ms = 100;         // simulated time per step of the simulation
  uint64_t seed = 1;             // the key choices' pseudo-random sequence
  std::string mode = "enforce";  // the model's mode: "enforce" or "observe"
  std::vector<TableConfig> tables;
  std::vector<Phase> phases;  // may be empty when a trace is replayed

  int64_t duration_seconds() const;
  const TableConfig* FindTable(std::string_view table) const;
};

Result<Workload> ParseWorkload(std::string_view json);

}  // namespace monotable::rehearse
