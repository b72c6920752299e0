#pragma once
// Decoding the schema parts of CreateTable/UpdateTable requests (attribute
// definitions, key schemas, throughput, indexes), collecting constraint violations
// in DynamoDB's wording under the member path given ("keySchema", ...).

#include <optional>
#include <string>
#include <vector>

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/schema/table_schema.h"
#include "protocol/json_reader.h"

namespace monotable::protocol::ops {

// Each returns kSerialization on wrong JSON types; constraint violations go to `errors`.
Result<std::vector<AttributeDefinition>> DecodeAttributeDefinitions(JsonArray array,
                                                                    const std::string& path,
                                                                    ConstraintErrors& errors);
Result<std::vector<KeySchemaElement>> DecodeKeySchema(JsonArray array, const std::string& path,
                                                      ConstraintErrors& errors);
Result<ProvisionedThroughput> DecodeThroughput(JsonObject object, const std::string& path,
                                               ConstraintErrors& errors);
Result<std::optional<BillingMode>> DecodeBillingMode(JsonObject request, ConstraintErrors& errors);
// GlobalSecondaryIndexes / LocalSecondaryIndexes of CreateTable.
Result<std::vector<SecondaryIndexDefinition>> DecodeIndexes(JsonArray array,
                                                            const std::string& path, bool global,
                                                            ConstraintErrors& errors);
// A GSI's optional ProvisionedThroughput, under `member` + ".provisionedThroughput".
// OnDemandThroughput and WarmThroughput of a CreateTable/UpdateTable request or of a
// GSI in it (absent: nullopt). Values are checked by the schema rules.
Result<std::optional<OnDemandThroughput>> DecodeOnDemandThroughput(JsonObject object);
Result<std::optional<WarmThroughput>> DecodeWarmThroughput(JsonObject object,
                                                           const std::string& path,
                                                           ConstraintErrors& errors);

Status DecodeIndexThroughput(JsonObject object, const std::string& member,
                             SecondaryIndexDefinition& index, ConstraintErrors& errors);
// GlobalSecondaryIndexUpdates of UpdateTable (Create, Update, Delete actions).
Result<std::vector<UpdateTableRequest::IndexUpdate>> DecodeIndexUpdates(JsonArray array,
                                                                        ConstraintErrors& errors);
// StreamSpecification of CreateTable/UpdateTable (nullopt when absent): StreamEnabled
// is required, StreamViewType one of the four view types.
Result<std::optional<StreamSpecificationRequest>> DecodeStreamSpecification(
    JsonObject request, ConstraintErrors& errors);

}  // namespace monotable::protocol::ops
