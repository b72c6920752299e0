#include "engine/read/stored_item_reader.h"

#include "engine/format/item_codec.h"

namespace monotable {

Result<std::optional<Item>> ReadStoredItem(const Storage& storage, const Table& table,
                                           std::string_view key,
                                           const rocksdb::Snapshot* snapshot) {
  rocksdb::ReadOptions options = storage.read_options();
  options.snapshot = snapshot;
  rocksdb::PinnableSlice value;
  rocksdb::Status s =
      storage.db()->Get(options, table.family(), rocksdb::Slice(key.data(), key.size()), &value);
  if (s.IsNotFound()) return std::optional<Item>();
  if (!s.ok()) return Status::Internal(s.ToString());
  auto item = item_codec::Decode({value.data(), value.size()});
  if (!item.ok()) return item.status();
  return std::optional<Item>(std::move(*item));
}

}  // namespace monotable
