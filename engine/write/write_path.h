#pragma once
// WritePath: a single-item write. Under the item's lock it reads the old image, lets
// the caller compute the new one (evaluating conditions), and commits the change (the
// item, its secondary index entries and the statistics) in one WriteBatch staged by
// ItemBatch, which transactions share. Thread-safe.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/index/index_entries.h"
#include "engine/lock/lock_table.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"
#include "engine/write/item_batch.h"

namespace monotable {

struct WriteOutcome {
  std::optional<Item> old_item;  // before the write; nullopt when there was none
  std::optional<Item> new_item;  // after the write; nullopt when deleted or absent
  IndexWrites index_writes;      // the secondary index entries the write changed
  ImageSizes sizes;              // of old_item and new_item
};

// Given the old image, returns the new one (nullopt: delete the item), or an error
// that aborts the write with nothing written (e.g. ConditionalCheckFailed).
using ComputeNewImage =
    std::function<Result<std::optional<Item>>(const std::optional<Item>& old_item)>;

class WritePath {
 public:
  WritePath(Storage* storage, LockTable* locks) : storage_(storage), locks_(locks) {}

  // What a write does when an in-flight transaction holds the item.
  enum class OnTransaction {
    kFail,  // TransactionConflictException, as DynamoDB answers a single-item write
    kWait,  // wait for the transaction to finish (BatchWriteItem's unconditional writes)
  };

  // What the caller needs of the old image.
  enum class OldImage {
    kFull,  // its attributes: a condition, ReturnValues, an update's operands
    // Only whether it exists: an unconditional Put or Delete that returns nothing. When
    // the table needs no more either (TableWriteState::ReadsOldImage: no index, TTL,
    // change history or stream), the old item is not decoded: `compute` and the outcome
    // then get an empty Item for a present one, and the sizes stay exact (from the
    // stored header). This saves the decode and the freeing of the old item's maps.
    kPresence,
  };

  // Errors: whatever `compute` returns; kTransactionConflict ("Transaction is ongoing
  // for the item") with OnTransaction::kFail; kInternal on I/O failure.
  Result<WriteOutcome> Apply(Table& table, const std::string& key, const ComputeNewImage& compute,
                             OnTransaction on_transaction = OnTransaction::kFail,
                             ChangeOrigin origin = ChangeOrigin::kUser,
                             OldImage old_image = OldImage::kFull);

  // Apply for many items of one table, for background jobs (the TTL sweeper): each item
  // is read under its lock and `compute` decides its new image, as in Apply, but up to
  // kItemsPerBatch items are locked, read (one MultiGet) and committed together in one
  // ItemBatch, saving a read and a write per item. Each lock is taken with try_lock: on
  // contention the batch ends before that item, and a batch's first item is waited for
  // with nothing held, so it cannot deadlock with writers or transactions (an item held
  // by a transaction is waited for, then read afresh). `keys` must be distinct; an item
  // collection's 10 GB check sees the sizes committed before the batch (the sweeper only
  // shrinks collections). Returns one Status per key: Ok when its change was committed,
  // else what `compute` or staging returned for it. Errors (of the call): kInternal on
  // I/O failure; batches committed before it stay committed.
  Result<std::vector<Status>> ApplyEach(Table& table, const std::vector<std::string>& keys,
                                        const ComputeNewImage& compute, ChangeOrigin origin);
  static constexpr size_t kItemsPerBatch = 64;

 private:
  Storage* storage_;
  LockTable* locks_;
};

}  // namespace monotable
