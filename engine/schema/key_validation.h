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

// Whether a value of an index key attribute (of the declared type) can be an index
// key: not an empty S or B, and within 2048 bytes for a partition key, 1024 for a sort
// key. An item with a value that does not fit is not in the index (index_entries.h).
bool IndexKeyValueFits(const AttributeValue& value, KeyType key_type);

// A written item may leave index key attributes out, but those it has must suit the
// index: the declared type, IndexKeyValueFits. Errors (kValidation), DynamoDB's texts:
//   One or more parameter values were invalid: Type mismatch for Index Key <attr>
//     Expected: S Actual: N IndexName: <index>
//   One or more parameter values are not valid. A value specified for a secondary
//     index key is not supported. The AttributeValue for a key attribute cannot contain
//     an empty string value. IndexName: <index>, IndexKey: <attr>
//   One or more parameter values were invalid: Size limit exceeded for Index Key <attr>
//     Actual Size: 2049 bytes Max Size: 2048 bytes IndexName: <index>
Status CheckIndexKeyValues(const TableDefinition& table, const SecondaryIndexDefinition& index,
                           const Item& item);

// The same against every index of the table but those being deleted or backfilled: while
// a new GSI backfills, an item that violates its key is written and left out of it, as
// the backfill leaves such items out; once the index is ACTIVE such writes are refused
// (the developer guide, "Detecting and correcting index key violations").
Status CheckIndexKeyValues(const TableDefinition& table, const Item& item);

}  // namespace monotable
