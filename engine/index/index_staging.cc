#include "engine/index/index_staging.h"

#include <rocksdb/write_batch.h>

#include <algorithm>

#include "engine/base/limits.h"
#include "engine/format/item_codec.h"
#include "engine/format/key_codec.h"
#include "engine/format/stats_record.h"
#include "engine/schema/key_validation.h"
#include "engine/storage/rocks_status.h"

namespace monotable {
namespace {

// Whether the entry `key` exists in the index (only asked while it backfills, when
// an old image may predate the index and so have no entry yet).
Result<bool> EntryExists(const Storage& storage, const LiveIndex& index, const std::string& key) {
  rocksdb::PinnableSlice value;
  rocksdb::Status s = storage.db()->Get(storage.read_options(), index.family.get(), key, &value);
  if (s.IsNotFound()) return false;
  if (!s.ok()) return FromRocks(s, "reading an index entry");
  return true;
}

int64_t SizeOf(const std::optional<IndexEntry>& entry) {
  return entry ? static_cast<int64_t>(ItemSize(entry->projected())) : 0;
}

// Stages the size change of the item's collection and reports its new size (with the
// changes of `collections` staged before it); refuses a write that would grow it past
// DynamoDB's limit.
Result<ItemCollectionSize> StageItemCollectionSize(const Storage& storage,
                                                   const TableDefinition& table,
                                                   const Item& any_image, int64_t delta_bytes,
                                                   rocksdb::WriteBatch& batch,
                                                   ItemCollectionDeltas* collections) {
  const auto& hash = *any_image.find(table.hash_key());
  std::string key = ItemCollectionKey(table, hash.second);
  std::string value;
  rocksdb::Status s = storage.db()->Get(storage.read_options(), storage.catalog(), key, &value);
  if (!s.ok() && !s.IsNotFound()) return FromRocks(s, "reading an item collection's size");
  int64_t* staged = nullptr;
  if (collections) {
    auto it = std::find_if(collections->begin(), collections->end(),
                           [&](const auto& entry) { return entry.first == key; });
    if (it != collections->end()) staged = &it->second;
  }
  const int64_t before = (s.ok() ? DecodeStats(value).bytes : 0) + (staged ? *staged : 0);
  const int64_t bytes = before + delta_bytes;
  if (delta_bytes > 0 && bytes > limits::kMaxItemCollectionBytes) {
    return Status(ErrorCode::kItemCollectionSizeLimitExceeded, "Collection size exceeded.");
  }
  if (delta_bytes != 0) {
    batch.Merge(storage.catalog(), key, EncodeStats({0, delta_bytes}));
    if (staged) {
      *staged += delta_bytes;
    } else if (collections) {
      collections->emplace_back(std::move(key), delta_bytes);
    }
  }
  return ItemCollectionSize{{{hash.first, hash.second}}, bytes};
}

}  // namespace

Result<IndexWrites> StageIndexEntries(const Storage& storage, const TableLayout& layout,
                                      std::string_view table_key,
                                      const std::optional<Item>& old_item,
                                      const std::optional<Item>& new_item,
                                      rocksdb::WriteBatch& batch, IndexStatsDeltas* stats,
                                      ItemCollectionDeltas* collections,
                                      std::vector<IndexTouch>* touches) {
  const TableDefinition& table = *layout.definition;
  // The indexes of this layout only (a backfill stages one index: an item out of another
  // index, as that one's backfill left it, still goes into this one). An index still
  // backfilling takes an item that violates its key by leaving it out, as its backfill
  // does (schema/key_validation.h).
  if (new_item) {
    for (const LiveIndex& index : layout.indexes) {
      if (!index.definition->backfilling) {
        MT_RETURN_IF_ERROR(CheckIndexKeyValues(table, *index.definition, *new_item));
      }
    }
  }
  IndexWrites writes;
  // (A backfill stages one GSI alone: not an item's write, so no collection change.)
  const bool has_local = std::any_of(layout.indexes.begin(), layout.indexes.end(),
                                     [](const LiveIndex& index) { return !index.global; });
  // The item and its LSI entries count towards its collection's size (only tables with
  // an LSI have collections: the others skip walking both images for their sizes).
  int64_t collection_delta = 0;
  if (has_local) {
    collection_delta = (new_item ? static_cast<int64_t>(ItemSize(*new_item)) : 0) -
                       (old_item ? static_cast<int64_t>(ItemSize(*old_item)) : 0);
  }
  for (const LiveIndex& index : layout.indexes) {
    const SecondaryIndexDefinition& definition = *index.definition;
    std::optional<IndexEntry> old_entry =
        old_item ? EntryFor(table, definition, table_key, *old_item) : std::nullopt;
    std::optional<IndexEntry> new_entry =
        new_item ? EntryFor(table, definition, table_key, *new_item) : std::nullopt;
    if (old_entry && definition.backfilling) {
      MT_ASSIGN_OR_RETURN(exists, EntryExists(storage, index, old_entry->key));
      if (!exists) old_entry.reset();  // written before the index: the backfill's to add
    }
    if (!index.global) collection_delta += SizeOf(new_entry) - SizeOf(old_entry);
    if (!old_entry && !new_entry) continue;
    const bool same_key = old_entry && new_entry && old_entry->key == new_entry->key;
    if (same_key && old_entry->projected() == new_entry->projected()) continue;

    IndexEntryChange change{definition.name, index.global, std::nullopt, std::nullopt};
    StatsDelta delta;
    if (old_entry) {
      const auto size = static_cast<int64_t>(ItemSize(old_entry->projected()));
      if (!same_key) batch.Delete(index.family.get(), old_entry->key);
      change.deleted_bytes = size;
      delta.items -= 1;
      delta.bytes -= size;
    }
    if (new_entry) {
      const auto size = static_cast<int64_t>(ItemSize(new_entry->projected()));
      batch.Put(index.family.get(), new_entry->key, item_codec::Encode(new_entry->projected()));
      change.put_bytes = size;
      delta.items += 1;
      delta.bytes += size;
    }
    if (same_key) change.deleted_bytes.reset();  // rewritten in place
    if (touches != nullptr && index.global) {
      const uint32_t family_id = index.family->GetID();
      if (old_entry && !same_key) {
        touches->push_back({family_id, key_codec::HashOfKey(old_entry->key), std::nullopt});
      }
      if (new_entry) {
        touches->push_back({family_id, key_codec::HashOfKey(new_entry->key), std::nullopt});
      }
    }
    if (stats == nullptr) {
      batch.Merge(storage.catalog(), index.stats_key, EncodeStats(delta));
    } else {
      auto it = std::find_if(stats->begin(), stats->end(),
                             [&](const auto& entry) { return entry.first == index.stats_key; });
      if (it == stats->end()) it = stats->insert(stats->end(), {index.stats_key, StatsDelta{}});
      it->second.items += delta.items;
      it->second.bytes += delta.bytes;
    }
    writes.changes.push_back(std::move(change));
  }
  if (has_local) {
    MT_ASSIGN_OR_RETURN(collection,
                        StageItemCollectionSize(storage, table, new_item ? *new_item : *old_item,
                                                collection_delta, batch, collections));
    writes.item_collection = std::move(collection);
  }
  return writes;
}

}  // namespace monotable
