#pragma once
// The definition of a table restored from a backup or from a point in time: the
// source's key schema and indexes with the overrides DynamoDB allows (billing mode,
// throughput, on-demand throughput, the GSI and LSI lists), checked by CreateTable's
// own rules (schema/table_rules.h). As in DynamoDB, tags, streams, Time to Live,
// point-in-time recovery, deletion protection and the resource policy are not restored.
// Pure; thread-safe.

#include <string>

#include "engine/api/backup_requests.h"
#include "engine/base/status.h"
#include "engine/schema/table_schema.h"

namespace monotable::backup {

// Errors: kValidation with CreateTable's messages (e.g. an index override on an
// attribute the source never defined).
Result<TableDefinition> RestoredDefinition(const TableDefinition& source,
                                           const std::string& target_table_name,
                                           const RestoreOverrides& overrides, int64_t now_ms);

}  // namespace monotable::backup
