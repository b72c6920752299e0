#include "engine/write/write_path.h"

#include <algorithm>
#include <mutex>

#include "engine/base/transaction_errors.h"
#include "engine/read/stored_item_reader.h"
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

Result<std::vector<Status>> WritePath::ApplyEach(Table& table, const std::vector<std::string>& keys,
                                                 const ComputeNewImage& compute,
                                                 ChangeOrigin origin) {
  std::vector<Status> results(keys.size(), Status::Ok());
  const uint32_t family_id = table.family()->GetID();
  std::vector<std::string> batch_keys;
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
    batch_keys.assign(keys.begin() + static_cast<std::ptrdiff_t>(first),
                      keys.begin() + static_cast<std::ptrdiff_t>(next));
    MT_ASSIGN_OR_RETURN(old_items, ReadStoredItems(*storage_, table, batch_keys));
    ItemBatch batch(*storage_, origin);
    for (size_t i = first; i < next; ++i) {
      const std::optional<Item>& old_item = old_items[i - first];
      auto new_item = compute(old_item);
      if (!new_item.ok()) {
        results[i] = new_item.status();
        continue;
      }
      auto index_writes = batch.Stage(table, keys[i], old_item, *new_item);
      if (!index_writes.ok()) {
        if (index_writes.status().code() == ErrorCode::kInternal) return index_writes.status();
        results[i] = index_writes.status();
      }
    }
    MT_RETURN_IF_ERROR(batch.Commit());
  }
  return results;
}

}  // namespace monotable
