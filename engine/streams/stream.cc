#include "engine/streams/stream.h"

#include <rocksdb/db.h>
#include <rocksdb/write_batch.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <memory>

#include "engine/format/catalog_keys.h"
#include "engine/storage/rocks_status.h"
#include "engine/streams/record_key.h"

namespace monotable::streams {
namespace {

// DynamoDB's shard ids: "shardId-" ‖ 20 digits ‖ "-" ‖ 8 hex digits (37 characters).
// DescribeStream lists shards in the lexicographic order of their ids (a Kinesis rule
// DynamoDB Streams keeps; the Kinesis adapter pages by it, scylladb/scylladb#7409), so
// an id must sort after every id the stream gave out before it: the digits are the
// creation time, never below an earlier shard's, and the hex part is the shard's number
// (which only grows), telling apart shards opened in one millisecond.
std::string ShardIdFor(uint32_t number, int64_t created_ms) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "shardId-%020lld-%08x", static_cast<long long>(created_ms),
                static_cast<unsigned>(number));
  return buf;
}

// The creation time an id was given (0 when it is not of ShardIdFor's form).
int64_t IdMillis(const std::string& id) {
  int64_t ms = 0;
  if (id.size() < 28) return 0;
  const char* digits = id.data() + 8;
  std::from_chars(digits, digits + 20, ms);
  return ms;
}

}  // namespace

Stream::Stream(StreamInfo info, Storage& storage, const Clock& clock, const StreamOptions& options)
    : id_(info.id),
      view_type_(info.view_type),
      ns_(info.ns),
      table_name_(info.table_name),
      created_ms_(info.created_ms),
      storage_(storage),
      clock_(clock),
      options_(options),
      info_(std::move(info)) {
  for (const auto& shard : info_.shards) {
    const uint64_t next = shard.end_sequence ? *shard.end_sequence + 1 : shard.start_sequence;
    counters_[shard.number] = {next, {}, shard.start_sequence, 0};
  }
}

Status Stream::PersistLocked() const {
  rocksdb::WriteBatch batch;
  batch.Put(storage_.catalog(), catalog_keys::StreamKey(id_), EncodeStreamInfo(info_));
  return storage_.Write(&batch);
}

size_t Stream::OpenShardLocked(const std::string& parent_id, uint64_t begin, uint64_t last,
                               uint64_t min_start, int64_t now_ms) {
  ShardInfo shard;
  shard.number = info_.next_shard++;
  // A clock set back must not give an id that sorts before an earlier shard's.
  int64_t id_ms = now_ms;
  for (const auto& earlier : info_.shards) id_ms = std::max(id_ms, IdMillis(earlier.id));
  shard.id = ShardIdFor(shard.number, id_ms);
  shard.parent_id = parent_id;
  shard.hash_begin = begin;
  shard.hash_last = last;
  shard.start_sequence = std::max(SequenceAt(now_ms), min_start);
  shard.created_ms = now_ms;
  counters_[shard.number] = {shard.start_sequence, {}, shard.start_sequence, 0};
  info_.shards.push_back(std::move(shard));
  return info_.shards.size() - 1;
}

void Stream::CloseShardLocked(size_t index, int64_t now_ms) {
  ShardInfo& shard = info_.shards[index];
  shard.end_sequence = counters_[shard.number].next_sequence - 1;
  shard.closed_ms = now_ms;
}

Status Stream::OpenInitialShards(const throughput::Resource* partitions) {
  std::lock_guard lock(mu_);
  const int64_t now = clock_.NowMillis();
  if (partitions) {
    partitions_version_ = partitions->layout_version();
    // Shards follow hash ranges: an item collection split by sort key stays one shard.
    const throughput::PartitionMap map = partitions->partition_map().HashOnly();
    for (size_t i = 0; i < map.size(); ++i) {
      const throughput::HashRange range = map.Range(i);
      OpenShardLocked("", range.begin, range.last, 0, now);
    }
  } else {
    OpenShardLocked("", 0, UINT64_MAX, 0, now);
  }
  return PersistLocked();
}

