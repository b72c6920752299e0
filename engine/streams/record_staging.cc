#include "engine/streams/record_staging.h"

#include <rocksdb/write_batch.h>

#include "engine/format/item_codec.h"
#include "engine/format/key_codec.h"
#include "engine/streams/record_codec.h"
#include "engine/streams/record_key.h"

namespace monotable::streams {

Result<std::optional<Stream::Slot>> StageRecord(Stream& stream, const Storage& storage,
                                                const TableDefinition& definition,
                                                const throughput::Resource* partitions,
                                                const ItemChange& change,
                                                rocksdb::WriteBatch& batch) {
  const std::optional<Item>& old_item = change.old_item;
  const std::optional<Item>& new_item = change.new_item;
  // DynamoDB writes no record for a write that changes nothing.
  if (!old_item && !new_item) return std::optional<Stream::Slot>();
  if (old_item && new_item && *old_item == *new_item) return std::optional<Stream::Slot>();

  StreamRecord record;
  record.event = !old_item  ? StreamEventName::kInsert
                 : new_item ? StreamEventName::kModify
                            : StreamEventName::kRemove;
  record.view_type = stream.view_type();
  record.creation_ms = stream.NowMillis();
  record.time_to_live = change.time_to_live;
  const Item& any = new_item ? *new_item : *old_item;
  Item keys;
  for (const auto& element : definition.key_schema) {
    auto it = any.find(element.name);
    if (it != any.end()) keys.emplace(it->first, it->second);
  }
  record.size_bytes = static_cast<int64_t>(ItemSize(keys));
  record.keys = item_codec::Encode(keys);
  const StreamViewType view = record.view_type;
  // Images are encoded straight from the write's items: no copy of them is made.
  if (new_item && (view == StreamViewType::kNewImage || view == StreamViewType::kNewAndOldImages)) {
    record.new_image =
        change.new_item_encoded ? *change.new_item_encoded : item_codec::Encode(*new_item);
    record.size_bytes += static_cast<int64_t>(ItemSize(*new_item));
  }
  if (old_item && (view == StreamViewType::kOldImage || view == StreamViewType::kNewAndOldImages)) {
    record.old_image = item_codec::Encode(*old_item);
    record.size_bytes += static_cast<int64_t>(ItemSize(*old_item));
  }

  MT_ASSIGN_OR_RETURN(slot, stream.Reserve(key_codec::HashOfKey(change.table_key), partitions));
  if (!slot) return slot;  // disabled meanwhile
  batch.Put(storage.streams(), RecordKey(stream.id(), slot->shard, slot->sequence),
            EncodeRecord(record));
  return slot;
}

}  // namespace monotable::streams
