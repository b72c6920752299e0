#pragma once
// What the catalog keeps of a DynamoDB stream (the 'S' record, catalog_keys.h): its
// table, view type, status, resource policy and every shard not yet past retention.
// Written whenever a shard opens or closes, before any record goes to a new shard, so
// that a restart finds every record's shard. Plain data and pure codec functions;
// thread-compatible.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"
#include "engine/schema/table_schema.h"

namespace monotable::streams {

struct ShardInfo {
  uint32_t number = 0;      // the shard's part of its records' keys; unique per stream
  std::string id;           // "shardId-<20 digits>-<8 hex>", as DynamoDB's; sorts after
                            // every earlier shard's id (stream.cc)
  std::string parent_id;    // empty: no parent
  uint64_t hash_begin = 0;  // the partition-key hashes the shard takes, inclusive
  uint64_t hash_last = UINT64_MAX;
  uint64_t start_sequence = 0;
  std::optional<uint64_t> end_sequence;  // set when closed (start - 1 if it took nothing)
  int64_t created_ms = 0;
  int64_t closed_ms = 0;

  bool open() const { return !end_sequence.has_value(); }
  bool Contains(uint64_t hash) const { return hash >= hash_begin && hash <= hash_last; }
};

struct StreamInfo {
  uint64_t id = 0;
  std::string ns;
  std::string table_name;
  std::string table_id;  // a table deleted and created again under its name is another
  std::vector<KeySchemaElement> key_schema;
  StreamViewType view_type = StreamViewType::kKeysOnly;
  int64_t created_ms = 0;  // its label (schema/stream_label.h)
  bool enabled = true;
  int64_t disabled_ms = 0;
  uint32_t next_shard = 1;
  std::vector<ShardInfo> shards;  // in creation order: parents before children
  // The stream's own resource-based policy (PutResourcePolicy on its ARN). Kept here,
  // not with the table, because it outlives the table and the stream's disabling
  // (rbac-attach-resource-policy-streams: "you can modify or delete a policy after a
  // table is deleted. You can also modify or delete the policy of a disabled stream").
  std::optional<ResourcePolicy> policy;
};

std::string EncodeStreamInfo(const StreamInfo& info);
// Errors: kInternal (a corrupt record).
Result<StreamInfo> DecodeStreamInfo(std::string_view bytes);

}  // namespace monotable::streams