Status Stream::Recover() {
  std::lock_guard lock(mu_);
  std::unique_ptr<rocksdb::Iterator> it(
      storage_.db()->NewIterator(storage_.read_options(), storage_.streams()));
  for (const auto& shard : info_.shards) {
    ShardCounter& counter = counters_[shard.number];
    const std::string first = RecordKey(id_, shard.number, 0);
    const std::string last = RecordKey(id_, shard.number, UINT64_MAX);
    it->Seek(first);
    if (it->Valid() && it->key().compare(last) <= 0) {
      // Records below the first one left were trimmed before the restart.
      counter.trim_horizon = SequenceOfKey({it->key().data(), it->key().size()});
    }
    it->SeekForPrev(last);
    if (it->Valid() && it->key().compare(first) >= 0 && shard.open()) {
      counter.next_sequence =
          std::max(counter.next_sequence, SequenceOfKey({it->key().data(), it->key().size()}) + 1);
    }
  }
  if (!it->status().ok()) return FromRocks(it->status(), "recovering a stream's shards");
  return Status::Ok();
}

bool Stream::FollowPartitionsLocked(const throughput::PartitionMap& map, int64_t now_ms) {
  bool changed = false;
  const size_t count = info_.shards.size();
  for (size_t i = 0; i < count; ++i) {
    if (!info_.shards[i].open()) continue;
    const uint64_t begin = info_.shards[i].hash_begin, last = info_.shards[i].hash_last;
    std::vector<std::pair<uint64_t, uint64_t>> pieces;
    for (size_t p = map.Find(begin); p < map.size(); ++p) {
      const throughput::HashRange range = map.Range(p);
      if (range.begin > last) break;
      pieces.emplace_back(std::max(range.begin, begin), std::min(range.last, last));
    }
    if (pieces.size() < 2) continue;
    CloseShardLocked(i, now_ms);
    const std::string parent = info_.shards[i].id;
    const uint64_t after = *info_.shards[i].end_sequence + 1;
    for (const auto& [b, l] : pieces) OpenShardLocked(parent, b, l, after, now_ms);
    changed = true;
  }
  return changed;
}

bool Stream::RollOldShardsLocked(int64_t now_ms) {
  bool changed = false;
  const size_t count = info_.shards.size();
  for (size_t i = 0; i < count; ++i) {
    const ShardInfo& shard = info_.shards[i];
    if (!shard.open() || now_ms - shard.created_ms < options_.shard_max_age_ms) continue;
    CloseShardLocked(i, now_ms);
    const ShardInfo& closed = info_.shards[i];
    const std::string parent = closed.id;
    const uint64_t begin = closed.hash_begin, last = closed.hash_last;
    OpenShardLocked(parent, begin, last, *closed.end_sequence + 1, now_ms);
    changed = true;
  }
  return changed;
}

Result<std::optional<Stream::Slot>> Stream::Reserve(uint64_t hash,
                                                    const throughput::Resource* partitions) {
  std::lock_guard lock(mu_);
  if (!info_.enabled) return std::optional<Slot>();
  const int64_t now = clock_.NowMillis();
  bool changed = false;
  if (partitions && partitions->layout_version() != partitions_version_) {
    partitions_version_ = partitions->layout_version();
    changed |= FollowPartitionsLocked(partitions->partition_map().HashOnly(), now);
  }
  changed |= RollOldShardsLocked(now);
  if (changed) MT_RETURN_IF_ERROR(PersistLocked());
  for (const auto& shard : info_.shards) {
    if (!shard.open() || !shard.Contains(hash)) continue;
    ShardCounter& counter = counters_[shard.number];
    const uint64_t sequence = std::max(counter.next_sequence, SequenceAt(now));
    counter.next_sequence = sequence + 1;
    counter.in_flight.insert(sequence);
    return std::optional<Slot>(Slot{shard.number, sequence});
  }
  return Status::Internal("stream " + std::to_string(id_) + " has no open shard for a hash");
}

void Stream::Release(const Slot& slot) {
  std::lock_guard lock(mu_);
  auto counter = counters_.find(slot.shard);
  if (counter == counters_.end()) return;
  auto it = counter->second.in_flight.find(slot.sequence);
  if (it != counter->second.in_flight.end()) counter->second.in_flight.erase(it);
}

Status Stream::Disable() {
  std::lock_guard lock(mu_);
  if (!info_.enabled) return Status::Ok();
  const int64_t now = clock_.NowMillis();
  for (size_t i = 0; i < info_.shards.size(); ++i) {
    if (info_.shards[i].open()) CloseShardLocked(i, now);
  }
  info_.enabled = false;
  info_.disabled_ms = now;
  return PersistLocked();
}

