#pragma once
// Checks that items and keys agree with a table's key schema, with DynamoDB's
// messages, and builds the storage key.

#include <string>

#include "engine/attribute_value.h"
#include "engine/status.h"
#include "engine/table_schema.h"

namespace monotable {

// PutItem: the item holds every key attribute with its declared type, non-empty, within
// the key size limits, index key attributes it has suit their indexes
// (CheckIndexKeyValues), and the whole item is at most 400 KB. Returns the table key.
Result<std::string> ValidateItemAndBuildKey(const TableDefinition& table, const Item& item);

// GetItem/DeleteItem: `key` holds exactly the key attributes, of the declared types.
// Returns the table key.
Result<std::string> ValidateKeyAndBuildKey(const TableDefinition& table, const Item& key);

}  // namespace monotable
