#include "engine/write_path.h"

#include <rocksdb/write_batch.h>

#include "engine/indexes.h"
#include "engine/item_codec.h"
#include "engine/read_path.h"
#include "engine/stats_merge.h"

namespace monotable {

Result<WriteOutcome> WritePath::Apply(Table& table, const std::string& key,
                                      const ComputeNewImage& compute) {
  WriteOutcome outcome;
  StatsDelta delta;
  {
    std::lock_guard lock(locks_->For(table.family()->GetID(), key));
    MT_ASSIGN_OR_RETURN(old_item, ReadStoredItem(*storage_, table, key));
    MT_ASSIGN_OR_RETURN(new_item, compute(old_item));
    if (!old_item && !new_item) return outcome;  // deleting nothing writes nothing
    const int64_t old_size = old_item ? static_cast<int64_t>(ItemSize(*old_item)) : 0;
    const int64_t new_size = new_item ? static_cast<int64_t>(ItemSize(*new_item)) : 0;
    delta.items = (new_item ? 1 : 0) - (old_item ? 1 : 0);
    delta.bytes = new_size - old_size;
    rocksdb::WriteBatch batch;
    if (new_item) {
      batch.Put(table.family(), key, item_codec::Encode(*new_item));
    } else {
      batch.Delete(table.family(), key);
    }
    MT_ASSIGN_OR_RETURN(index_writes, StageIndexEntries(*storage_, *table.layout(), key,
                                                        old_item, new_item, batch));
    batch.Merge(storage_->catalog(), table.stats_key(), EncodeStats(delta));
    MT_RETURN_IF_ERROR(storage_->Write(&batch));
    outcome.old_item = std::move(old_item);
    outcome.new_item = std::move(new_item);
    outcome.index_writes = std::move(index_writes);
  }
  table.AddStats(delta);
  return outcome;
}

}  // namespace monotable
