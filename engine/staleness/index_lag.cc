#include "engine/staleness/index_lag.h"

#include <algorithm>
#include <limits>

namespace monotable::staleness {

void IndexLag::BeforeWrite(std::span<const IndexTouch> touches,
                           std::span<const int64_t> delays_ms) {
  const int64_t now = clock_.NowMillis();
  std::lock_guard lock(mu_);
  TrimLocked(now);
  const uint64_t write = ++writes_;
  StateRef before;  // taken once, for the first partition this write is not due in yet
  for (size_t i = 0; i < touches.size(); ++i) {
    const PartitionKey key{touches[i].family_id, touches[i].partition};
    auto it = partitions_.find(key);
    // Never before the partition's previous write: a partition shows its writes in order.
    const int64_t previous = it == partitions_.end() ? std::numeric_limits<int64_t>::min()
                                                     : it->second.back().visible_ms;
    const int64_t visible = std::max(now + delays_ms[i], previous);
    if (visible <= now) continue;  // due at once, and nothing before it is pending
    if (!before) {
      rocksdb::DB* db = db_;
      before =
          StateRef(db->GetSnapshot(), [db](const rocksdb::Snapshot* s) { db->ReleaseSnapshot(s); });
    }
    if (it == partitions_.end()) it = partitions_.try_emplace(key).first;
    it->second.push_back({write, visible, before});
    due_.emplace(visible, key);
  }
}

StateRef IndexLag::ForPartition(uint32_t family_id, uint64_t partition) {
  const int64_t now = clock_.NowMillis();
  std::lock_guard lock(mu_);
  TrimLocked(now);
  auto it = partitions_.find(PartitionKey{family_id, partition});
  // The first write still invisible: the state before it holds every earlier one.
  return it == partitions_.end() ? nullptr : it->second.front().before;
}

StateRef IndexLag::ForIndex(uint32_t family_id) {
  const int64_t now = clock_.NowMillis();
  std::lock_guard lock(mu_);
  TrimLocked(now);
  const Pending* first = nullptr;
  for (auto it = partitions_.lower_bound(PartitionKey{family_id, 0});
       it != partitions_.end() && it->first.first == family_id; ++it) {
    const Pending& front = it->second.front();
    if (first == nullptr || front.write < first->write) first = &front;
  }
  return first == nullptr ? nullptr : first->before;
}

size_t IndexLag::pending() const {
  std::lock_guard lock(mu_);
  return due_.size();
}

void IndexLag::TrimLocked(int64_t now_ms) {
  // A partition's visible times never decrease, so the record due soonest anywhere is
  // the front of its partition (equal times: in write order, as the multimap keeps them).
  while (!due_.empty() && due_.begin()->first <= now_ms) {
    auto it = partitions_.find(due_.begin()->second);
    it->second.pop_front();
    if (it->second.empty()) partitions_.erase(it);
    due_.erase(due_.begin());
  }
}

}  // namespace monotable::staleness
