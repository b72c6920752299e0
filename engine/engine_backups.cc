// Engine: backups, restores and point-in-time recovery, forwarded to BackupControl
// (backup/backup_control.h); a restore answers with the new table's description.

#include "engine/engine.h"
#include "engine/engine_impl.h"

namespace monotable {
namespace {

// A restored table as created: empty and CREATING. (Its load runs on the backup worker
// and may be over before DescribeTable could run.)
TableDescription Creating(TableDefinition definition) {
  TableDescription description;
  description.definition = std::move(definition);
  return description;
}

}  // namespace

Result<BackupInfo> Engine::CreateBackup(const RequestContext& ctx, const std::string& table_name,
                                        const std::string& backup_name) {
  return impl_->backups->CreateBackup(ctx.ns, table_name, backup_name);
}
Result<BackupInfo> Engine::DescribeBackup(const RequestContext& ctx, const std::string& backup_id) {
  return impl_->backups->DescribeBackup(ctx.ns, backup_id);
}
Result<ListBackupsResult> Engine::ListBackups(const RequestContext& ctx,
                                              const ListBackupsRequest& request) {
  return impl_->backups->ListBackups(ctx.ns, request);
}
Result<BackupInfo> Engine::DeleteBackup(const RequestContext& ctx, const std::string& backup_id) {
  return impl_->backups->DeleteBackup(ctx.ns, backup_id);
}
Result<TableDescription> Engine::RestoreTableFromBackup(const RequestContext& ctx,
                                                        const RestoreFromBackupRequest& request) {
  MT_ASSIGN_OR_RETURN(created, impl_->backups->RestoreFromBackup(ctx.ns, request));
  return impl_->WithWarm(ctx, Creating(std::move(created)));
}
Result<TableDescription> Engine::RestoreTableToPointInTime(
    const RequestContext& ctx, const RestoreToPointInTimeRequest& request) {
  MT_ASSIGN_OR_RETURN(created, impl_->backups->RestoreToPointInTime(ctx.ns, request));
  return impl_->WithWarm(ctx, Creating(std::move(created)));
}
Result<ContinuousBackupsInfo> Engine::UpdateContinuousBackups(const RequestContext& ctx,
                                                              const std::string& table_name,
                                                              bool enabled,
                                                              std::optional<int64_t> period_days) {
  return impl_->backups->UpdateContinuousBackups(ctx.ns, table_name, enabled, period_days);
}
Result<ContinuousBackupsInfo> Engine::DescribeContinuousBackups(const RequestContext& ctx,
                                                                const std::string& table_name) {
  return impl_->backups->DescribeContinuousBackups(ctx.ns, table_name);
}
void Engine::WaitForBackups() { impl_->backups->Drain(); }

}  // namespace monotable
