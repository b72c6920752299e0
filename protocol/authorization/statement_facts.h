#pragma once
// What one PartiQL statement shows IAM (the Service Authorization Reference lists, for
// dynamodb:PartiQLSelect, PartiQLInsert, PartiQLUpdate and PartiQLDelete, the keys
// dynamodb:LeadingKeys and dynamodb:Attributes; for PartiQLSelect also dynamodb:Select
// and dynamodb:FullTableScan; for PartiQLUpdate and PartiQLDelete dynamodb:ReturnValues),
// read off the parsed statement as the item operations' keys are read off their JSON
// (item_facts.h):
//  - leading_keys: the partition key values the statement names: its WHERE's
//    `pk = v` or `pk IN [...]` among the AND-ed conditions (or an OR of such), or an
//    INSERT's item; a '?' is the request's Parameters element;
//  - attributes: the first name of every attribute path the statement names (select
//    list, WHERE, SET and REMOVE, the INSERT item's names);
//  - full_table_scan: a SELECT whose WHERE names no partition key value reads the
//    whole table or index (ql-reference.select: "Using the SELECT statement can result
//    in a full table scan if an equality or IN condition with a partition key is not
//    provided in the WHERE clause");
//  - select: ALL_ATTRIBUTES for `SELECT *`, else SPECIFIC_ATTRIBUTES;
//  - return_values: an UPDATE's or DELETE's RETURNING mode (ALL_OLD, UPDATED_OLD,
//    ALL_NEW, UPDATED_NEW), NONE without one.
// The handler refuses a statement that does not lower after authorization. Pure;
// thread-safe.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "engine/partiql/ast.h"
#include "protocol/json_reader.h"

namespace monotable::protocol::authorization {

struct StatementFacts {
  std::vector<std::string> leading_keys;
  std::vector<std::string> attributes;
  bool full_table_scan = false;
  std::string_view select = "ALL_ATTRIBUTES";
  std::string_view return_values = "NONE";
};

// `partition_key`: the partition key attribute of the table or index the statement
// reads or writes ("" when unknown: no leading keys). `parameters`: the request's.
StatementFacts FactsOf(const partiql::ast::Statement& statement, std::string_view partition_key,
                       std::optional<JsonArray> parameters);

}  // namespace monotable::protocol::authorization
