#pragma once
// DynamoDB's rules for CreateTable and UpdateTable that need more than the request's
// shape: key schema against attribute definitions, billing mode and throughput.

#include "engine/requests.h"
#include "engine/status.h"
#include "engine/table_schema.h"

namespace monotable {

// Builds the definition of a new table (without id, time or column family).
// Errors: kValidation with DynamoDB's messages.
Result<TableDefinition> BuildTableDefinition(const CreateTableRequest& request, int64_t now_ms);

// A table's or index's key schema: HASH first, optional RANGE second, distinct names.
// Errors: kValidation "Invalid KeySchema: ...".
Status CheckKeySchema(const std::vector<KeySchemaElement>& key_schema);

// Every attribute of `keys` has a definition. Errors: kValidation "One or more
// parameter values were invalid: Some index key attributes are not defined in
// AttributeDefinitions. Keys: [..], AttributeDefinitions: [..]".
Status CheckKeysDefined(const std::vector<KeySchemaElement>& keys,
                        const std::vector<AttributeDefinition>& definitions);

// A GSI has provisioned throughput exactly when its table is provisioned.
// Errors: kValidation "... ProvisionedThroughput should (not) be null for index: <name>".
Status CheckGlobalIndexThroughput(BillingMode mode, const SecondaryIndexDefinition& index);

// Sets new provisioned units, counting a decrease against DynamoDB's daily limit when
// `count_decreases`. Errors: kLimitExceeded (too many decreases today).
Status ApplyThroughputChange(ProvisionedThroughput& t, const ProvisionedThroughput& want,
                             bool count_decreases, int64_t now_ms);

// Applies an UpdateTable request to a copy of the current definition.
// Errors: kValidation with DynamoDB's messages.
Result<TableDefinition> ApplyTableUpdate(const TableDefinition& current,
                                         const UpdateTableRequest& request, int64_t now_ms);

}  // namespace monotable
