#pragma once
// WritePath: a single-item write. Under the item's lock it reads the old image, lets
// the caller compute the new one (evaluating conditions), and commits the change (the
// item, its secondary index entries and the statistics) in one WriteBatch staged by
// ItemBatch, which transactions share. ApplyBatch does the same for the writes of one
// BatchWriteItem together, and ApplyEach for a background job's items. Thread-safe.

#include <functional>
#include <optional>
#include <span>
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
  // by a transaction is waited for, then read afresh). `keys` must be distinct. Returns
  // one Status per key: Ok when its change was committed, else what `compute` returned
  // for it. Errors (of the call): a staging error (ItemBatch::Stage's) with nothing of
  // that batch written, kInternal on I/O failure; batches committed before stay
  // committed.
  Result<std::vector<Status>> ApplyEach(Table& table, const std::vector<std::string>& keys,
                                        const ComputeNewImage& compute, ChangeOrigin origin);
  static constexpr size_t kItemsPerBatch = 64;

  // One write of ApplyBatch: the item at `key` of `table` (both outliving the call).
  struct BatchedWrite {
    Table& table;
    const std::string& key;
  };
  // Given the index of a write in the batch and its old image, returns its new image
  // (nullopt: delete the item), or an error that leaves this write out of the batch.
  using ComputeNewImageAt =
      std::function<Result<std::optional<Item>>(size_t write, const std::optional<Item>& old_item)>;

  // The writes of one request (BatchWriteItem) as one RocksDB write: the locks of all
  // their items are taken first (LockTable::LockItems: ascending stripes, waiting, also
  // for an item an in-flight transaction holds) and held until the commit; the old
  // images are read with one MultiGet, `compute` is called for each write in order, and
  // every change is committed in one ItemBatch, so the request is atomic. Each write
  // stages exactly what Apply would (index entries, expiry entry, change history,
  // stream record, statistics, item collection size), and a write sees the item
  // collection sizes of the writes before it. `writes` must name distinct items.
  // Returns one outcome per write: its WriteOutcome, or the error `compute` returned
  // for it (that write not made; the others are). Errors (of the call, nothing
  // written): a staging error (kValidation for an index key of the wrong type,
  // kItemCollectionSizeLimitExceeded), kInternal on I/O failure.
  Result<std::vector<Result<WriteOutcome>>> ApplyBatch(std::span<const BatchedWrite> writes,
                                                       const ComputeNewImageAt& compute,
                                                       OldImage old_image);

 private:
  // The shared part of ApplyEach and ApplyBatch, with the items of `writes` locked by the
  // caller: reads their old images (one MultiGet), computes each new image and stages
  // it into `batch`. Outcomes and errors as ApplyBatch's (nothing committed here).
  Result<std::vector<Result<WriteOutcome>>> StageLocked(std::span<const BatchedWrite> writes,
                                                        const ComputeNewImageAt& compute,
                                                        OldImage old_image, ItemBatch& batch);

  Storage* storage_;
  LockTable* locks_;
};

}  // namespace monotable
