#pragma once
// Striped item locks. Read-modify-write operations on one item key serialise on the
// stripe its key hashes to, so a write computes its new image from the latest old one.
//
// Deadlock freedom: a single-item write holds exactly one stripe and waits for nothing
// while holding it; a transaction, and a batch of writes (BatchWriteItem), lock their
// distinct stripes in ascending stripe order (two keys may share a stripe: it is locked
// once). So no cycle of waiters can form.
//
// Conflicts, modelled on DynamoDB: while a transaction holds a stripe, the exact items
// it holds there are registered on the stripe. A single-item write whose item is so
// registered fails (TransactionConflict) instead of waiting, and a transaction that
// finds one of its items so registered is cancelled. Anything else that finds its
// stripe busy (a single-item write in progress, or a transaction on another item of the
// same stripe) simply waits: waiting is always safe given the lock order, and it keeps
// unrelated items from conflicting. Thread-safe.

#include <array>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

namespace monotable {

class LockTable {
 public:
  static constexpr size_t kStripes = 4096;

  // An item as the lock table knows it: its stripe and a 64-bit hash of (table, key)
  // that identifies it (a collision would only turn a wait into a conflict).
  struct ItemId {
    size_t stripe = 0;
    uint64_t hash = 0;
  };
  // The id of an item key, qualified by its table's column family id.
  static ItemId IdOf(uint32_t family_id, std::string_view key);

  // A single-item write's lock on one stripe; released on destruction.
  class ItemGuard {
   public:
    ItemGuard(ItemGuard&& other) noexcept;
    ItemGuard(const ItemGuard&) = delete;
    ItemGuard& operator=(const ItemGuard&) = delete;
    ~ItemGuard();

   private:
    friend class LockTable;
    ItemGuard(LockTable* table, size_t stripe) : table_(table), stripe_(stripe) {}
    LockTable* table_;
    size_t stripe_;
  };

  // Locks the item's stripe for a single-item write. With `fail_on_transaction`,
  // returns nullopt (nothing locked) when an in-flight transaction holds this very item.
  std::optional<ItemGuard> LockItem(ItemId item, bool fail_on_transaction);

  // Locks on several stripes (ascending), released on destruction: a transaction's,
  // whose items are registered on their stripes until then (TransactionGuard), or those
  // of several items written together (ItemsGuard: BatchWriteItem's one WriteBatch),
  // registered nowhere, so that a single-item write that meets them waits, as it waits
  // for another single-item write.
  class StripesGuard {
   public:
    StripesGuard(StripesGuard&& other) noexcept;
    StripesGuard(const StripesGuard&) = delete;
    StripesGuard& operator=(const StripesGuard&) = delete;
    ~StripesGuard();

   private:
    friend class LockTable;
    StripesGuard(LockTable* table, bool registers) : table_(table), registers_(registers) {}
    LockTable* table_;
    bool registers_;            // a transaction's: unregister its items when releasing
    std::vector<size_t> held_;  // ascending
  };
  using TransactionGuard = StripesGuard;
  using ItemsGuard = StripesGuard;

  // The outcome of LockTransaction: the guard, or (nothing left locked) which of the
  // items were found held by another in-flight transaction.
  struct TransactionLock {
    std::optional<TransactionGuard> guard;
    std::vector<bool> conflicting;  // per item, when there is no guard
  };

  // Locks the stripes of `items` in ascending order, registering the items.
  TransactionLock LockTransaction(const std::vector<ItemId>& items);

  // Locks the distinct stripes of `items` in ascending order, waiting for each: also
  // for one whose item an in-flight transaction holds (the transaction finishes, as it
  // waits only for stripes above the ones it holds). Never fails.
  ItemsGuard LockItems(const std::vector<ItemId>& items);

  // The mutex of the item's stripe, for background jobs (GSI backfill) that hold
  // several stripes at once: they only try_lock, and release everything rather than
  // wait while holding one, so they cannot deadlock with writers or transactions.
  std::mutex& StripeMutex(ItemId item) { return stripes_[item.stripe].mutex; }

  // Waits until every write that held a stripe when the call began has released it:
  // after publishing a new table layout, no write still uses the previous one.
  void Barrier() {
    for (auto& stripe : stripes_) std::lock_guard lock(stripe.mutex);
  }

 private:
  // Padded so neighbouring stripes do not share a cache line.
  struct alignas(64) Stripe {
    std::mutex mutex;  // the item lock
    // The items the transaction holding `mutex` (if any) holds on this stripe. Written
    // only by that holder, read by anyone; guarded by `registry_mutex`.
    std::mutex registry_mutex;
    std::vector<uint64_t> transaction_items;
  };
  bool HeldByTransaction(size_t stripe, uint64_t hash);
  // The indexes of `items` ordered by stripe: the one lock order.
  static std::vector<size_t> ByStripe(const std::vector<ItemId>& items);

  std::array<Stripe, kStripes> stripes_;
};

}  // namespace monotable
