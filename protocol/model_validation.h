#pragma once
// Checks a request body against its operation's member constraints from the service
// model (model_constraints.h) and reports every violation as DynamoDB does:
//   2 validation errors detected: Value 'a;' at 'tableName' failed to satisfy
//   constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value
//   'a;' at 'tableName' failed to satisfy constraint: Member must have length greater
//   than or equal to 3
// Nested members are named by DynamoDB's paths: 'keySchema.1.member.attributeName' for
// list elements (counted from 1), 'keyConditions.a.member.comparisonOperator' for map
// values. This is the one place these rules are checked; the operations decode what
// passed. Stateless and thread-safe.

#include <string_view>

#include "engine/base/status.h"
#include "protocol/json_reader.h"

namespace monotable::protocol {

// Errors: kSerialization when a member has the wrong JSON type (the first one met);
// kValidation with all the constraint violations, in DynamoDB's order. Reported alone,
// before the rest: CreateTable without a TableName ("The parameter 'TableName' is
// required but was not present in the request"), BatchGetItem and BatchWriteItem without
// RequestItems or with an empty one ("The requestItems parameter is required for
// BatchGetItem"), and the table name of CreateTable, DescribeTable, UpdateTable and
// DeleteTable (json_reader.h: CheckControlPlaneTableName). The few members DynamoDB
// reports in its newer framework's words ("Value at 'Limit' ...", Query's Limit and
// BatchGetItem's Keys) are worded so. An operation the models do not know is not checked.
Status ValidateAgainstModel(std::string_view operation, JsonObject request);

}  // namespace monotable::protocol
