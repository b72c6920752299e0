#pragma once
// Transactions: executes TransactWriteItems and TransactGetItems whose actions have been
// resolved to tables and validated keys (txn/transact_items.h plans them).
//
// Isolation model. A write transaction locks the stripes of all its keys (LockTable:
// distinct stripes, ascending order, so it can deadlock neither with another
// transaction nor with single-item writes), reads every old image under those locks,
// evaluates every action, and commits all changes in ONE RocksDB WriteBatch through
// ItemBatch, so a crash leaves all or nothing and a reader sees all or nothing.
// Transactions are therefore serialisable with respect to each other and to
// single-item writes (which take the same stripe locks): no lost update.
// As in DynamoDB, contention on an item is reported rather than waited for: a
// transaction that finds one of its items held by another in-flight transaction is
// cancelled with a TransactionConflict reason for that item (None for the others), and
// a single-item write to an item an in-flight transaction holds fails with
// TransactionConflictException. A busy lock stripe for any other reason (another item
// hashing to the same stripe, a single-item write in progress) is waited for: see
// LockTable. Clients retry conflicts, as DynamoDB's SDKs do.
// TransactGetItems reads all its items from one RocksDB snapshot without locks, so it
// never sees part of a transaction and never conflicts (a stricter-than-needed but
// valid serialisation point: the snapshot's).
// Thread-safe.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/lock/lock_table.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace monotable {

// One action of a write transaction, with its table resolved and its key encoded.
struct PlannedTransactWrite {
  const TransactWriteAction* action;
  std::shared_ptr<Table> table;
  std::string key;
};

// One Get of TransactGetItems, resolved.
struct PlannedTransactGet {
  const TransactGetRequest::Get* get;
  std::shared_ptr<Table> table;
  std::string key;
};

class Transactions {
 public:
  Transactions(Storage* storage, LockTable* locks) : storage_(storage), locks_(locks) {}

  // Applies all actions or none. Errors: kTransactionCanceled with one reason per
  // action (ConditionalCheckFailed, ValidationError, TransactionConflict, else None);
  // kInternal. Returns the capacity consumed per table (transactional: twice the
  // units of the same writes; a ConditionCheck costs as a write of its item). With
  // `touches` (--log-requests), once committed, each action's item is recorded there
  // (a ConditionCheck as a read of it) with its size (a write: the larger of its old
  // and new image) and the units it consumed on its table; a cancelled transaction
  // records nothing.
  Result<std::vector<ConsumedCapacity>> Write(const std::vector<PlannedTransactWrite>& writes,
                                              ItemTouches* touches = nullptr);

  // The items (projected), from one snapshot. With `touches`, each Get's item is
  // recorded there with its size and units. Errors: kInternal.
  Result<TransactGetResult> Read(const std::vector<PlannedTransactGet>& gets,
                                 ItemTouches* touches = nullptr);

 private:
  Storage* storage_;
  LockTable* locks_;
};

}  // namespace monotable
