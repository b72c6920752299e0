#pragma once
// A CreateTable request for tests of index maintenance: "pk" (S) / "sk" (N), a GSI
// "byG" on "g" (S, ALL) and an LSI "byL" on "l" (S, KEYS_ONLY), on demand. Header-only;
// include it only from test executables that link monotable_schema (the testing target
// itself does not depend on it).

#include <string>

#include "engine/schema/table_requests.h"

namespace monotable::test_tables {

inline CreateTableRequest IndexedTableRequest(const std::string& name) {
  CreateTableRequest r;
  r.table_name = name;
  r.attribute_definitions = {{"pk", AttributeType::kS},
                             {"sk", AttributeType::kN},
                             {"g", AttributeType::kS},
                             {"l", AttributeType::kS}};
  r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  r.billing_mode = BillingMode::kPayPerRequest;
  SecondaryIndexDefinition gsi;
  gsi.name = "byG";
  gsi.key_schema = {{"g", KeyType::kHash}};
  gsi.projection.type = ProjectionType::kAll;
  r.global_secondary_indexes = {gsi};
  SecondaryIndexDefinition lsi;
  lsi.name = "byL";
  lsi.key_schema = {{"pk", KeyType::kHash}, {"l", KeyType::kRange}};
  lsi.projection.type = ProjectionType::kKeysOnly;
  r.local_secondary_indexes = {lsi};
  return r;
}

}  // namespace monotable::test_tables
