#pragma once
// Rules on table and index definitions that both CreateTable (table_rules.h) and
// UpdateTable's index updates (index_update_rules.h) apply. Pure functions; thread-safe.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"
#include "engine/schema/table_schema.h"

namespace monotable {

// The prefix of DynamoDB's "invalid parameter" validation messages.
inline constexpr std::string_view kInvalidParameter = "One or more parameter values were invalid: ";

// Names as DynamoDB's validation messages list them: "[a, b]".
std::string JoinNames(const std::vector<std::string>& names);

// A table's or index's key schema, checked in DynamoDB's order: distinct names
// ("Both the Hash Key and the Range Key element in the KeySchema have the same name"),
// HASH first, RANGE second ("Invalid KeySchema: The first KeySchemaElement is not a
// HASH key type", "... second ... RANGE key type"), and no third element (a GSI key of
// several attributes, which monotable does not do). Errors: kValidation.
Status CheckKeySchema(const std::vector<KeySchemaElement>& key_schema);

// Throughput against the billing mode: none when PAY_PER_REQUEST, both units when
// PROVISIONED, within the account's quota. Errors: kValidation "One or more parameter
// values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified
// when BillingMode is PAY_PER_REQUEST" / "ReadCapacityUnits and WriteCapacityUnits must
// both be specified when BillingMode is PROVISIONED"; kLimitExceeded "Subscriber limit
// exceeded: Provisioned throughput for the table exceeds the account limit of 40000 units".
Status CheckThroughputForMode(BillingMode mode, const std::optional<ProvisionedThroughput>& t);

// Every attribute of `keys` has a definition. Errors: kValidation "One or more
// parameter values were invalid: Some index key attributes are not defined in
// AttributeDefinitions. Keys: [..], AttributeDefinitions: [..]".
Status CheckKeysDefined(const std::vector<KeySchemaElement>& keys,
                        const std::vector<AttributeDefinition>& definitions);

// Which operation a GSI's throughput is checked for: CreateTable and UpdateTable word
// the same rule differently.
enum class IndexThroughputCheck { kCreateTable, kUpdateTable };

// A GSI has provisioned throughput exactly when its table is provisioned. Errors:
// kValidation "One or more parameter values were invalid: " and, for CreateTable,
// "ProvisionedThroughput is not specified for index: <name>" / "ProvisionedThroughput
// should not be specified for index: <name> when BillingMode is PAY_PER_REQUEST"; for
// UpdateTable "ProvisionedThroughput must be specified for index: <name>" / "Neither
// ReadCapacityUnits nor WriteCapacityUnits can be specified for index: <name> when
// BillingMode is PAY_PER_REQUEST".
Status CheckGlobalIndexThroughput(BillingMode mode, const SecondaryIndexDefinition& index,
                                  IndexThroughputCheck check);

// A new index's Projection: a ProjectionType, NonKeyAttributes exactly with INCLUDE.
// Errors: kValidation "One or more parameter values were invalid: " and "Unknown
// ProjectionType: null", "ProjectionType is <type>, but NonKeyAttributes is specified",
// "ProjectionType is INCLUDE, but NonKeyAttributes is not specified", "Duplicate
// element in NonKeyAttributes: <name>".
Status CheckProjection(const Projection& projection);

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
