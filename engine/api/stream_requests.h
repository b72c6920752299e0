#pragma once
// Typed requests and results of the DynamoDB Streams API (ListStreams, DescribeStream,
// GetShardIterator, GetRecords) and the stream record itself. A stream is named by its
// table and label (the protocol takes them out of the ARN); sequence numbers are
// 64-bit and increase within a shard (their decimal wire form is the protocol's).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/format/item_codec.h"
#include "engine/schema/table_schema.h"

namespace monotable {

// A stream as ListStreams names it.
struct StreamName {
  std::string table_name;
  std::string label;
};

struct ListStreamsRequest {
  std::optional<std::string> table_name;
  int limit = 100;
  std::optional<StreamName> exclusive_start;
};

struct ListStreamsResult {
  std::vector<StreamName> streams;
  std::optional<StreamName> last_evaluated;
};

enum class StreamStatus { kEnabling, kEnabled, kDisabling, kDisabled };

struct ShardDescription {
  std::string shard_id;
  std::string parent_shard_id;  // empty: none
  uint64_t starting_sequence_number = 0;
  std::optional<uint64_t> ending_sequence_number;  // set once the shard is closed
};

struct DescribeStreamRequest {
  StreamName stream;
  std::string stream_arn;  // as the client gave it, for error messages
  int limit = 100;
  std::optional<std::string> exclusive_start_shard_id;
};

struct StreamDescription {
  StreamName stream;
  StreamStatus status = StreamStatus::kEnabled;
  StreamViewType view_type = StreamViewType::kKeysOnly;
  int64_t creation_ms = 0;
  std::vector<KeySchemaElement> key_schema;
  std::vector<ShardDescription> shards;
  std::optional<std::string> last_evaluated_shard_id;
};

enum class ShardIteratorType { kTrimHorizon, kLatest, kAtSequenceNumber, kAfterSequenceNumber };

struct GetShardIteratorRequest {
  StreamName stream;
  std::string stream_arn;  // as the client gave it, for error messages
  std::string shard_id;
  ShardIteratorType type = ShardIteratorType::kTrimHorizon;
  std::optional<uint64_t> sequence_number;  // AT_ and AFTER_SEQUENCE_NUMBER
};

enum class StreamEventName : uint8_t { kInsert = 1, kModify = 2, kRemove = 3 };

// One change of one item, as stored in the `streams` column family. The keys and images
// stay in their stored form (item codec), so that GetRecords writes them as JSON
// without decoding them (protocol/encoded_item_json.h).
struct StreamRecord {
  StreamEventName event = StreamEventName::kInsert;
  StreamViewType view_type = StreamViewType::kKeysOnly;
  item_codec::EncodedItem keys;
  // NEW_IMAGE, NEW_AND_OLD_IMAGES (not for REMOVE)
  std::optional<item_codec::EncodedItem> new_image;
  // OLD_IMAGE, NEW_AND_OLD_IMAGES (not for INSERT)
  std::optional<item_codec::EncodedItem> old_image;
  int64_t size_bytes = 0;  // keys and images, by DynamoDB's item size rules
  int64_t creation_ms = 0;
  bool time_to_live = false;     // a TTL deletion: the service is its user identity
  uint64_t sequence_number = 0;  // from the record's key
  std::string event_id;          // unique per record (derived from its position)
};

struct GetRecordsRequest {
  std::string shard_iterator;
  int limit = 1000;
};

struct GetRecordsResult {
  std::vector<StreamRecord> records;
  std::optional<std::string> next_shard_iterator;  // none once a closed shard is drained
};

}  // namespace monotable
