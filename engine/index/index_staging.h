#pragma once
// Staging an item write's secondary index changes into the write's RocksDB WriteBatch,
// with the index statistics and the item collection's size. Thread-safe for distinct
// batches; the caller holds the item's lock.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/format/stats_record.h"
#include "engine/index/index_entries.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace rocksdb {
class WriteBatch;
}

namespace monotable {

// Index statistics deltas gathered over several items' changes, by statistics key
// (LiveIndex::stats_key), so that a batch of many items merges each index's record once.
using IndexStatsDeltas = std::vector<std::pair<std::string, StatsDelta>>;

// Item collection size changes staged earlier in the same WriteBatch, by collection key
// (the catalog's 'c' record). Two writes of one batch may share a collection (different
// sort keys, one partition key): the later one adds the earlier ones' changes to the
// size it reads, so that sizes and the 10 GB check come out as if each write had been
// committed on its own, in staging order.
using ItemCollectionDeltas = std::vector<std::pair<std::string, int64_t>>;

// Stages into `batch` the index changes of one base-item write (old -> new image;
// nullopt: absent) and the matching statistics deltas, for every CREATING or ACTIVE
// index of `layout`; with `stats`, the deltas are added there for the caller to merge
// instead. Must be called under the item's lock, with the layout read under
// it. When `layout` has LSIs it also tracks the size of the item's collection, counting
// the changes in `collections` (when given) and adding this one there. Errors:
// CheckIndexKeyValues's on the new image, for each index of `layout` that is not
// backfilling (nothing is staged then); with `touches`, each GSI partition an entry is
// deleted from or written to is added there (for GSI lag, storage.h's IndexTouch;
// own_lag left empty for the caller);
// kItemCollectionSizeLimitExceeded "Collection size exceeded." (a write that grows a
// collection past 10 GB); kInternal (I/O).
Result<IndexWrites> StageIndexEntries(const Storage& storage, const TableLayout& layout,
                                      std::string_view table_key,
                                      const std::optional<Item>& old_item,
                                      const std::optional<Item>& new_item,
                                      rocksdb::WriteBatch& batch, IndexStatsDeltas* stats = nullptr,
                                      ItemCollectionDeltas* collections = nullptr,
                                      std::vector<IndexTouch>* touches = nullptr);

}  // namespace monotable
