#pragma once
// Persisted form of a TableDefinition in the catalog column family. It reuses the
// item codec: a definition is written as an attribute map with frozen field names.

#include <string>
#include <string_view>

#include "engine/base/status.h"
#include "engine/schema/table_schema.h"

namespace monotable::catalog_codec {

std::string Encode(const TableDefinition& table);
// kInternal when the record is corrupt.
Result<TableDefinition> Decode(std::string_view bytes);

}  // namespace monotable::catalog_codec
