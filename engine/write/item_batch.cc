#include "engine/write/item_batch.h"

#include "engine/format/item_codec.h"
#include "engine/ttl/expiry_index.h"

namespace monotable {

Result<IndexWrites> ItemBatch::Stage(Table& table, const std::string& key,
                                     const std::optional<Item>& old_item,
                                     const std::optional<Item>& new_item) {
  if (!old_item && !new_item) return IndexWrites{};  // deleting nothing writes nothing
  // Index entries first: on an index key error nothing of this item is staged.
  const std::shared_ptr<const TableLayout> layout = table.layout();
  MT_ASSIGN_OR_RETURN(index_writes, StageIndexEntries(storage_, *layout, key, old_item, new_item,
                                                      batch_, &index_deltas_));
  // The expiry index (Time to Live) follows the item in the same batch.
  ttl::StageExpiryEntry(storage_, *layout->definition, key, old_item, new_item, batch_);
  if (new_item) {
    batch_.Put(table.family(), key, item_codec::Encode(*new_item));
  } else {
    batch_.Delete(table.family(), key);
  }
  StatsDelta* delta = nullptr;
  for (auto& [t, d] : deltas_) {
    if (t == &table) delta = &d;
  }
  if (!delta) delta = &deltas_.emplace_back(&table, StatsDelta{}).second;
  const int64_t old_size = old_item ? static_cast<int64_t>(ItemSize(*old_item)) : 0;
  const int64_t new_size = new_item ? static_cast<int64_t>(ItemSize(*new_item)) : 0;
  delta->items += (new_item ? 1 : 0) - (old_item ? 1 : 0);
  delta->bytes += new_size - old_size;
  return index_writes;
}

Status ItemBatch::Commit() {
  if (deltas_.empty()) return Status::Ok();
  for (const auto& [table, delta] : deltas_) {
    batch_.Merge(storage_.catalog(), table->stats_key(), EncodeStats(delta));
  }
  for (const auto& [stats_key, delta] : index_deltas_) {
    if (delta.items != 0 || delta.bytes != 0) {
      batch_.Merge(storage_.catalog(), stats_key, EncodeStats(delta));
    }
  }
  MT_RETURN_IF_ERROR(storage_.Write(&batch_));
  for (const auto& [table, delta] : deltas_) table->AddStats(delta);
  return Status::Ok();
}

}  // namespace monotable
