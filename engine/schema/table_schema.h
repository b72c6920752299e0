#pragma once
// The definition of a table and its secondary indexes, as CreateTable describes it
// and the catalog persists it. Plain data; thread-compatible.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/attribute_value.h"

namespace monotable {

// Persisted enums: do not change the numeric values.
enum class KeyType : uint8_t { kHash = 1, kRange = 2 };
enum class BillingMode : uint8_t { kProvisioned = 1, kPayPerRequest = 2 };
enum class TableStatus : uint8_t { kCreating = 1, kActive = 2, kDeleting = 3, kUpdating = 4 };
enum class ProjectionType : uint8_t { kAll = 1, kKeysOnly = 2, kInclude = 3 };
enum class IndexStatus : uint8_t { kCreating = 1, kActive = 2, kDeleting = 3 };
// What a stream record holds of the item (StreamSpecification.StreamViewType).
enum class StreamViewType : uint8_t {
  kKeysOnly = 1,
  kNewImage = 2,
  kOldImage = 3,
  kNewAndOldImages = 4
};

struct AttributeDefinition {
  std::string name;
  AttributeType type = AttributeType::kS;  // S, N or B
  friend bool operator==(const AttributeDefinition&, const AttributeDefinition&) = default;
};

struct KeySchemaElement {
  std::string name;
  KeyType type = KeyType::kHash;
  friend bool operator==(const KeySchemaElement&, const KeySchemaElement&) = default;
};

struct ProvisionedThroughput {
  int64_t read_capacity_units = 0;
  int64_t write_capacity_units = 0;
  int64_t number_of_decreases_today = 0;
  int64_t last_increase_ms = 0;  // 0: never
  int64_t last_decrease_ms = 0;
};

// OnDemandThroughput: the maximum request units per second of an on-demand table or
// GSI; -1 means no maximum (DynamoDB's way of removing one).
struct OnDemandThroughput {
  // In a request: a member it left out (MergeOnDemandThroughput keeps the current one).
  static constexpr int64_t kNotGiven = INT64_MIN;
  int64_t max_read_request_units = -1;
  int64_t max_write_request_units = -1;
  friend bool operator==(const OnDemandThroughput&, const OnDemandThroughput&) = default;
};

// WarmThroughput asked for by CreateTable or UpdateTable: the read and write units per
// second a table or GSI must serve at once (0: not asked; DescribeTable then shows what
// its partitions serve).
struct WarmThroughput {
  int64_t read_units_per_second = 0;
  int64_t write_units_per_second = 0;
  friend bool operator==(const WarmThroughput&, const WarmThroughput&) = default;
};

struct Projection {
  ProjectionType type = ProjectionType::kAll;
  std::vector<std::string> non_key_attributes;  // INCLUDE only
  // In a request only (never persisted): false when Projection named no ProjectionType,
  // which CreateTable refuses ("Unknown ProjectionType: null") in its own order.
  bool type_given = true;
};

struct SecondaryIndexDefinition {
  std::string name;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
  std::optional<ProvisionedThroughput> throughput;         // GSIs of provisioned tables
  std::optional<OnDemandThroughput> on_demand_throughput;  // GSIs of on-demand tables
  std::optional<WarmThroughput> warm_throughput;
  // A GSI added by UpdateTable is CREATING (and backfilling) until every existing item
  // has its entry; the write path maintains it from the start.
  IndexStatus status = IndexStatus::kActive;
  bool backfilling = false;
  // Names the RocksDB column family of the index entries; unique per creation.
  std::string column_family;
  // Transient statuses (schema/transient_status.h): shown CREATING, and not readable,
  // until this time (epoch ms; 0: no delay). In memory only, never persisted: after a
  // restart the index is what its status says.
  int64_t creating_until_ms = 0;

