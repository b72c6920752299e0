#include "engine/write/write_path.h"

#include <algorithm>
#include <mutex>

#include "engine/base/transaction_errors.h"
#include "engine/storage/stored_items.h"
#include "engine/write/item_batch.h"

namespace monotable {

Result<WriteOutcome> WritePath::Apply(Table& table, const std::string& key,
                                      const ComputeNewImage& compute, OnTransaction on_transaction,
                                      ChangeOrigin origin, OldImage old_image) {
  auto lock = locks_->LockItem(LockTable::IdOf(table.family()->GetID(), key),
                               on_transaction == OnTransaction::kFail);
  if (!lock) return Status(ErrorCode::kTransactionConflict, kTransactionOngoing);
  WriteOutcome outcome;
  // Read under the lock: an index, TTL, history or stream enabled after this write
  // decided what to read is staged by the writes after it (an index or expiry backfill
  // takes this item's lock, so it cannot have entries of this item from before).
  const TableWriteState state = TableWriteState::Of(table);
  std::optional<Item> old_item;
  if (old_image == OldImage::kFull || state.ReadsOldImage()) {
    MT_ASSIGN_OR_RETURN(full,
                        ReadStoredItem(*storage_, table, key, nullptr, &outcome.sizes.old_size));
    old_item = std::move(full);
  } else {
    MT_ASSIGN_OR_RETURN(size, ReadStoredItemSize(*storage_, table, key));
    if (size) {
      old_item.emplace();
      outcome.sizes.old_size = *size;
    }
  }
  MT_ASSIGN_OR_RETURN(new_item, compute(old_item));
  if (new_item) outcome.sizes.new_size = ItemSize(*new_item);
  ItemBatch batch(*storage_, origin);
  MT_ASSIGN_OR_RETURN(index_writes,
                      batch.Stage(table, key, old_item, new_item, &outcome.sizes, &state));
  MT_RETURN_IF_ERROR(batch.Commit());
  outcome.old_item = std::move(old_item);
  outcome.new_item = std::move(new_item);
  outcome.index_writes = std::move(index_writes);
  return outcome;
}

namespace {

// The stripe locks of one batch, released on destruction (also when an exception
// unwinds).
class HeldStripes {
 public:
  ~HeldStripes() { Release(); }
  bool Holds(const std::mutex* m) const {
    return std::find(held_.begin(), held_.end(), m) != held_.end();
  }
  void Add(std::mutex* m) { held_.push_back(m); }
  void Release() {
    for (std::mutex* m : held_) m->unlock();
    held_.clear();
  }

 private:
  std::vector<std::mutex*> held_;
};

}  // namespace

Result<std::vector<Result<WriteOutcome>>> WritePath::StageLocked(
    std::span<const BatchedWrite> writes, const ComputeNewImageAt& compute, OldImage old_image,
    ItemBatch& batch) {
  // Each table's state, read under the locks as Apply reads it (a batch mostly writes
  // one table, so once), decides what is read of the old images and what is staged.
  std::vector<std::pair<const Table*, TableWriteState>> states;
  std::vector<size_t> state_of(writes.size());
  std::vector<StoredItemRead> reads;
  reads.reserve(writes.size());
  for (size_t i = 0; i < writes.size(); ++i) {
    const Table& table = writes[i].table;
    size_t s = 0;
    while (s < states.size() && states[s].first != &table) ++s;
    if (s == states.size()) states.emplace_back(&table, TableWriteState::Of(table));
    state_of[i] = s;
    const bool decode = old_image == OldImage::kFull || states[s].second.ReadsOldImage();
    reads.push_back({&table, writes[i].key, decode});
  }
  MT_ASSIGN_OR_RETURN(images, ReadStoredImages(*storage_, reads));
  std::vector<Result<WriteOutcome>> outcomes;
  outcomes.reserve(writes.size());
  for (size_t i = 0; i < writes.size(); ++i) {
    WriteOutcome outcome;
    std::optional<Item> old_item;
    if (images[i].present) {
      old_item = std::move(images[i].item);  // empty when only its presence was read
      outcome.sizes.old_size = images[i].size;
    }
    auto new_item = compute(i, old_item);
    if (!new_item.ok()) {
      outcomes.emplace_back(new_item.status());
      continue;
    }
    if (*new_item) outcome.sizes.new_size = ItemSize(**new_item);
    MT_ASSIGN_OR_RETURN(index_writes,
                        batch.Stage(writes[i].table, writes[i].key, old_item, *new_item,
                                    &outcome.sizes, &states[state_of[i]].second));
    outcome.old_item = std::move(old_item);
    outcome.new_item = std::move(*new_item);
    outcome.index_writes = std::move(index_writes);
    outcomes.emplace_back(std::move(outcome));
  }
  return outcomes;
}

Result<std::vector<Result<WriteOutcome>>> WritePath::ApplyBatch(
    std::span<const BatchedWrite> writes, const ComputeNewImageAt& compute, OldImage old_image) {
  std::vector<LockTable::ItemId> items;
  items.reserve(writes.size());
  for (const BatchedWrite& write : writes) {
    items.push_back(LockTable::IdOf(write.table.family()->GetID(), write.key));
  }
  const LockTable::ItemsGuard held = locks_->LockItems(items);
  ItemBatch batch(*storage_);
  MT_ASSIGN_OR_RETURN(outcomes, StageLocked(writes, compute, old_image, batch));
  MT_RETURN_IF_ERROR(batch.Commit());
  return std::move(outcomes);
}

Result<std::vector<Status>> WritePath::ApplyEach(Table& table, const std::vector<std::string>& keys,
                                                 const ComputeNewImage& compute,
                                                 ChangeOrigin origin) {
  std::vector<Status> results(keys.size(), Status::Ok());
  const uint32_t family_id = table.family()->GetID();
  std::vector<BatchedWrite> writes;
  for (size_t next = 0; next < keys.size();) {
    // Lock as many of the next items as the batch takes, without waiting while holding
    // any: on contention the batch ends there (or, holding nothing yet, waits).
    HeldStripes held;
    const size_t first = next;
    while (next < keys.size() && next - first < kItemsPerBatch) {
      std::mutex& stripe = locks_->StripeMutex(LockTable::IdOf(family_id, keys[next]));
      if (!held.Holds(&stripe)) {
        if (!stripe.try_lock()) {
          if (next > first) break;
          stripe.lock();
        }
        held.Add(&stripe);
      }
      ++next;
    }
    writes.clear();
    for (size_t i = first; i < next; ++i) writes.push_back({table, keys[i]});
    ItemBatch batch(*storage_, origin);
    MT_ASSIGN_OR_RETURN(
        outcomes, StageLocked(
                      writes, [&](size_t, const std::optional<Item>& old) { return compute(old); },
                      OldImage::kFull, batch));
    MT_RETURN_IF_ERROR(batch.Commit());
    for (size_t i = first; i < next; ++i) {
      if (!outcomes[i - first].ok()) results[i] = outcomes[i - first].status();
    }
  }
  return results;
}

}  // namespace monotable
