#include "engine/ttl/sweep/ttl_sweeper.h"

#include <chrono>
#include <vector>

#include "engine/base/ignore_error.h"
#include "engine/base/log.h"
#include "engine/format/expiry_keys.h"
#include "engine/storage/rocks_status.h"
#include "engine/ttl/expiry.h"
#include "engine/ttl/expiry_index.h"

namespace monotable::ttl {
namespace {

// Entries read per iterator: the iterator is closed before their items are deleted, so
// that it pins no memtable while the sweep writes.
constexpr size_t kEntriesPerChunk = 256;

// Why a deletion did not happen (never reaches a client).
constexpr char kNotDue[] = "the item is no longer due";

}  // namespace

TtlSweeper::~TtlSweeper() { runner_.StopAll(); }

bool TtlSweeper::Stopping() const { return runner_.stopping(); }

void TtlSweeper::Start(int64_t interval_ms) {
  // A failed pass is logged and counted by the runner; the next one retries. The thread
  // is named "ttl-sweep" (top -H, perf; bench/ttl_sweep.sh reads its CPU time by it).
  runner_.StartPeriodic("sweep", "Time to Live sweep", std::chrono::milliseconds(interval_ms),
                        [this] {
                          auto swept = SweepOnce();
                          return swept.ok() ? Status::Ok() : swept.status();
                        });
}

void TtlSweeper::YieldToForeground(std::chrono::steady_clock::duration worked) {
  if (foreground_ == nullptr) return;
  const uint64_t now_seen = foreground_->load(std::memory_order_relaxed);
  const bool busy = now_seen != foreground_seen_;
  foreground_seen_ = now_seen;
  if (!busy) return;
  const auto rest = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      worked * (1 / kBusyShare - 1));
  runner_.SleepFor(rest);  // false once stopping: Stopping() is checked after each chunk
}

Result<SweepCounts> TtlSweeper::SweepOnce() {
  std::lock_guard one_pass(sweep_mutex_);
  SweepCounts total;
  for (const auto& [ns, table] : catalog_.All()) {
    if (Stopping()) break;
    auto definition = table->definition();
    if (!definition->time_to_live.enabled) continue;
    const auto started = std::chrono::steady_clock::now();
    MT_ASSIGN_OR_RETURN(counts, SweepTable(ns, table, clock_.NowMillis()));
    if (counts.deleted > 0) {
      const auto us = std::chrono::duration_cast<std::chrono::microseconds>(
                          std::chrono::steady_clock::now() - started)
                          .count();
      log::Info("Time to Live deleted " + std::to_string(counts.deleted) +
                " expired items of table '" + table->name() + "' in " + std::to_string(us / 1000) +
                " ms (" + std::to_string(us > 0 ? counts.deleted * 1000000 / us : 0) + " items/s)");
    }
    total.deleted += counts.deleted;
    total.skipped += counts.skipped;
  }
  return total;
}

Result<SweepCounts> TtlSweeper::SweepTable(const std::string& ns,
                                           const std::shared_ptr<Table>& table, int64_t now_ms) {
  SweepCounts counts;
  const DueSeconds due = DueAt(now_ms);
  const auto at_start = table->definition();
  const uint64_t number = TableNumber(*at_start);
  std::string lower = expiry_keys::Bound(number, due.first);
  const std::string upper = expiry_keys::Bound(number, due.last + 1);
  const ComputeNewImage delete_if_due =
      [&](const std::optional<Item>& old_item) -> Result<std::optional<Item>> {
    // Under the item's lock, with the table's current settings.
    // The definition is held: a reference into the temporary would dangle once another
    // thread publishes a new one (ThreadSanitizer saw it, tests/tsan.sh).
    auto definition = table->definition();
    const TimeToLiveSettings& ttl = definition->time_to_live;
    if (!ttl.enabled || !old_item) return Status(ErrorCode::kConditionalCheckFailed, kNotDue);
    auto expiry = ExpirySeconds(*old_item, ttl.attribute_name);
    if (!expiry || !IsDue(*expiry, now_ms)) {
      return Status(ErrorCode::kConditionalCheckFailed, kNotDue);
    }
    return std::optional<Item>();
  };
  std::vector<std::string> keys;
  while (true) {
    keys.clear();
    {
      rocksdb::Slice upper_slice(upper);
      rocksdb::ReadOptions options;
      options.iterate_upper_bound = &upper_slice;
      std::unique_ptr<rocksdb::Iterator> it(storage_.db()->NewIterator(options, storage_.expiry()));
      for (it->Seek(lower); it->Valid() && keys.size() < kEntriesPerChunk; it->Next()) {
        keys.push_back(it->key().ToString());
      }
      if (!it->status().ok()) return FromRocks(it->status(), "reading the expiry index");
    }
    if (keys.empty()) break;
    const auto chunk_started = std::chrono::steady_clock::now();
    std::vector<std::string> items;
    items.reserve(keys.size());
    for (const std::string& entry_key : keys) {
      auto entry = expiry_keys::Decode(entry_key);
      if (!entry) return Status::Internal("corrupt expiry index key");
      items.emplace_back(entry->table_key);
    }
    MT_ASSIGN_OR_RETURN(
        results, write_path_.ApplyEach(*table, items, delete_if_due, ChangeOrigin::kTimeToLive));
    for (const Status& result : results) {
      if (result.ok()) {
        ++counts.deleted;
      } else if (result.code() == ErrorCode::kConditionalCheckFailed) {
        ++counts.skipped;
      } else {
        return result;
      }
    }
    YieldToForeground(std::chrono::steady_clock::now() - chunk_started);
    lower = keys.back();
    lower.push_back('\0');  // the next key after the last one read
    if (Stopping() || catalog_.Find(ns, table->name()) != table) break;
  }
  return counts;
}

}  // namespace monotable::ttl
