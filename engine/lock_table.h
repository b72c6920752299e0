#pragma once
// Striped item locks. Read-modify-write operations on one item key serialise on the
// stripe its key hashes to, so a write computes its new image from the latest old one.
//
// Deadlock freedom: a single-item write holds exactly one stripe and waits for nothing
// while holding it; a transaction locks its distinct stripes in ascending stripe order
// (two keys may share a stripe: it is locked once). So no cycle of waiters can form.
//
// Conflicts, modelled on DynamoDB: a stripe held by an in-flight transaction is marked.
// A single-item write that finds its stripe so marked fails (TransactionConflict)
// instead of waiting, and a transaction that finds one of its stripes so marked is
// cancelled; a stripe held by a single-item write is simply waited for (microseconds).
// Conflicts are detected per stripe: with kStripes stripes an unrelated key collides
// with a given in-flight transaction's key with probability 1/kStripes.
// Thread-safe.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

namespace monotable {

class LockTable {
 public:
  static constexpr size_t kStripes = 4096;

  // The stripe of an item key (qualified by its table's column family id).
  static size_t StripeOf(uint32_t family_id, std::string_view key) {
    size_t h = std::hash<std::string_view>()(key) ^
               (static_cast<size_t>(family_id) * 0x9E3779B97F4A7C15ULL);
    return h % kStripes;
  }

  // A single-item write's lock on one stripe; released on destruction.
  class ItemGuard {
   public:
    ItemGuard(ItemGuard&& other) noexcept : table_(other.table_), stripe_(other.stripe_) {
      other.table_ = nullptr;
    }
    ItemGuard(const ItemGuard&) = delete;
    ItemGuard& operator=(const ItemGuard&) = delete;
    ~ItemGuard() {
      if (table_) table_->stripes_[stripe_].mutex.unlock();
    }

   private:
    friend class LockTable;
    ItemGuard(LockTable* table, size_t stripe) : table_(table), stripe_(stripe) {}
    LockTable* table_;
    size_t stripe_;
  };

  // Locks the key's stripe for a single-item write. With `fail_on_transaction`, returns
  // nullopt (nothing locked) when an in-flight transaction holds the stripe; otherwise
  // waits for it.
  std::optional<ItemGuard> LockItem(uint32_t family_id, std::string_view key,
                                    bool fail_on_transaction) {
    const size_t s = StripeOf(family_id, key);
    Stripe& stripe = stripes_[s];
    if (!stripe.mutex.try_lock()) {
      if (fail_on_transaction && stripe.in_transaction.load(std::memory_order_acquire)) {
        return std::nullopt;
      }
      stripe.mutex.lock();
    }
    return ItemGuard(this, s);
  }

  // A transaction's locks on a set of stripes; released on destruction.
  class TransactionGuard {
   public:
    TransactionGuard(TransactionGuard&& other) noexcept
        : table_(other.table_), held_(std::move(other.held_)) {
      other.held_.clear();
    }
    TransactionGuard(const TransactionGuard&) = delete;
    TransactionGuard& operator=(const TransactionGuard&) = delete;
    ~TransactionGuard() {
      for (auto it = held_.rbegin(); it != held_.rend(); ++it) {
        Stripe& stripe = table_->stripes_[*it];
        stripe.in_transaction.store(false, std::memory_order_release);
        stripe.mutex.unlock();
      }
    }

   private:
    friend class LockTable;
    explicit TransactionGuard(LockTable* table) : table_(table) {}
    LockTable* table_;
    std::vector<size_t> held_;
  };

  // The outcome of LockTransaction: the guard, or the stripe found held by another
  // transaction (nothing is left locked then).
  struct TransactionLock {
    std::optional<TransactionGuard> guard;
    size_t conflicting_stripe = 0;
  };

  // Locks the given stripes (any order, duplicates allowed) in ascending order and
  // marks them as held by a transaction.
  TransactionLock LockTransaction(std::vector<size_t> stripes) {
    std::sort(stripes.begin(), stripes.end());
    stripes.erase(std::unique(stripes.begin(), stripes.end()), stripes.end());
    TransactionGuard guard(this);
    for (size_t s : stripes) {
      Stripe& stripe = stripes_[s];
      if (!stripe.mutex.try_lock()) {
        if (stripe.in_transaction.load(std::memory_order_acquire)) {
          return {std::nullopt, s};  // `guard` releases what was taken
        }
        stripe.mutex.lock();
      }
      stripe.in_transaction.store(true, std::memory_order_release);
      guard.held_.push_back(s);
    }
    return {std::move(guard), 0};
  }

 private:
  // Padded so neighbouring stripes do not share a cache line.
  struct alignas(64) Stripe {
    std::mutex mutex;
    std::atomic<bool> in_transaction{false};  // written only by the mutex's holder
  };
  std::array<Stripe, kStripes> stripes_;
};

}  // namespace monotable
