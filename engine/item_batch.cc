#include "engine/item_batch.h"

#include "engine/item_codec.h"

namespace monotable {

void ItemBatch::Stage(Table& table, const std::string& key, const std::optional<Item>& old_item,
                      const std::optional<Item>& new_item) {
  if (!old_item && !new_item) return;  // deleting nothing writes nothing
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
}

Status ItemBatch::Commit(Storage& storage) {
  if (deltas_.empty()) return Status::Ok();
  for (const auto& [table, delta] : deltas_) {
    batch_.Merge(storage.catalog(), table->stats_key(), EncodeStats(delta));
  }
  MT_RETURN_IF_ERROR(storage.Write(&batch_));
  for (const auto& [table, delta] : deltas_) table->AddStats(delta);
  return Status::Ok();
}

}  // namespace monotable
