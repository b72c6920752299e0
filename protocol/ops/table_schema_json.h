#pragma once
// Decoding the schema parts of CreateTable/UpdateTable requests (attribute
// definitions, key schemas, throughput, indexes, streams). The service model's member
// constraints (required members, lengths, enums, ranges) were checked before
// (model_validation.h): these decoders only convert, and what the model cannot state is
// left to the schema rules (engine/schema/create_table_checks.h, table_rules.h).
// Stateless and thread-safe.

#include <optional>
#include <string>
#include <vector>

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/schema/table_schema.h"
#include "protocol/json_reader.h"

namespace monotable::protocol::ops {

// Each returns kSerialization on wrong JSON types, kInternal for a value the model
// check should have refused (UnknownModelValue).
Result<std::vector<AttributeDefinition>> DecodeAttributeDefinitions(JsonArray array);
Result<std::vector<KeySchemaElement>> DecodeKeySchema(JsonArray array);
Result<ProvisionedThroughput> DecodeThroughput(JsonObject object);
// BillingMode, or BillingModeOverride (RestoreTableFromBackup): nullopt when absent.
Result<std::optional<BillingMode>> DecodeBillingMode(JsonObject request, std::string_view member);
// GlobalSecondaryIndexes / LocalSecondaryIndexes of CreateTable (and a restore's
// overrides): a missing ProjectionType is left to the schema rules (type_given).
Result<std::vector<SecondaryIndexDefinition>> DecodeIndexes(JsonArray array, bool global);
// OnDemandThroughput of a request or a GSI (absent: nullopt; values are checked by
// the schema rules).
Result<std::optional<OnDemandThroughput>> DecodeOnDemandThroughput(JsonObject object);

// The capacity members CreateTable and UpdateTable share.
struct CapacityMembers {
  std::optional<BillingMode> billing_mode;
  std::optional<ProvisionedThroughput> throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::optional<WarmThroughput> warm_throughput;
  std::optional<bool> deletion_protection;
};
// Errors: kSerialization; kValidation "1 validation error detected: Value '0' at
// 'warmThroughput.readUnitsPerSecond' failed to satisfy constraint: Member must have
// value greater than or equal to 1" (a rule the model does not state).
Result<CapacityMembers> DecodeCapacityMembers(JsonObject request);

// GlobalSecondaryIndexUpdates of UpdateTable (Create, Update, Delete actions). Errors,
// besides the decoders', kValidation "One or more parameter values were invalid: " and
// "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create,
// GlobalSecondaryIndexUpdate.Delete must not be null" (an element with no action), "Only
// one global secondary index action is allowed per GlobalSecondaryIndexUpdate object",
// "Only one global secondary index update per index is allowed simultaneously. Index:
// <name>" (dynalite's tests against DynamoDB; ack-api-quirks DDB-TABLE-442).
Result<std::vector<UpdateTableRequest::IndexUpdate>> DecodeIndexUpdates(JsonArray array);
// StreamSpecification of CreateTable/UpdateTable (nullopt when absent).
Result<std::optional<StreamSpecificationRequest>> DecodeStreamSpecification(JsonObject request);

}  // namespace monotable::protocol::ops
