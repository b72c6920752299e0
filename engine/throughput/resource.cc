#include "engine/throughput/resource.h"

#include <algorithm>

namespace monotable::throughput {

Result<std::shared_ptr<Resource>> Resource::Create(ResourceConfig config, const Clock& clock) {
  MT_RETURN_IF_ERROR(config.capacity.Validate());
  std::shared_ptr<Resource> resource(new Resource(std::move(config), clock));
  resource->Grow();  // a persisted map may predate a capacity increase
  return resource;
}

Resource::Resource(ResourceConfig config, const Clock& clock)
    : table_name_(std::move(config.table_name)),
      index_name_(std::move(config.index_name)),
      clock_(clock),
      heat_(config.heat),
      mode_(config.mode),
      map_(config.partitions ? *config.partitions
                             : PartitionMap::Uniform(PartitionsForCapacity(
                                   config.capacity, limits::kOnDemandInitialPeakReu))),
      splits_(std::move(config.split_log)),
      limits_(config.capacity, clock.NowMillis()),
      insights_(config.insights_capacity) {
  // Layout versions go on from the persisted history, so they stay increasing over restarts.
  if (!splits_.events().empty()) layout_version_.store(splits_.events().back().layout_version);
  const int64_t now = clock_.NowMillis();
  for (size_t i = 0; i < map_.size(); ++i) {
    partitions_.push_back(std::make_unique<Partition>(map_.Range(i), now));
  }
}

Admission Resource::Admit(const KeyRef& key, Op op, double units) {
  if (mode() == Mode::kOff) return {};
  const Claim claim{this, key, op, units};
  return AdmitAll({&claim, 1});
}

void Resource::Settle(const KeyRef& key, Op op, double estimated, double actual,
                      const Admission& admission) {
  if (mode() == Mode::kOff || actual == estimated) return;
  const Claim claim{this, key, op, estimated};
  SettleAll({&claim, 1}, {&actual, 1}, admission);
}

Status Resource::UpdateCapacity(const CapacitySpec& spec) {
  MT_RETURN_IF_ERROR(spec.Validate());
  {
    std::shared_lock layout(layout_mu_);
    std::lock_guard state(state_mu_);
    limits_.Reconfigure(spec, clock_.NowMillis());
  }
  Grow();
  return Status::Ok();
}

bool Resource::ReplaceLocked(size_t index, const std::vector<uint64_t>& cuts, int64_t now_ms,
                             SplitReason reason) {
  const HashRange parent_range = map_.Range(index);
  if (cuts.empty() || !map_.Split(index, cuts).ok()) return false;
  // Every split of one Grow() or SplitForSize() makes the same next layout version.
  AdoptChildrenLocked(index, cuts.size() + 1,
                      {now_ms, layout_version() + 1, reason, parent_range,
                       SplitEvent::Children(parent_range, cuts)},
                      now_ms);
  return true;
}

bool Resource::ReplaceAtSortKeyLocked(size_t index, uint64_t hash, const std::string& sort_key,
                                      int64_t now_ms) {
  const HashRange parent_range = map_.Range(index);
  if (!map_.SplitAtSortKey(index, hash, sort_key).ok()) return false;
  AdoptChildrenLocked(index, 2,
                      {now_ms, layout_version() + 1, SplitReason::kHeatSortKey, parent_range,
                       SplitEvent::SortKeyChildren(parent_range, hash)},
                      now_ms);
  return true;
}

void Resource::AdoptChildrenLocked(size_t index, size_t pieces, SplitEvent event, int64_t now_ms) {
  splits_.Add(std::move(event));
  const Partition& parent = *partitions_[index];
  retired_ += parent.Totals();
  std::vector<std::unique_ptr<Partition>> children;
  for (size_t k = 0; k < pieces; ++k) {
    children.push_back(std::make_unique<Partition>(map_.Range(index + k), parent, now_ms));
  }
  partitions_.erase(partitions_.begin() + static_cast<ptrdiff_t>(index));
  partitions_.insert(partitions_.begin() + static_cast<ptrdiff_t>(index),
                     std::make_move_iterator(children.begin()),
                     std::make_move_iterator(children.end()));
}

size_t Resource::Grow() {
  size_t added = 0;
  {
    std::unique_lock layout(layout_mu_);
    grow_wanted_.store(false, std::memory_order_relaxed);
    const int64_t now = clock_.NowMillis();
    // Heat: cut where the hot traffic was, so that each side gets part of it.
    for (size_t i = 0; i < partitions_.size(); ++i) {
      if (!partitions_[i]->wants_split()) continue;
      const HashRange seen = partitions_[i]->seen();
      bool split = false;
      if (seen.begin < seen.last) {
        split = ReplaceLocked(i, {seen.Middle()}, now, SplitReason::kHeat);
      } else if (heat_.split_by_sort_key) {
        // One partition key, several sort keys: cut inside the item collection.
        const std::string cut = partitions_[i]->SortKeyCut();
        split = !cut.empty() && ReplaceAtSortKeyLocked(i, seen.begin, cut, now);
      }
      if (split) {
        ++added;
        ++i;  // the upper child is new: it has not been hot yet
      }
    }
    // Capacity: split the widest partitions until there are enough.
    size_t target;
    {
      std::lock_guard state(state_mu_);
      target = PartitionsForCapacity(limits_.spec(), limits_.peak_reu());
    }
    while (partitions_.size() < target) {
      const size_t widest = map_.Widest();
      if (!ReplaceLocked(widest, {map_.Range(widest).Middle()}, now, SplitReason::kCapacity)) break;
      ++added;
    }
  }
  if (added > 0) PublishLayout();
  return added;
}

size_t Resource::SplitForSize(const std::function<uint64_t(const HashRange&)>& bytes_in) {
  std::vector<HashRange> ranges;
  {
    std::shared_lock layout(layout_mu_);
    for (size_t i = 0; i < map_.size(); ++i) ranges.push_back(map_.Range(i));
  }
  std::vector<std::pair<HashRange, size_t>> oversized;  // range, pieces
  for (const HashRange& range : ranges) {
    const uint64_t bytes = bytes_in(range);
    if (bytes > limits::kPartitionMaxBytes) {
      oversized.emplace_back(range,
                             (bytes + limits::kPartitionMaxBytes - 1) / limits::kPartitionMaxBytes);
    }
  }
  if (oversized.empty()) return 0;
  size_t added = 0;
  {
    std::unique_lock layout(layout_mu_);
    const int64_t now = clock_.NowMillis();
    for (const auto& [range, pieces] : oversized) {
      const size_t index = map_.Find(range.begin);
      if (map_.Range(index) != range) continue;  // split meanwhile; sizes are stale
      // A piece of one item collection (split by sort key) cannot split by hash.
      if (range.begin == range.last) continue;
      const std::vector<uint64_t> cuts = EvenCuts(range, pieces);
      if (ReplaceLocked(index, cuts, now, SplitReason::kSize)) added += cuts.size();
    }
  }
  if (added > 0) PublishLayout();
  return added;
}

PartitionMap Resource::partition_map() const {
  std::shared_lock layout(layout_mu_);
  return map_;
}

SplitLog Resource::split_log() const {
  std::shared_lock layout(layout_mu_);
  return splits_;
}

void Resource::set_layout_listener(LayoutListener listener) {
  std::lock_guard lock(listener_mu_);
  listener_ = std::move(listener);
}

void Resource::PublishLayout() {
  layout_version_.fetch_add(1, std::memory_order_relaxed);
  // The map is read again rather than passed from the split: a later split may have
  // run in between, and the listener must only ever see the newest layout last.
  std::lock_guard lock(listener_mu_);
  if (listener_) listener_(*this, partition_map());
}

ResourceSnapshot Resource::Snapshot(int64_t seconds) const {
  ResourceSnapshot out;
  out.table_name = table_name_;
  out.index_name = index_name_;
  const int64_t now_second = clock_.NowMillis() / 1000;
  std::shared_lock layout(layout_mu_);
  {
    std::lock_guard state(state_mu_);
    out.capacity = limits_.spec();
    out.allowed_read_units_per_second = limits_.AllowedPerSecond(Op::kRead);
    out.allowed_write_units_per_second = limits_.AllowedPerSecond(Op::kWrite);
    out.on_demand_peak_reu = limits_.peak_reu();
  }
  out.layout_version = layout_version();
  for (size_t i = 0; i < out.throttled_by_reason.size(); ++i) {
    out.throttled_by_reason[i] = throttled_[i].load(std::memory_order_relaxed);
  }
  out.totals = retired_;
  out.splits.assign(splits_.events().begin(), splits_.events().end());
  out.splits_dropped = splits_.dropped();
  for (size_t index = 0; index < partitions_.size(); ++index) {
    const auto& partition = partitions_[index];
    PartitionSnapshot p;
    p.range = partition->range();
    p.sort_begin = map_.SortBegin(index);
    p.sort_end = map_.SortEnd(index);
    p.totals = partition->Totals();
    {
      std::lock_guard lock(partition->mu);
      p.recent = partition->ring().Last(now_second, seconds);
    }
    out.totals += p.totals;
    out.partitions.push_back(std::move(p));
  }
  return out;
}

}  // namespace monotable::throughput
