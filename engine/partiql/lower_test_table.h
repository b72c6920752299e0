#pragma once
// The table the lowering tests lower against (lower_test.cc, lower_keyed_test.cc): PK/SK
// and a GSI "ByG" on G/SK, as the seeds' single-table designs have.

#include "engine/schema/table_schema.h"

namespace monotable::partiql::testing {

inline TableDefinition LoweringTable() {
  TableDefinition t;
  t.name = "t";
  t.attribute_definitions = {
      {"PK", AttributeType::kS}, {"SK", AttributeType::kS}, {"G", AttributeType::kS}};
  t.key_schema = {{"PK", KeyType::kHash}, {"SK", KeyType::kRange}};
  SecondaryIndexDefinition gsi;
  gsi.name = "ByG";
  gsi.key_schema = {{"G", KeyType::kHash}, {"SK", KeyType::kRange}};
  t.global_secondary_indexes.push_back(gsi);
  return t;
}

}  // namespace monotable::partiql::testing
