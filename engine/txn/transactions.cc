#include "engine/txn/transactions.h"

#include <algorithm>

#include "engine/base/transaction_errors.h"
#include "engine/read/project_item.h"
#include "engine/storage/stored_items.h"
#include "engine/write/item_batch.h"
#include "engine/write/item_changes.h"
#include "engine/write/write_capacity.h"
#include "engine/write/write_touches.h"

namespace monotable {
namespace {

using Kind = TransactWriteAction::Kind;

// The new image of one action given the old one (the old one unchanged for a
// ConditionCheck). Errors: as CheckCondition and UpdatedImage.
Result<std::optional<Item>> NewImage(const PlannedTransactWrite& write,
                                     const std::optional<Item>& old) {
  const TransactWriteAction& action = *write.action;
  MT_RETURN_IF_ERROR(CheckCondition(action.condition, old));
  switch (action.kind) {
    case Kind::kPut: return std::optional<Item>(action.item);
    case Kind::kDelete: return std::optional<Item>();
    case Kind::kConditionCheck: return old;
    case Kind::kUpdate: {
      auto definition = write.table->definition();
      auto key_names = KeyAttributeNames(*definition);
      return UpdatedImage(action.update, action.item, old, key_names);
    }
  }
  return Status::Internal("unknown transaction action");
}

// --log-requests: one action's item (a ConditionCheck reads it) with its size (a write:
// the larger of its images) and the units `consumed` holds for its table, then a
// write's GSI entries, transactional (twice) as its units are.
void RecordAction(ItemTouches& touches, const PlannedTransactWrite& write,
                  const std::optional<Item>& old_item, const std::optional<Item>& new_item,
                  const IndexWrites& index_writes, const ConsumedCapacity& consumed) {
  const bool check = write.action->kind == Kind::kConditionCheck;
  const size_t old_size = old_item ? ItemSize(*old_item) : 0;
  const auto definition = write.table->definition();  // held while Record reads it
  if (check) {
    touches.Record(*definition, write.action->item, false, old_size, consumed.table.write_units);
    return;
  }
  const size_t new_size = new_item ? ItemSize(*new_item) : 0;
  RecordWrite(touches, *definition,
              {write.action->item, old_item, new_item, index_writes, std::max(old_size, new_size),
               consumed.table.write_units, /*index_factor=*/2});
}

// A snapshot released when the read is done.
class ScopedSnapshot {
 public:
  explicit ScopedSnapshot(rocksdb::DB* db) : db_(db), snapshot_(db->GetSnapshot()) {}
  ~ScopedSnapshot() { db_->ReleaseSnapshot(snapshot_); }
  ScopedSnapshot(const ScopedSnapshot&) = delete;
  ScopedSnapshot& operator=(const ScopedSnapshot&) = delete;
  const rocksdb::Snapshot* get() const { return snapshot_; }

 private:
  rocksdb::DB* db_;
  const rocksdb::Snapshot* snapshot_;
};

}  // namespace

Result<std::vector<ConsumedCapacity>> Transactions::Write(
    const std::vector<PlannedTransactWrite>& writes, ItemTouches* touches) {
  std::vector<LockTable::ItemId> items;
  items.reserve(writes.size());
  for (const auto& w : writes) items.push_back(LockTable::IdOf(w.table->family()->GetID(), w.key));
  auto lock = locks_->LockTransaction(items);
  std::vector<CancellationReason> reasons(writes.size(), NoReason());
  if (!lock.guard) {
    for (size_t i = 0; i < writes.size(); ++i) {
      if (lock.conflicting[i]) reasons[i] = ConflictReason();
    }
    return TransactionCanceled(std::move(reasons));
  }
  // Every action is evaluated, so that the reasons report every failed condition (as
  // DynamoDB does), before anything is written.
  std::vector<std::optional<Item>> old_items(writes.size());
  std::vector<std::optional<Item>> new_items(writes.size());
  bool cancelled = false;
  for (size_t i = 0; i < writes.size(); ++i) {
    MT_ASSIGN_OR_RETURN(old_item, ReadStoredItem(*storage_, *writes[i].table, writes[i].key));
    auto new_item = NewImage(writes[i], old_item);
    if (!new_item.ok()) {
      auto reason = ReasonFor(new_item.status());
      if (!reason) return new_item.status();
      reasons[i] = std::move(*reason);
      cancelled = true;
      continue;
    }
    old_items[i] = std::move(old_item);
    new_items[i] = std::move(*new_item);
  }
  if (cancelled) return TransactionCanceled(std::move(reasons));
  ItemBatch batch(*storage_);
  std::vector<ConsumedCapacity> consumed;
  ItemTouches recorded;  // --log-requests: handed over once committed
  for (size_t i = 0; i < writes.size(); ++i) {
    IndexWrites index_writes;
    if (writes[i].action->kind != Kind::kConditionCheck) {
      // An index key of the wrong type fails the whole request, before anything is
      // written.
      auto staged = batch.Stage(*writes[i].table, writes[i].key, old_items[i], new_items[i]);
      if (!staged.ok()) return staged.status();
      index_writes = std::move(*staged);
    }
    const ConsumedCapacity action = capacity::Transactional(
        capacity::ForWrite(writes[i].action->table_name, old_items[i], new_items[i], index_writes));
    if (touches != nullptr) {
      RecordAction(recorded, writes[i], old_items[i], new_items[i], index_writes, action);
    }
    capacity::AddPerTable(consumed, action);
  }
  MT_RETURN_IF_ERROR(batch.Commit());
  if (touches != nullptr) {
    for (const ItemTouch& touch : recorded.items()) touches->Add(touch);
  }
  return consumed;
}

Result<TransactGetResult> Transactions::Read(const std::vector<PlannedTransactGet>& gets,
                                             ItemTouches* touches) {
  ScopedSnapshot snapshot(storage_->db());
  TransactGetResult result;
  result.items.reserve(gets.size());
  for (const auto& g : gets) {
    MT_ASSIGN_OR_RETURN(item, ReadStoredEncodedItem(*storage_, *g.table, g.key, snapshot.get()));
    size_t size = 0;  // a missing item costs as an empty one
    if (item) {
      MT_ASSIGN_OR_RETURN(stored_size, item_codec::EncodedItemSize(*item));
      size = stored_size;
      MT_ASSIGN_OR_RETURN(returned, ProjectEncodedItem(std::move(*item), g.get->projection));
      *item = std::move(returned);
    }
    ConsumedCapacity read;
    read.table_name = g.get->table_name;
    read.table.read_units = capacity::ReadUnits(size, /*consistent=*/true);
    read = capacity::Transactional(std::move(read));
    if (touches != nullptr) {
      const auto definition = g.table->definition();  // held while Record reads it
      touches->Record(*definition, g.get->key, false, size, read.table.read_units);
    }
    capacity::AddPerTable(result.consumed, read);
    result.items.push_back(std::move(item));
  }
  return result;
}

}  // namespace monotable
