// BackupControl's point-in-time recovery switch: UpdateContinuousBackups and
// DescribeContinuousBackups, the change histories they start and stop, and trimming.
#include <algorithm>

#include "engine/backup/backup_control.h"
#include "engine/format/catalog_keys.h"
#include "engine/history/change_history.h"

namespace monotable::backup {
namespace {

constexpr int64_t kDayMs = int64_t{24} * 3600 * 1000;
// A write that read the table's history pointer just before it was attached may commit
// a moment later without a record: the window starts this long after enabling, so no
// restorable time can miss such a write.
constexpr int64_t kEnableMarginMs = 1000;

uint64_t TableNumber(const TableDefinition& definition) {
  return catalog_keys::FamilyNumber(definition.column_family);
}

}  // namespace

Status BackupControl::AttachHistory(Table& table) const {
  auto definition = table.definition();
  table.set_history(std::make_shared<history::ChangeHistory>(TableNumber(*definition), clock_));
  return Status::Ok();
}

ContinuousBackupsInfo BackupControl::Describe(const TableDefinition& definition) const {
  ContinuousBackupsInfo info;
  const auto& pitr = definition.point_in_time_recovery;
  if (!pitr.enabled) return info;
  info.pitr_enabled = true;
  info.recovery_period_days = pitr.recovery_period_days;
  const int64_t now = clock_.NowMillis();
  info.latest_restorable_ms = now;
  info.earliest_restorable_ms =
      std::min(now, std::max(pitr.enabled_ms, now - pitr.recovery_period_days * kDayMs));
  return info;
}

Result<ContinuousBackupsInfo> BackupControl::UpdateContinuousBackups(
    const std::string& ns, const std::string& table_name, bool enabled,
    std::optional<int64_t> period_days) {
  auto table = catalog_.Find(ns, table_name);
  if (!table) return Status(ErrorCode::kTableNotFound, "Table not found: " + table_name);
  auto before = table->definition();
  const bool was_enabled = before->point_in_time_recovery.enabled;
  // The history is attached before the definition says enabled, and detached after.
  if (enabled && !was_enabled) MT_RETURN_IF_ERROR(AttachHistory(*table));
  const int64_t now = clock_.NowMillis();
  Status updated =
      catalog_.Update(ns, *table, [&](const TableDefinition& current) -> Result<TableDefinition> {
        TableDefinition next = current;
        auto& pitr = next.point_in_time_recovery;
        if (enabled && !pitr.enabled) pitr.enabled_ms = now + kEnableMarginMs;
        if (enabled) pitr.recovery_period_days = period_days.value_or(35);
        pitr.enabled = enabled;
        return next;
      });
  if (!updated.ok()) {
    if (!was_enabled) table->set_history(nullptr);
    return updated;
  }
  auto after = table->definition();
  if (!enabled && was_enabled) {
    table->set_history(nullptr);
    MT_RETURN_IF_ERROR(history::Trim(storage_, TableNumber(*after), INT64_MAX));
  }
  return Describe(*after);
}

Result<ContinuousBackupsInfo> BackupControl::DescribeContinuousBackups(
    const std::string& ns, const std::string& table_name) const {
  auto table = catalog_.Find(ns, table_name);
  if (!table) return Status(ErrorCode::kTableNotFound, "Table not found: " + table_name);
  auto definition = table->definition();
  return Describe(*definition);
}

Status BackupControl::ForgetTable(const TableDefinition& deleted) {
  if (!deleted.point_in_time_recovery.enabled) return Status::Ok();
  return history::Trim(storage_, TableNumber(deleted), INT64_MAX);
}

Status BackupControl::TrimHistories() {
  for (const auto& [ns, table] : catalog_.All()) {
    const auto definition = table->definition();
    if (!definition->point_in_time_recovery.enabled) continue;
    const ContinuousBackupsInfo window = Describe(*definition);
    MT_RETURN_IF_ERROR(
        history::Trim(storage_, TableNumber(*definition), window.earliest_restorable_ms));
  }
  return Status::Ok();
}

}  // namespace monotable::backup