  const std::string& hash_key() const { return key_schema[0].name; }
  const std::string* range_key() const {
    return key_schema.size() > 1 ? &key_schema[1].name : nullptr;
  }
};

// Time to Live (UpdateTimeToLive): which attribute holds an item's expiry, in epoch
// seconds. DescribeTimeToLive reports ENABLED or DISABLED at once, as DynamoDB does in
// practice (its ENABLING and DISABLING are not observable at one-second polling).
struct TimeToLiveSettings {
  bool enabled = false;
  std::string attribute_name;  // while enabled
  // The last successful UpdateTimeToLive (epoch ms; 0: never), for the rule that TTL
  // cannot be changed again within a fixed interval.
  int64_t changed_ms = 0;
  // TTL was enabled on a table that held items: the expiry index is being filled from
  // them in the background (engine/ttl/ttl_backfill.h); writes maintain it meanwhile.
  bool backfilling = false;
  friend bool operator==(const TimeToLiveSettings&, const TimeToLiveSettings&) = default;
};

// A user tag of a table (TagResource, CreateTable's Tags). Rules: schema/tag_rules.h.
struct Tag {
  std::string key;
  std::string value;
  friend bool operator==(const Tag&, const Tag&) = default;
};

// A table's or stream's resource-based policy (PutResourcePolicy), enforced by the
// protocol's authorizer under --iam (docs/IAM.md). The document is the minified JSON the protocol
// validated; the revision id is the change time in epoch milliseconds, as DynamoDB's.
struct ResourcePolicy {
  std::string document;
  std::string revision_id;
  friend bool operator==(const ResourcePolicy&, const ResourcePolicy&) = default;
};

// Point-in-time recovery (UpdateContinuousBackups). While enabled, every item change
// also goes to the table's change history (engine/history), from which
// RestoreTableToPointInTime rebuilds the table as it was at any moment since
// max(enabled_ms, now - recovery period).
struct PointInTimeRecoverySettings {
  bool enabled = false;
  int64_t enabled_ms = 0;
  int64_t recovery_period_days = 35;
  friend bool operator==(const PointInTimeRecoverySettings&,
                         const PointInTimeRecoverySettings&) = default;
};

// Where a restored table came from (DescribeTable's RestoreSummary). The engine knows
// no ARNs: the protocol builds them from the source table's name and the backup id.
struct RestoreSummary {
  std::string source_backup_id;  // empty for a point-in-time restore
  std::string source_table_name;
  int64_t restore_ms = 0;  // the backup's creation time or the point in time
  bool in_progress = true;
  friend bool operator==(const RestoreSummary&, const RestoreSummary&) = default;
};

struct TableDefinition {
  std::string name;
  std::string table_id;  // a UUID, fixed at creation
  int64_t creation_ms = 0;
  std::vector<AttributeDefinition> attribute_definitions;
  std::vector<KeySchemaElement> key_schema;  // HASH first, optional RANGE second
  BillingMode billing_mode = BillingMode::kProvisioned;
  bool billing_mode_explicit = false;  // DescribeTable shows BillingModeSummary then
  int64_t billing_mode_changed_ms = 0;
  ProvisionedThroughput throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;  // on-demand tables only
  std::optional<WarmThroughput> warm_throughput;
  std::vector<SecondaryIndexDefinition> global_secondary_indexes;
  std::vector<SecondaryIndexDefinition> local_secondary_indexes;
  bool deletion_protection = false;
  TableStatus status = TableStatus::kActive;
  TimeToLiveSettings time_to_live;
  // Names the RocksDB column family of the table's items; unique per creation.
  std::string column_family;
  std::vector<Tag> tags;  // in the order their keys were first added
  std::optional<ResourcePolicy> resource_policy;
  // A stream's policy is kept with the stream (streams/stream_info.h), not here.
  // DynamoDB Streams: the view type while a stream is enabled (nullopt: none). The
  // latest stream, enabled or not, is `latest_stream_id` (0: never had one), created at
  // `latest_stream_ms`, whose ISO-8601 form is its label (schema/stream_label.h).
  std::optional<StreamViewType> stream_view_type;
  uint64_t latest_stream_id = 0;
  int64_t latest_stream_ms = 0;
  PointInTimeRecoverySettings point_in_time_recovery;
  std::optional<RestoreSummary> restore;  // tables made by a restore
  // Transient statuses (schema/transient_status.h): shown CREATING (and refusing item
  // requests) or UPDATING until these times (epoch ms; 0: no delay). In memory only,
  // never persisted: after a restart the table is what its status says.
  int64_t creating_until_ms = 0;
  int64_t updating_until_ms = 0;

  const std::string& hash_key() const { return key_schema[0].name; }
  const std::string* range_key() const {
    return key_schema.size() > 1 ? &key_schema[1].name : nullptr;
  }
  // The declared type of a key attribute (S, N or B); kNull if not defined.
  AttributeType AttributeTypeOf(std::string_view attribute) const {
    for (const auto& d : attribute_definitions) {
      if (d.name == attribute) return d.type;
    }
    return AttributeType::kNull;
  }
  // The secondary index of that name (global or local), or null.
  const SecondaryIndexDefinition* FindIndex(std::string_view index_name) const {
    for (const auto* list : {&global_secondary_indexes, &local_secondary_indexes}) {
      for (const auto& index : *list) {
        if (index.name == index_name) return &index;
      }
    }
    return nullptr;
  }
  bool IsGlobal(const SecondaryIndexDefinition& index) const {
    return &index >= global_secondary_indexes.data() &&
           &index < global_secondary_indexes.data() + global_secondary_indexes.size();
  }
};

// Live statistics of a table or of one secondary index.
struct ItemStatistics {
  int64_t item_count = 0;
  int64_t size_bytes = 0;
};

// What DescribeTable reports: the definition plus live statistics.
struct TableDescription {
  TableDefinition definition;
  int64_t item_count = 0;
  int64_t size_bytes = 0;
  // Per secondary index, by index name.
  std::map<std::string, ItemStatistics, std::less<>> index_statistics;
  // What the table and each GSI serve at once (DescribeTable's WarmThroughput): filled
  // by the engine from the throughput model's partitions and the warm throughput asked.
  WarmThroughput warm;
  std::map<std::string, WarmThroughput, std::less<>> index_warm;
};

}  // namespace monotable
