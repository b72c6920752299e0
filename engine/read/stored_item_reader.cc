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

Result<std::vector<std::optional<Item>>> ReadStoredItems(const Storage& storage, const Table& table,
                                                         const std::vector<std::string>& keys) {
  std::vector<rocksdb::Slice> slices(keys.begin(), keys.end());
  std::vector<rocksdb::PinnableSlice> values(keys.size());
  std::vector<rocksdb::Status> statuses(keys.size());
  storage.db()->MultiGet(storage.read_options(), table.family(), keys.size(), slices.data(),
                         values.data(), statuses.data());
  std::vector<std::optional<Item>> items(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    if (statuses[i].IsNotFound()) continue;
    if (!statuses[i].ok()) return Status::Internal(statuses[i].ToString());
    auto item = item_codec::Decode({values[i].data(), values[i].size()});
    if (!item.ok()) return item.status();
    items[i] = std::move(*item);
  }
  return items;
}

}  // namespace monotable
