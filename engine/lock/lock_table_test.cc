#include "engine/lock/lock_table.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <thread>

namespace monotable {
namespace {

using namespace std::chrono_literals;
using ItemId = LockTable::ItemId;

// How long a call that must wait is given to (wrongly) return: long enough to catch a
// call that does not wait, short enough to keep the suite fast. Passing never depends
// on it.
constexpr auto kStillWaiting = 50ms;
// How long a call that must return is given: generous, so a slow machine does not fail.
constexpr auto kReturns = 10s;

// An item on another stripe than `other`.
ItemId OtherStripe(const ItemId& other) {
  for (int i = 0;; ++i) {
    ItemId id = LockTable::IdOf(1, "other" + std::to_string(i));
    if (id.stripe != other.stripe) return id;
  }
}

// Runs `f` on a new thread; the future is ready when it has returned. The thread
// reports that it has started before calling `f`, and this waits for that, so a
// future that is not ready soon after means `f` itself is waiting.
template <typename F>
auto Started(F f) {
  auto started = std::make_shared<std::promise<void>>();
  auto ready = started->get_future();
  auto done = std::async(std::launch::async, [started, f = std::move(f)]() mutable {
    started->set_value();
    return f();
  });
  ready.wait();
  return done;
}

class LockTableTest : public ::testing::Test {
 protected:
  // The stripe of `item` is free: another thread can take it at once.
  bool StripeFree(const ItemId& item) {
    return std::async(std::launch::async,
                      [&] {
                        std::unique_lock lock(locks_->StripeMutex(item), std::try_to_lock);
                        return lock.owns_lock();
                      })
        .get();
  }

