#pragma once
// DynamoDB's rules for CreateTable and UpdateTable that need more than the request's
// shape: key schema against attribute definitions, billing mode and throughput.

#include "engine/base/status.h"
#include "engine/schema/table_requests.h"
#include "engine/schema/table_schema.h"

namespace monotable {

// Builds the definition of a new table (without id, time or column family).
// Errors: kValidation with DynamoDB's messages.
Result<TableDefinition> BuildTableDefinition(const CreateTableRequest& request, int64_t now_ms);

// Applies an UpdateTable request to a copy of the current definition.
// Errors: kValidation with DynamoDB's messages.
Result<TableDefinition> ApplyTableUpdate(const TableDefinition& current,
                                         const UpdateTableRequest& request, int64_t now_ms);

}  // namespace monotable
