#pragma once
// Checks that items and keys agree with a table's key schema, with DynamoDB's
// messages, and builds the storage key.

#include <string>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/schema/table_schema.h"

namespace monotable {

// BatchGetItem and BatchWriteItem name one item twice.
inline constexpr char kDuplicateKeys[] = "Provided list of item keys contains duplicates";

// PutItem: the item holds every key attribute with its declared type, non-empty, within
// the key size limits, index key attributes it has suit their indexes
// (CheckIndexKeyValues), and the whole item is at most 400 KB. Returns the table key,
// and the item's size (ItemSize) in `*item_size` when given, so callers need not walk
// the item again.
Result<std::string> ValidateItemAndBuildKey(const TableDefinition& table, const Item& item,
                                            size_t* item_size = nullptr);

// GetItem/DeleteItem: `key` holds exactly the key attributes, of the declared types.
// Returns the table key.
Result<std::string> ValidateKeyAndBuildKey(const TableDefinition& table, const Item& key);

// A written item may leave index key attributes out, but those it has must suit every
// index that is not being deleted. Errors (kValidation), DynamoDB's texts:
//   One or more parameter values were invalid: Type mismatch for Index Key <attr>
//     Expected: S Actual: N IndexName: <index>
//   One or more parameter values are not valid. A value specified for a secondary
//     index key is not supported. The AttributeValue for a key attribute cannot contain
//     an empty string value. IndexName: <index>, IndexKey: <attr>
Status CheckIndexKeyValues(const TableDefinition& table, const Item& item);

}  // namespace monotable
