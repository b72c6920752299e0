#include "engine/staleness/snapshot_ring.h"

#include <algorithm>
#include <limits>

namespace monotable::staleness {

SnapshotRing::SnapshotRing(rocksdb::DB* db, const Clock& clock, int64_t keep_ms,
                           int64_t interval_ms)
    : db_(db),
      clock_(clock),
      keep_ms_(keep_ms),
      interval_ms_(interval_ms),
      last_commit_ms_(std::numeric_limits<int64_t>::min()) {
  // The state at start, which held since before anything the ring will see.
  entries_.push_back({std::numeric_limits<int64_t>::min(), clock_.NowMillis(), Take()});
}

StateRef SnapshotRing::Take() const {
  rocksdb::DB* db = db_;
  return StateRef(db->GetSnapshot(), [db](const rocksdb::Snapshot* s) { db->ReleaseSnapshot(s); });
}

void SnapshotRing::BeforeWrite(std::span<const IndexTouch> /*touches*/) {
  const int64_t now = clock_.NowMillis();
  std::lock_guard lock(mu_);
  if (!live_captured_ && now - entries_.back().taken_ms >= interval_ms_) {
    entries_.push_back({last_commit_ms_, now, Take()});
    live_captured_ = true;
  }
  TrimLocked(now);
}

void SnapshotRing::AfterWrite() {
  const int64_t now = clock_.NowMillis();
  std::lock_guard lock(mu_);
  last_commit_ms_ = std::max(last_commit_ms_, now);
  live_captured_ = false;
}

StateRef SnapshotRing::StateAt(int64_t at_ms) {
  std::lock_guard lock(mu_);
  TrimLocked(clock_.NowMillis());
  if (last_commit_ms_ <= at_ms) return nullptr;
  // The first entry that began after `at_ms`; the one before it held at `at_ms`.
  auto after = std::upper_bound(entries_.begin(), entries_.end(), at_ms,
                                [](int64_t at, const Entry& e) { return at < e.began_ms; });
  if (after == entries_.begin()) return entries_.front().state;
  return std::prev(after)->state;
}

void SnapshotRing::TrimLocked(int64_t now_ms) {
  // An entry is needed while the next one began after the oldest moment a read may ask
  // for; the live state counts as the entry after the newest.
  const int64_t oldest_asked = now_ms - keep_ms_;
  while (entries_.size() > 1 && entries_[1].began_ms <= oldest_asked) entries_.pop_front();
}

size_t SnapshotRing::size() const {
  std::lock_guard lock(mu_);
  return entries_.size();
}

int64_t SnapshotRing::OldestAgeMs() const {
  const int64_t now = clock_.NowMillis();
  std::lock_guard lock(mu_);
  return std::max<int64_t>(now - entries_.front().taken_ms, 0);
}

}  // namespace monotable::staleness
