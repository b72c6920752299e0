#pragma once
// The on-disk format version of a data directory: the catalog record
// catalog_keys::kFormatVersionKey, whose value is the version in decimal ASCII. A
// database without it (new, or written before the record existed, which is version 1)
// gets the current version; a database of a newer version is refused, so that an older
// monotable never misreads or rewrites data it does not understand. Bump the version,
// and teach the reader the old one, when a record's layout changes incompatibly.

#include <cstdint>
#include <string>

#include "engine/base/status.h"

namespace rocksdb {
class DB;
class ColumnFamilyHandle;
}  // namespace rocksdb

namespace monotable {

inline constexpr uint64_t kFormatVersion = 1;

// Reads the version record of the database at `path` (for messages) and writes it when
// absent. Not thread-safe: called once, while the database is being opened.
// Errors: kInternal "data directory '<path>' has on-disk format version N, but this
// monotable reads only versions up to 1: use a newer monotable", or naming a corrupt
// record, or a failed read or write.
Status CheckFormatVersion(rocksdb::DB& db, rocksdb::ColumnFamilyHandle* catalog,
                          const std::string& path);

}  // namespace monotable
