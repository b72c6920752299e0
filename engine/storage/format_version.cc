#include "engine/storage/format_version.h"

#include <rocksdb/db.h>

#include <charconv>

#include "engine/format/catalog_keys.h"
#include "engine/storage/rocks_status.h"

namespace monotable {

Status CheckFormatVersion(rocksdb::DB& db, rocksdb::ColumnFamilyHandle* catalog,
                          const std::string& path) {
  std::string value;
  rocksdb::Status s =
      db.Get(rocksdb::ReadOptions(), catalog, catalog_keys::kFormatVersionKey, &value);
  if (s.IsNotFound()) {
    rocksdb::WriteOptions sync;
    sync.sync = true;
    s = db.Put(sync, catalog, catalog_keys::kFormatVersionKey, std::to_string(kFormatVersion));
    if (s.ok()) return Status::Ok();
  }
  if (!s.ok()) {
    return FromRocks(s, "data directory '" + path + "': cannot read or write its format version");
  }
  uint64_t version = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), version);
  if (ec != std::errc() || end != value.data() + value.size() || version == 0) {
    return Status::Internal("data directory '" + path + "' has a corrupt format version record");
  }
  if (version > kFormatVersion) {
    return Status::Internal("data directory '" + path + "' has on-disk format version " +
                            std::to_string(version) +
                            ", but this monotable reads only versions up to " +
                            std::to_string(kFormatVersion) + ": use a newer monotable");
  }
  return Status::Ok();
}

}  // namespace monotable
