#include "engine/write/item_batch.h"

#include "engine/admission/table_throughput.h"
#include "engine/format/item_codec.h"
#include "engine/history/change_history.h"
#include "engine/staleness/staleness.h"
#include "engine/streams/record_staging.h"
#include "engine/ttl/expiry_index.h"

namespace monotable {

TableWriteState TableWriteState::Of(const Table& table) {
  return TableWriteState{table.layout(), table.history(), table.stream()};
}

bool TableWriteState::ReadsOldImage() const {
  return !layout->indexes.empty() || ttl::Indexed(*layout->definition) || history || stream;
}

Result<IndexWrites> ItemBatch::Stage(Table& table, const std::string& key,
                                     const std::optional<Item>& old_item,
                                     const std::optional<Item>& new_item, const ImageSizes* sizes,
                                     const TableWriteState* state) {
  if (!old_item && !new_item) return IndexWrites{};  // deleting nothing writes nothing
  const ImageSizes size =
      sizes ? *sizes
            : ImageSizes{old_item ? ItemSize(*old_item) : 0, new_item ? ItemSize(*new_item) : 0};
  const TableWriteState read_here = state ? TableWriteState{} : TableWriteState::Of(table);
  const TableWriteState& table_state = state ? *state : read_here;
  // Index entries first: on an index key error nothing of this item is staged.
  const std::shared_ptr<const TableLayout>& layout = table_state.layout;
  const size_t touched_before = touches_.size();
  MT_ASSIGN_OR_RETURN(
      index_writes,
      StageIndexEntries(storage_, *layout, key, old_item, new_item, batch_, &index_deltas_,
                        &collection_deltas_, storage_.WantsIndexTouches() ? &touches_ : nullptr));
  if (touches_.size() > touched_before) {
    // The table's own GSI lag (its tag) goes with its writes.
    const auto own = staleness::OwnDelay(*layout->definition, staleness::kGsiLagTag);
    for (size_t i = touched_before; i < touches_.size(); ++i) touches_[i].own_lag = own;
  }
  // The expiry index (Time to Live) follows the item in the same batch.
  ttl::StageExpiryEntry(storage_, *layout->definition, key, old_item, new_item, batch_);
  // Point-in-time recovery: the image before the change goes to the table's history.
  if (const auto& change_history = table_state.history) {
    history::StageChange(*change_history, storage_, key, old_item, batch_);
  }
  // The new item is encoded once, for its Put and for its stream record.
  const std::string encoded =
      new_item ? item_codec::Encode(*new_item, size.new_size) : std::string();
  if (std::shared_ptr<streams::Stream> stream = table_state.stream) {
    const auto throughput = table.throughput();
    streams::ItemChange change{key, old_item, new_item, origin_ == ChangeOrigin::kTimeToLive};
    if (new_item) change.new_item_encoded = &encoded;
    MT_ASSIGN_OR_RETURN(
        slot, streams::StageRecord(*stream, storage_, *layout->definition,
                                   throughput ? throughput->table.get() : nullptr, change, batch_));
    if (slot) stream_slots_.emplace_back(std::move(stream), *slot);
  }
  if (new_item) {
    batch_.Put(table.family(), key, encoded);
  } else {
    batch_.Delete(table.family(), key);
  }
  StatsDelta* delta = nullptr;
  for (auto& [t, d] : deltas_) {
    if (t == &table) delta = &d;
  }
  if (!delta) delta = &deltas_.emplace_back(&table, StatsDelta{}).second;
  delta->items += (new_item ? 1 : 0) - (old_item ? 1 : 0);
  delta->bytes += static_cast<int64_t>(size.new_size) - static_cast<int64_t>(size.old_size);
  return index_writes;
}

ItemBatch::~ItemBatch() { ReleaseStreamSlots(); }

void ItemBatch::ReleaseStreamSlots() {
  for (const auto& [stream, slot] : stream_slots_) stream->Release(slot);
  stream_slots_.clear();
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
  Status written = storage_.Write(&batch_, touches_);
  ReleaseStreamSlots();
  MT_RETURN_IF_ERROR(written);
  for (const auto& [table, delta] : deltas_) table->AddStats(delta);
  return Status::Ok();
}

}  // namespace monotable
