#pragma once
// Rules on table and index definitions that both CreateTable (table_rules.h) and
// UpdateTable's index updates (index_update_rules.h) apply. Pure functions; thread-safe.

#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/base/status.h"
#include "engine/schema/table_schema.h"

namespace monotable {

// The prefix of DynamoDB's "invalid parameter" validation messages.
inline constexpr std::string_view kInvalidParameter = "One or more parameter values were invalid: ";

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

// OnDemandThroughput of a table (empty `index_name`) or GSI: only on an on-demand table,
// each maximum at least 1 or -1 (remove the maximum). Errors: kValidation "One or more
// parameter values were invalid: Requested MaxReadRequestUnits for OnDemandThroughput
// for table is outside of valid range" (and the same for writes and indexes).
Status CheckOnDemandThroughput(BillingMode mode, const std::optional<OnDemandThroughput>& t,
                               std::string_view index_name);

// Applies a requested OnDemandThroughput or WarmThroughput over the current one: the
// members given replace the current ones.
void MergeOnDemandThroughput(std::optional<OnDemandThroughput>& current,
                             const std::optional<OnDemandThroughput>& requested);
void MergeWarmThroughput(std::optional<WarmThroughput>& current,
                         const std::optional<WarmThroughput>& requested);

// Sets new provisioned units, counting a decrease against DynamoDB's daily limit when
// `count_decreases`. Errors: kLimitExceeded (too many decreases today).
Status ApplyThroughputChange(ProvisionedThroughput& t, const ProvisionedThroughput& want,
                             bool count_decreases, int64_t now_ms);

}  // namespace monotable
