#pragma once
// Staging one item change's stream record into the change's RocksDB WriteBatch, so that
// the record and the change commit together or not at all. Called by ItemBatch (the
// single place an item change enters a WriteBatch) under the item's lock.
// Thread-safe for distinct batches.

#include <optional>
#include <string_view>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/schema/table_schema.h"
#include "engine/storage/storage.h"
#include "engine/streams/stream.h"
#include "engine/throughput/resource.h"

namespace rocksdb {
class WriteBatch;
}

namespace monotable::streams {

struct ItemChange {
  std::string_view table_key;  // key_codec's key of the item (its hash picks the shard)
  const std::optional<Item>& old_item;
  const std::optional<Item>& new_item;
  bool time_to_live = false;  // a TTL deletion: the service is the record's identity
  // The new image already in stored form (the item's own Put), so that it is encoded
  // once for both; null: encoded here.
  const std::string* new_item_encoded = nullptr;
};

// Appends the record of `change` to `batch` in `stream`'s shard for the item, with what
// the stream's view type keeps. A change that changes nothing (old == new, or absent
// -> absent) writes no record and returns nullopt; otherwise the slot to Release()
// once the batch is written. `partitions`: the table's throughput resource (null when
// throughput is off). Errors: Stream::Reserve's (kInternal), with nothing staged.
Result<std::optional<Stream::Slot>> StageRecord(Stream& stream, const Storage& storage,
                                                const TableDefinition& definition,
                                                const throughput::Resource* partitions,
                                                const ItemChange& change,
                                                rocksdb::WriteBatch& batch);

}  // namespace monotable::streams