Result<uint64_t> Stream::TrimShard(uint32_t shard, uint64_t below) const {
  if (below == 0) return uint64_t{0};  // nothing can lie below sequence number 0
  const std::string first = RecordKey(id_, shard, 0);
  std::unique_ptr<rocksdb::Iterator> it(
      storage_.db()->NewIterator(storage_.read_options(), storage_.streams()));
  it->SeekForPrev(RecordKey(id_, shard, below - 1));
  if (!it->status().ok()) return FromRocks(it->status(), "trimming a shard");
  if (!it->Valid() || it->key().compare(first) < 0) return uint64_t{0};
  const uint64_t horizon = SequenceOfKey({it->key().data(), it->key().size()}) + 1;
  rocksdb::WriteBatch batch;
  batch.DeleteRange(storage_.streams(), first, RecordKey(id_, shard, horizon));
  MT_RETURN_IF_ERROR(storage_.Write(&batch));
  return horizon;
}

Result<bool> Stream::Maintain() {
  const int64_t now = clock_.NowMillis();
  const uint64_t cutoff = SequenceAt(now - options_.retention_ms);
  std::vector<uint32_t> to_trim;
  std::vector<uint32_t> expired;
  bool gone = false;
  {
    std::lock_guard lock(mu_);
    bool changed = RollOldShardsLocked(now);
    for (const auto& shard : info_.shards) {
      if (!shard.open() && shard.closed_ms + options_.retention_ms <= now) {
        expired.push_back(shard.number);
      } else if (counters_[shard.number].clean_below < cutoff) {
        to_trim.push_back(shard.number);
      }
    }
    if (!expired.empty()) {
      std::erase_if(info_.shards, [&](const ShardInfo& s) {
        return std::find(expired.begin(), expired.end(), s.number) != expired.end();
      });
      for (uint32_t number : expired) counters_.erase(number);
      changed = true;
    }
    gone = !info_.enabled && info_.shards.empty();
    if (changed && !gone) MT_RETURN_IF_ERROR(PersistLocked());
  }
  // The I/O runs outside the lock: writers never wait for trimming.
  for (uint32_t number : to_trim) {
    MT_ASSIGN_OR_RETURN(horizon, TrimShard(number, cutoff));
    std::lock_guard lock(mu_);
    auto counter = counters_.find(number);
    if (counter != counters_.end()) {
      counter->second.trim_horizon = std::max(counter->second.trim_horizon, horizon);
      counter->second.clean_below = cutoff;
    }
  }
  rocksdb::WriteBatch batch;
  for (uint32_t number : expired) {
    batch.DeleteRange(storage_.streams(), RecordKey(id_, number, 0), RecordKey(id_, number + 1, 0));
  }
  if (gone) batch.Delete(storage_.catalog(), catalog_keys::StreamKey(id_));
  if (batch.Count() > 0) MT_RETURN_IF_ERROR(storage_.Write(&batch));
  return gone;
}

Stream::ShardView Stream::ViewLocked(const ShardInfo& shard) const {
  const ShardCounter& counter = counters_.at(shard.number);
  ShardView view{shard, counter.trim_horizon, counter.next_sequence, counter.next_sequence};
  if (!counter.in_flight.empty()) view.readable_end = *counter.in_flight.begin();
  return view;
}

StreamInfo Stream::Info() const {
  std::lock_guard lock(mu_);
  return info_;
}

std::optional<ResourcePolicy> Stream::Policy() const {
  std::lock_guard lock(mu_);
  return info_.policy;
}

Result<bool> Stream::ChangePolicy(
    const std::function<Status(std::optional<ResourcePolicy>& policy)>& change) {
  std::lock_guard lock(mu_);
  // Maintain() deletes the record of such a stream outside the lock: persisting it
  // again would bring the stream back at the next start.
  if (!info_.enabled && info_.shards.empty()) return false;
  std::optional<ResourcePolicy> policy = info_.policy;
  MT_RETURN_IF_ERROR(change(policy));
  if (policy == info_.policy) return true;
  std::swap(policy, info_.policy);
  Status persisted = PersistLocked();
  if (!persisted.ok()) info_.policy = std::move(policy);
  MT_RETURN_IF_ERROR(persisted);
  return true;
}

std::optional<Stream::ShardView> Stream::FindShard(std::string_view shard_id) const {
  std::lock_guard lock(mu_);
  for (const auto& shard : info_.shards) {
    if (shard.id == shard_id) return ViewLocked(shard);
  }
  return std::nullopt;
}

std::optional<Stream::ShardView> Stream::FindShard(uint32_t number) const {
  std::lock_guard lock(mu_);
  for (const auto& shard : info_.shards) {
    if (shard.number == number) return ViewLocked(shard);
  }
  return std::nullopt;
}

}  // namespace monotable::streams
