#include "engine/lock/lock_table.h"

#include <algorithm>
#include <functional>

namespace monotable {

LockTable::ItemId LockTable::IdOf(uint32_t family_id, std::string_view key) {
  const uint64_t h = std::hash<std::string_view>()(key) ^
                     (static_cast<uint64_t>(family_id) * 0x9E3779B97F4A7C15ULL);
  return {static_cast<size_t>(h % kStripes), h};
}

LockTable::ItemGuard::ItemGuard(ItemGuard&& other) noexcept
    : table_(other.table_), stripe_(other.stripe_) {
  other.table_ = nullptr;
}

LockTable::ItemGuard::~ItemGuard() {
  if (table_) table_->stripes_[stripe_].mutex.unlock();
}

LockTable::StripesGuard::StripesGuard(StripesGuard&& other) noexcept
    : table_(other.table_), registers_(other.registers_), held_(std::move(other.held_)) {
  other.held_.clear();
}

LockTable::StripesGuard::~StripesGuard() {
  for (auto it = held_.rbegin(); it != held_.rend(); ++it) {
    Stripe& stripe = table_->stripes_[*it];
    if (registers_) {
      std::lock_guard registry(stripe.registry_mutex);
      stripe.transaction_items.clear();  // only the holder registers, so all are ours
    }
    stripe.mutex.unlock();
  }
}

std::vector<size_t> LockTable::ByStripe(const std::vector<ItemId>& items) {
  std::vector<size_t> order(items.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return items[a].stripe < items[b].stripe; });
  return order;
}

LockTable::ItemsGuard LockTable::LockItems(const std::vector<ItemId>& items) {
  ItemsGuard guard(this, /*registers=*/false);
  guard.held_.reserve(items.size());
  for (size_t i : ByStripe(items)) {
    const size_t s = items[i].stripe;
    if (!guard.held_.empty() && guard.held_.back() == s) continue;  // a shared stripe
    stripes_[s].mutex.lock();
    guard.held_.push_back(s);
  }
  return guard;
}

bool LockTable::HeldByTransaction(size_t stripe, uint64_t hash) {
  Stripe& s = stripes_[stripe];
  std::lock_guard registry(s.registry_mutex);
  return std::find(s.transaction_items.begin(), s.transaction_items.end(), hash) !=
         s.transaction_items.end();
}

std::optional<LockTable::ItemGuard> LockTable::LockItem(ItemId item, bool fail_on_transaction) {
  Stripe& stripe = stripes_[item.stripe];
  if (!stripe.mutex.try_lock()) {
    if (fail_on_transaction && HeldByTransaction(item.stripe, item.hash)) return std::nullopt;
    stripe.mutex.lock();
  }
  return ItemGuard(this, item.stripe);
}

LockTable::TransactionLock LockTable::LockTransaction(const std::vector<ItemId>& items) {
  const std::vector<size_t> order = ByStripe(items);
  TransactionGuard guard(this, /*registers=*/true);
  for (size_t first = 0; first < order.size();) {
    const size_t s = items[order[first]].stripe;
    size_t end = first;
    while (end < order.size() && items[order[end]].stripe == s) ++end;
    Stripe& stripe = stripes_[s];
    if (!stripe.mutex.try_lock()) {
      std::vector<bool> conflicting(items.size(), false);
      bool conflict = false;
      for (size_t i = first; i < end; ++i) {
        if (HeldByTransaction(s, items[order[i]].hash)) conflict = conflicting[order[i]] = true;
      }
      if (conflict) return {std::nullopt, std::move(conflicting)};  // `guard` unlocks
      stripe.mutex.lock();
    }
    guard.held_.push_back(s);
    {
      std::lock_guard registry(stripe.registry_mutex);
      for (size_t i = first; i < end; ++i) stripe.transaction_items.push_back(items[order[i]].hash);
    }
    first = end;
  }
  return {std::move(guard), {}};
}

}  // namespace monotable
