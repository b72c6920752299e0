#include "engine/write/write_path.h"

#include "engine/base/transaction_errors.h"
#include "engine/read/stored_item_reader.h"
#include "engine/write/item_batch.h"

namespace monotable {

Result<WriteOutcome> WritePath::Apply(Table& table, const std::string& key,
                                      const ComputeNewImage& compute, OnTransaction on_transaction,
                                      ChangeOrigin origin) {
  auto lock = locks_->LockItem(LockTable::IdOf(table.family()->GetID(), key),
                               on_transaction == OnTransaction::kFail);
  if (!lock) return Status(ErrorCode::kTransactionConflict, kTransactionOngoing);
  MT_ASSIGN_OR_RETURN(old_item, ReadStoredItem(*storage_, table, key));
  MT_ASSIGN_OR_RETURN(new_item, compute(old_item));
  ItemBatch batch(*storage_, origin);
  MT_ASSIGN_OR_RETURN(index_writes, batch.Stage(table, key, old_item, new_item));
  MT_RETURN_IF_ERROR(batch.Commit());
  WriteOutcome outcome;
  outcome.old_item = std::move(old_item);
  outcome.new_item = std::move(new_item);
  outcome.index_writes = std::move(index_writes);
  return outcome;
}

}  // namespace monotable
