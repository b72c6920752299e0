#include "engine/ttl/time_to_live.h"

#include <rocksdb/write_batch.h>

#include "engine/base/not_found.h"
#include "engine/format/expiry_keys.h"
#include "engine/format/key_codec.h"
#include "engine/ttl/expiry_index.h"

namespace monotable::ttl {

Result<TimeToLiveDescription> TimeToLiveControl::Describe(const std::string& ns,
                                                          const std::string& name) const {
  auto table = catalog_.Find(ns, name);
  if (!table) return TableNotFound(name);
  // Held while read: a reference into the temporary dangled once the backfill published
  // a new definition (a use after free ThreadSanitizer found, tests/tsan.sh).
  auto definition = table->definition();
  const TimeToLiveSettings& ttl = definition->time_to_live;
  TimeToLiveDescription description;
  description.enabled = ttl.enabled;
  if (ttl.enabled) description.attribute_name = ttl.attribute_name;
  return description;
}

Result<TimeToLiveSpecification> TimeToLiveControl::Update(const std::string& ns,
                                                          const UpdateTimeToLiveRequest& request) {
  std::lock_guard serial(mutex_);
  auto table = catalog_.Find(ns, request.table_name);
  if (!table) return TableNotFound(request.table_name);
  const TimeToLiveSpecification& spec = request.specification;
  const int64_t now_ms = clock_.NowMillis();
  if (auto before = table->definition(); spec.enabled && !before->time_to_live.enabled) {
    // Entries of a disabled table are leftovers of a crash while disabling: they go
    // before writes maintain the index again.
    MT_RETURN_IF_ERROR(DropEntries(*before));
  }
  MT_RETURN_IF_ERROR(
      catalog_.Update(ns, *table, [&](const TableDefinition& current) -> Result<TableDefinition> {
        const TimeToLiveSettings& ttl = current.time_to_live;
        if (ttl.enabled && ttl.attribute_name != spec.attribute_name) {
          return Status::Validation(kDifferentAttribute + ttl.attribute_name);
        }
        if (ttl.enabled && spec.enabled) return Status::Validation(kAlreadyEnabled);
        if (!ttl.enabled && !spec.enabled) return Status::Validation(kAlreadyDisabled);
        if (ttl.changed_ms != 0 && change_interval_ms_ > 0 &&
            now_ms - ttl.changed_ms < change_interval_ms_) {
          return Status::Validation(kModifiedTooOften);
        }
        TableDefinition next = current;
        next.time_to_live.enabled = spec.enabled;
        // The attribute is kept when disabled (DescribeTimeToLive no longer shows it).
        next.time_to_live.attribute_name = spec.attribute_name;
        next.time_to_live.changed_ms = now_ms;
        // Items written before this layout is published are indexed by the backfill
        // (also on an empty table: a write may land before the layout is seen).
        next.time_to_live.backfilling = spec.enabled;
        return next;
      }));
  if (spec.enabled) {
    backfiller_.Start(ns, table);
  } else {
    // No entry may survive: the backfill ends, writes that still maintain the index
    // with the previous layout finish, then the entries go.
    backfiller_.Stop(*table);
    locks_.Barrier();
    auto after = table->definition();
    MT_RETURN_IF_ERROR(DropEntries(*after));
  }
  return spec;
}

Status TimeToLiveControl::DropEntries(const TableDefinition& table) {
  rocksdb::WriteBatch batch;
  const std::string prefix = expiry_keys::TablePrefix(TableNumber(table));
  batch.DeleteRange(storage_.expiry(), prefix, key_codec::PrefixSuccessor(prefix));
  batch.Delete(storage_.catalog(), TtlBackfiller::ProgressKey(table));
  return storage_.Write(&batch);
}

void TimeToLiveControl::Continue(const std::string& ns, const std::shared_ptr<Table>& table) {
  auto definition = table->definition();  // held while read, as in Describe
  const TimeToLiveSettings& ttl = definition->time_to_live;
  if (ttl.enabled && ttl.backfilling) backfiller_.Start(ns, table);
}

}  // namespace monotable::ttl
