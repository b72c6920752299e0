#pragma once
// TableDescription as DynamoDB's JSON (the value of "TableDescription"/"Table").

#include <string_view>
#include <vector>

#include "engine/schema/table_schema.h"
#include "protocol/json_writer.h"

namespace monotable::protocol {

// "arn:aws:dynamodb:<region>:<account>:table/<name>"
std::string TableArn(std::string_view region, std::string_view account_id, std::string_view table);

// "<table ARN>/backup/<backup id>"
std::string BackupArn(std::string_view region, std::string_view account_id, std::string_view table,
                      std::string_view backup_id);

// A ProvisionedThroughput object, and a Projection object.
void WriteThroughput(JsonWriter& w, const ProvisionedThroughput& t);
void WriteProjection(JsonWriter& w, const Projection& projection);

// A KeySchema array: [{"AttributeName": ..., "KeyType": "HASH"|"RANGE"}].
void WriteKeySchema(JsonWriter& w, const std::vector<KeySchemaElement>& schema);

// kDeleting: the form DeleteTable answers with, which leaves out the key schema, the
// attribute definitions, the creation time and the indexes (AWS CLI's DeleteTable
// example and output reference: "If the table is in the DELETING state, no information
// about indexes will be returned"; scylladb's test_delete_table_description*, run
// against DynamoDB).
enum class TableDescriptionForm { kFull, kDeleting };

void WriteTableDescription(JsonWriter& w, const TableDescription& description,
                           std::string_view region, std::string_view account_id,
                           TableDescriptionForm form = TableDescriptionForm::kFull);

}  // namespace monotable::protocol