  std::unique_ptr<LockTable> locks_ = std::make_unique<LockTable>();
  const ItemId x_ = LockTable::IdOf(1, "x");
};

TEST(LockTableIdTest, IdsAreStableAndQualifiedByTheFamily) {
  const ItemId a = LockTable::IdOf(1, "key");
  EXPECT_EQ(a.hash, LockTable::IdOf(1, "key").hash);
  EXPECT_EQ(a.stripe, a.hash % LockTable::kStripes);
  EXPECT_NE(a.hash, LockTable::IdOf(2, "key").hash);
  EXPECT_NE(a.hash, LockTable::IdOf(1, "key2").hash);
}

TEST_F(LockTableTest, AnItemIsLockedByOneWriteAtATime) {
  std::optional<LockTable::ItemGuard> held = locks_->LockItem(x_, false);
  ASSERT_TRUE(held.has_value());
  std::atomic<bool> second_holds{false};
  auto second = Started([&] {
    auto guard = locks_->LockItem(x_, false);
    second_holds = true;
    return guard.has_value();
  });
  EXPECT_EQ(second.wait_for(kStillWaiting), std::future_status::timeout);
  EXPECT_FALSE(second_holds);
  held.reset();
  ASSERT_EQ(second.wait_for(kReturns), std::future_status::ready);
  EXPECT_TRUE(second.get());
  EXPECT_TRUE(StripeFree(x_));
}

TEST_F(LockTableTest, ItemsOnOtherStripesDoNotWait) {
  auto held = locks_->LockItem(x_, false);
  const ItemId y = OtherStripe(x_);
  auto other = Started([&] { return locks_->LockItem(y, false).has_value(); });
  ASSERT_EQ(other.wait_for(kReturns), std::future_status::ready);
  EXPECT_TRUE(other.get());
  EXPECT_FALSE(StripeFree(x_));
}

TEST_F(LockTableTest, AMovedGuardReleasesOnce) {
  {
    auto held = locks_->LockItem(x_, false);
    ASSERT_TRUE(held.has_value());
    LockTable::ItemGuard moved(std::move(*held));
    held.reset();  // the moved-from guard must not unlock
    EXPECT_FALSE(StripeFree(x_));
  }
  EXPECT_TRUE(StripeFree(x_));
}

TEST_F(LockTableTest, BarrierReturnsAtOnceWhenNothingIsHeld) {
  auto barrier = Started([&] { locks_->Barrier(); });
  EXPECT_EQ(barrier.wait_for(kReturns), std::future_status::ready);
}

TEST_F(LockTableTest, BarrierWaitsForTheWritesInFlight) {
  auto first = locks_->LockItem(x_, false);
  auto second = locks_->LockItem(OtherStripe(x_), false);
  auto barrier = Started([&] { locks_->Barrier(); });
  EXPECT_EQ(barrier.wait_for(kStillWaiting), std::future_status::timeout);
  first.reset();
  EXPECT_EQ(barrier.wait_for(kStillWaiting), std::future_status::timeout);
  second.reset();
  EXPECT_EQ(barrier.wait_for(kReturns), std::future_status::ready);
}

TEST_F(LockTableTest, AWriteOnAnItemATransactionHoldsFailsInsteadOfWaiting) {
  auto txn = locks_->LockTransaction({x_});
  ASSERT_TRUE(txn.guard.has_value());
  auto write = Started([&] { return locks_->LockItem(x_, true).has_value(); });
  ASSERT_EQ(write.wait_for(kReturns), std::future_status::ready);
  EXPECT_FALSE(write.get());
  EXPECT_FALSE(StripeFree(x_));  // still the transaction's
  txn.guard.reset();
  // Released and unregistered: the same write now succeeds.
  auto retry = Started([&] { return locks_->LockItem(x_, true).has_value(); });
  ASSERT_EQ(retry.wait_for(kReturns), std::future_status::ready);
  EXPECT_TRUE(retry.get());
}

// A write that must wait for (not fail on) a transaction holding x: it gets its lock
// once the transaction ends.
void ExpectWriteWaitsForTransaction(LockTable& locks, ItemId x, ItemId write_item,
                                    bool fail_on_transaction) {
  auto txn = locks.LockTransaction({x});
  ASSERT_TRUE(txn.guard.has_value());
  auto write = Started([&] { return locks.LockItem(write_item, fail_on_transaction).has_value(); });
  EXPECT_EQ(write.wait_for(kStillWaiting), std::future_status::timeout);
  txn.guard.reset();
  ASSERT_EQ(write.wait_for(kReturns), std::future_status::ready);
  EXPECT_TRUE(write.get());
}

TEST_F(LockTableTest, WithoutFailOnTransactionAWriteWaitsForTheTransaction) {
  ExpectWriteWaitsForTransaction(*locks_, x_, x_, /*fail_on_transaction=*/false);
}

TEST_F(LockTableTest, AnotherItemOnATransactionsStripeWaitsRatherThanFails) {
  const ItemId neighbour{x_.stripe, x_.hash + 1};
  ExpectWriteWaitsForTransaction(*locks_, x_, neighbour, /*fail_on_transaction=*/true);
}

TEST_F(LockTableTest, ATransactionFindingItsItemHeldIsCancelledAndHoldsNothing) {
  auto first = locks_->LockTransaction({x_});
  ASSERT_TRUE(first.guard.has_value());
  const ItemId y = OtherStripe(x_);
  auto second = Started([&] { return locks_->LockTransaction({y, x_}); });
  ASSERT_EQ(second.wait_for(kReturns), std::future_status::ready);
  LockTable::TransactionLock lock = second.get();
  EXPECT_FALSE(lock.guard.has_value());
  EXPECT_EQ(lock.conflicting, (std::vector<bool>{false, true}));
  // Whatever it had locked before finding the conflict is released.
  EXPECT_TRUE(StripeFree(y));
}

TEST_F(LockTableTest, ATransactionWaitsForASingleItemWrite) {
  auto write = locks_->LockItem(x_, false);
  auto txn = Started([&] { return locks_->LockTransaction({x_}).guard.has_value(); });
  EXPECT_EQ(txn.wait_for(kStillWaiting), std::future_status::timeout);
  write.reset();
  ASSERT_EQ(txn.wait_for(kReturns), std::future_status::ready);
  EXPECT_TRUE(txn.get());
}

TEST_F(LockTableTest, ATransactionLocksASharedStripeOnceAndRegistersEveryItem) {
  const ItemId neighbour{x_.stripe, x_.hash + 1};
  auto txn = Started([&] { return locks_->LockTransaction({x_, neighbour}); });
  ASSERT_EQ(txn.wait_for(kReturns), std::future_status::ready);  // no self-deadlock
  LockTable::TransactionLock lock = txn.get();
  ASSERT_TRUE(lock.guard.has_value());
  for (const ItemId& item : {x_, neighbour}) {
    auto write = Started([&] { return locks_->LockItem(item, true).has_value(); });
    ASSERT_EQ(write.wait_for(kReturns), std::future_status::ready);
    EXPECT_FALSE(write.get());
  }
  lock.guard.reset();
  EXPECT_TRUE(StripeFree(x_));
}

TEST_F(LockTableTest, TransactionsInOppositeOrdersDoNotDeadlock) {
  const ItemId y = OtherStripe(x_);
  std::atomic<int> committed{0};
  auto run = [&](std::vector<ItemId> items) {
    for (int i = 0; i < 2000; ++i) {
      if (locks_->LockTransaction(items).guard) ++committed;  // released at once
      auto write = locks_->LockItem(items[0], true);          // between transactions
    }
  };
  auto a = Started([&] { run({x_, y}); });
  auto b = Started([&] { run({y, x_}); });
  ASSERT_EQ(a.wait_for(kReturns), std::future_status::ready);
  ASSERT_EQ(b.wait_for(kReturns), std::future_status::ready);
  EXPECT_GT(committed.load(), 0);
  EXPECT_TRUE(StripeFree(x_));
  EXPECT_TRUE(StripeFree(y));
}

TEST_F(LockTableTest, LockItemsHoldsEveryStripeOnceUntilReleased) {
  const ItemId y = OtherStripe(x_);
  const ItemId neighbour{x_.stripe, x_.hash + 1};
  auto batch = Started([&] { return locks_->LockItems({y, x_, neighbour}); });
  ASSERT_EQ(batch.wait_for(kReturns), std::future_status::ready);  // no self-deadlock
  {
    LockTable::ItemsGuard guard = batch.get();
    EXPECT_FALSE(StripeFree(x_));
    EXPECT_FALSE(StripeFree(y));
  }
  EXPECT_TRUE(StripeFree(x_));
  EXPECT_TRUE(StripeFree(y));
}

TEST_F(LockTableTest, LockItemsWaitsForATransactionHoldingOneOfItsItems) {
  auto txn = locks_->LockTransaction({x_});
  ASSERT_TRUE(txn.guard.has_value());
  auto batch = Started([&] {
    LockTable::ItemsGuard guard = locks_->LockItems({OtherStripe(x_), x_});
    return true;
  });
  EXPECT_EQ(batch.wait_for(kStillWaiting), std::future_status::timeout);
  txn.guard.reset();
  ASSERT_EQ(batch.wait_for(kReturns), std::future_status::ready);
  EXPECT_TRUE(batch.get());
}

TEST_F(LockTableTest, ASingleItemWriteWaitsForABatchRatherThanFails) {
  std::optional<LockTable::ItemsGuard> batch(locks_->LockItems({x_}));
  auto write = Started([&] { return locks_->LockItem(x_, /*fail_on_transaction=*/true); });
  EXPECT_EQ(write.wait_for(kStillWaiting), std::future_status::timeout);
  batch.reset();
  ASSERT_EQ(write.wait_for(kReturns), std::future_status::ready);
  EXPECT_TRUE(write.get().has_value());
}

TEST_F(LockTableTest, BatchesAndTransactionsInOppositeOrdersDoNotDeadlock) {
  const ItemId y = OtherStripe(x_);
  std::atomic<int> batches{0};
  auto batch = [&](std::vector<ItemId> items) {
    for (int i = 0; i < 2000; ++i) {
      LockTable::ItemsGuard guard = locks_->LockItems(items);
      ++batches;
    }
  };
  auto transactions = [&](std::vector<ItemId> items) {
    for (int i = 0; i < 2000; ++i) locks_->LockTransaction(items);
  };
  auto a = Started([&] { batch({x_, y}); });
  auto b = Started([&] { batch({y, x_}); });
  auto c = Started([&] { transactions({y, x_}); });
  for (auto* f : {&a, &b, &c}) ASSERT_EQ(f->wait_for(kReturns), std::future_status::ready);
  EXPECT_EQ(batches.load(), 4000);
  EXPECT_TRUE(StripeFree(x_));
  EXPECT_TRUE(StripeFree(y));
}

}  // namespace
}  // namespace monotable
