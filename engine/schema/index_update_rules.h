#pragma once
// DynamoDB's rules for UpdateTable's GlobalSecondaryIndexUpdates: one online index
// creation or deletion per table at a time, new index keys defined in the request's
// AttributeDefinitions, throughput to suit the billing mode.

#include <cstdint>

#include "engine/base/status.h"
#include "engine/schema/table_requests.h"
#include "engine/schema/table_schema.h"

namespace monotable {

// Applies request.index_updates to `next` (the table's definition with the request's
// other changes already applied): a created GSI is added CREATING and backfilling,
// without a column family (the catalog gives it one); a deleted one becomes DELETING;
// an updated one takes its new throughput. Errors, DynamoDB's texts:
//   kLimitExceeded "Subscriber limit exceeded: Only 1 online index can be created or
//     deleted simultaneously per table" (two in one request, or one still in progress)
//   kValidation "Attempting to create an index which already exists"
//   kValidation "One or more parameter values were invalid: AttributeDefinitions is not
//     specified for index: <name>" (a Create without any), "... Some index key attributes
//     are not defined in AttributeDefinitions. Keys: [..], AttributeDefinitions: [..]"
//   kValidation "... The only Updates for index: <name> when TableThroughputMode is
//     PAY_PER_REQUEST can be to OnDemandThroughput, WarmThroughput" (an Update with
//     provisioned throughput on an on-demand table)
//   kValidation "The provisioned throughput for the index <name> will not change. ..."
//   kResourceNotFound "Requested resource not found: Index: <name> not found"
//   and the key schema, throughput and index-count errors of CreateTable.
Status ApplyIndexUpdates(const UpdateTableRequest& request, int64_t now_ms, TableDefinition& next);

}  // namespace monotable
