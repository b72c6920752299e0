#pragma once
// The JSON of backups and restores: backup ARNs, BackupDescription (BackupDetails,
// SourceTableDetails, SourceTableFeatureDetails), BackupSummary, epoch-second dates in
// requests, and the overrides of RestoreTableFromBackup/RestoreTableToPointInTime.

#include <optional>
#include <string>
#include <string_view>

#include "engine/api/backup_requests.h"
#include "engine/base/status.h"
#include "protocol/json_reader.h"
#include "protocol/json_writer.h"
#include "protocol/ops/operation_context.h"

namespace monotable::protocol::ops {

// The backup id of "arn:aws:dynamodb:<region>:<account>:table/<name>/backup/<id>" in
// the caller's region and account. Errors: kBackupNotFound "Backup not found: <arn>"
// for anything else (no backup can have that ARN).
Result<std::string> BackupIdOfArn(const OperationContext& ctx, std::string_view arn);
// kBackupNotFound/kBackupInUse from the engine carry no message: name the ARN.
Status NameBackupArn(Status status, std::string_view arn);

// A table name or table ARN (CreateBackup's TableName, ListBackups', the PITR
// source): the name. Errors: ResolveTableArn's.
Result<std::string> TableNameOrArn(const OperationContext& ctx, std::string_view value);

std::string BackupArnOf(const OperationContext& ctx, const BackupInfo& backup);
void WriteBackupDetails(JsonWriter& w, const OperationContext& ctx, const BackupInfo& backup);
void WriteBackupDescription(JsonWriter& w, const OperationContext& ctx, const BackupInfo& backup);
void WriteBackupSummary(JsonWriter& w, const OperationContext& ctx, const BackupInfo& backup);

// A date member in epoch seconds (integer or fractional), as milliseconds; nullopt
// when absent. Errors: kSerialization when not a number.
Result<std::optional<int64_t>> OptionalEpochMillis(JsonObject object, std::string_view key);

// BillingModeOverride, ProvisionedThroughputOverride, OnDemandThroughputOverride,
// GlobalSecondaryIndexOverride and LocalSecondaryIndexOverride; SSESpecificationOverride
// is accepted when it asks for no customer key (monotable stores data unencrypted, as
// DynamoDB's default AWS-owned key is invisible to clients). The model checked the
// members' constraints. Errors: kSerialization, kValidation (a KMS key).
Result<RestoreOverrides> DecodeRestoreOverrides(JsonObject request);

}  // namespace monotable::protocol::ops
