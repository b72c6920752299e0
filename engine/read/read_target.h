#pragma once
// ReadTarget: what a Query or Scan reads — the table itself or one of its secondary
// indexes (IndexName) — with DynamoDB's rules for reading an index checked up front:
// the index exists and is readable, ConsistentRead is refused on GSIs, Select suits
// the projection, and LSIs fetch attributes they do not project from the table.
// Plain data plus pure functions; thread-compatible.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/api/requests.h"
#include "engine/base/attribute_value.h"
#include "engine/base/clock.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"

namespace monotable {

struct ReadTarget {
  std::shared_ptr<const TableLayout> layout;  // keeps the definition and families alive
  const LiveIndex* index = nullptr;           // null: the table
  rocksdb::ColumnFamilyHandle* family = nullptr;
  // The key schema that Query's key condition and the key order follow.
  std::vector<KeySchemaElement> key_schema;
  // The attributes of a LastEvaluatedKey / ExclusiveStartKey: the index keys, then the
  // table keys not among them.
  std::vector<std::string> page_key_names;
  // LSI only: the index does not hold every attribute the request needs, so each
  // entry's item is read from the table.
  bool fetch_from_table = false;

  const TableDefinition& table() const { return *layout->definition; }
  // Whether stored keys end with the sort key (the table) or continue past it with the
  // table key (an index, whose sort key is then encoded in its non-last form).
  bool sort_key_is_last() const { return index == nullptr; }
};

// Resolves request.index_name against the table. Errors (kValidation), DynamoDB's
// texts:
//   The table does not have the specified index: <name>
//   Consistent reads are not supported on global secondary indexes
//   Cannot read from backfilling global secondary index: <name>
//   One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not
//     supported for global secondary index <name> because its projection type is not ALL
//   One or more parameter values were invalid: Global secondary index <name> does not
//     project [<attributes>]   (a ProjectionExpression/AttributesToGet naming others)
// `clock` (may be null) tells whether a GSI is still shown CREATING by its
// transient-status delay (schema/transient_status.h): it is read only for such a GSI.
Result<ReadTarget> ResolveReadTarget(const Table& table, const ReadPageRequest& request,
                                     const Clock* clock = nullptr);

// The stored key an ExclusiveStartKey designates in the target. Errors (kValidation):
// for the table, the texts of ValidateKeyAndBuildKey (callers reword them); for an
// index "The provided starting key is invalid" (attributes missing or extra) or "The
// provided starting key is invalid: The provided key element does not match the
// schema" (a wrong type).
Result<std::string> StoredKeyOf(const ReadTarget& target, const Item& key);

}  // namespace monotable
