#pragma once
// ItemBatch: the single place where a change of a base item is written into a RocksDB
// WriteBatch. Single-item writes and transactions both stage their changes here, so
// whatever must accompany an item change (table statistics, secondary index entries,
// the Time to Live expiry entry, stream records) is added in one function and is
// always committed atomically with the item. Not thread-safe: one batch per request.
// A table with an enabled stream gets each change's stream record here too
// (streams/record_staging.h): every write path writes its records by construction.

#include <rocksdb/write_batch.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/format/stats_record.h"
#include "engine/index/index_staging.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"
#include "engine/streams/stream.h"

namespace monotable {

// Who made the changes of a batch: a client's request, or the TTL sweeper deleting an
// expired item. A stream record of a TTL deletion names the service as its identity,
// and such a deletion consumes no capacity.
enum class ChangeOrigin { kUser, kTimeToLive };

// The sizes (ItemSize, DynamoDB's rules) of a change's old and new images, 0 for an
// absent one: computed once per write for its statistics, encoding and capacity.
struct ImageSizes {
  size_t old_size = 0;
  size_t new_size = 0;
};

// What a change is staged against, read from its table once: the layout (indexes and
// TTL), the change history and the stream. A write reads it under the item's lock and
// stages with the same state it decided on.
struct TableWriteState {
  std::shared_ptr<const TableLayout> layout;
  std::shared_ptr<history::ChangeHistory> history;
  std::shared_ptr<streams::Stream> stream;

  static TableWriteState Of(const Table& table);
  // Whether staging a change reads the old image's attributes: for index entries, the
  // expiry entry, the change history or the stream record. When not, only the old
  // image's presence and size matter (the statistics).
  bool ReadsOldImage() const;
};

class ItemBatch {
 public:
  explicit ItemBatch(Storage& storage, ChangeOrigin origin = ChangeOrigin::kUser)
      : storage_(storage), origin_(origin) {}
  ~ItemBatch();
  ItemBatch(const ItemBatch&) = delete;
  ItemBatch& operator=(const ItemBatch&) = delete;

  ChangeOrigin origin() const { return origin_; }

  // Appends the change of the item at `key` from `old_item` to `new_item` (nullopt:
  // absent), its secondary index entries, its expiry entry (TTL-enabled tables), its
  // stream record (when the table has a stream and the change changes something), and
  // accumulates `table`'s statistics delta. Staging "absent -> absent" writes nothing. Must be
  // called under the item's lock; `table` must outlive the batch. `sizes`, when given, must
  // be the images' sizes (else they are computed here). `state`, when given, must be
  // `table`'s, read under the item's lock (else it is read here); when it does not
  // ReadsOldImage(), `old_item` may be an empty Item standing for a present item whose
  // attributes were not read (`sizes` then given). Changes staged in one batch must be
  // of distinct items; an item collection's size counts the changes staged before this
  // one (so two writes to one collection see each other). Returns the index entries
  // changed. Errors: StageIndexEntries's (an index key of the wrong type: kValidation), with
  // nothing of this item staged; kInternal (a stream's shard change could not be persisted).
  Result<IndexWrites> Stage(Table& table, const std::string& key,
                            const std::optional<Item>& old_item,
                            const std::optional<Item>& new_item, const ImageSizes* sizes = nullptr,
                            const TableWriteState* state = nullptr);

  // Writes everything staged (items, index entries, stream records and statistics of
  // every table touched) as one atomic WriteBatch, then updates the tables' in-memory
  // statistics. Errors: kInternal.
  Status Commit();

 private:
  Storage& storage_;
  ChangeOrigin origin_;
  rocksdb::WriteBatch batch_;
  std::vector<std::pair<Table*, StatsDelta>> deltas_;  // one per table, in staging order
  IndexStatsDeltas index_deltas_;                      // one per index, merged at Commit
  ItemCollectionDeltas collection_deltas_;             // staged so far: seen by later writes
  // Sequence numbers taken for the staged stream records: released once the batch is
  // written (or dropped), so that readers see a shard up to them.
  std::vector<std::pair<std::shared_ptr<streams::Stream>, streams::Stream::Slot>> stream_slots_;
  // The GSI partitions the staged changes touch, gathered only while the storage's
  // observer wants them (GSI lag, engine/staleness).
  std::vector<IndexTouch> touches_;
  void ReleaseStreamSlots();
};

}  // namespace monotable
