#include "engine/storage/stored_items.h"

#include "engine/format/item_codec.h"
#include "engine/storage/perf_counters.h"
#include "engine/storage/rocks_status.h"

namespace monotable {

namespace {

// Reads the value at `key` into *value; false when there is none.
Result<bool> GetStored(const Storage& storage, const Table& table, std::string_view key,
                       const rocksdb::Snapshot* snapshot, rocksdb::PinnableSlice* value) {
  QuietPerfCounters();
  rocksdb::ReadOptions options = storage.read_options();
  options.snapshot = snapshot;
  rocksdb::Status s =
      storage.db()->Get(options, table.family(), rocksdb::Slice(key.data(), key.size()), value);
  if (s.IsNotFound()) return false;
  if (!s.ok()) return FromRocks(s, "reading an item");
  return true;
}

}  // namespace

Result<std::optional<Item>> ReadStoredItem(const Storage& storage, const Table& table,
                                           std::string_view key, const rocksdb::Snapshot* snapshot,
                                           size_t* size) {
  rocksdb::PinnableSlice value;
  MT_ASSIGN_OR_RETURN(found, GetStored(storage, table, key, snapshot, &value));
  if (size) *size = 0;
  if (!found) return std::optional<Item>();
  if (size) {
    MT_ASSIGN_OR_RETURN(stored_size, item_codec::EncodedItemSize({value.data(), value.size()}));
    *size = stored_size;
  }
  auto item = item_codec::Decode({value.data(), value.size()});
  if (!item.ok()) return item.status();
  return std::optional<Item>(std::move(*item));
}

Result<std::optional<size_t>> ReadStoredItemSize(const Storage& storage, const Table& table,
                                                 std::string_view key) {
  rocksdb::PinnableSlice value;
  MT_ASSIGN_OR_RETURN(found, GetStored(storage, table, key, nullptr, &value));
  if (!found) return std::optional<size_t>();
  MT_ASSIGN_OR_RETURN(size, item_codec::EncodedItemSize({value.data(), value.size()}));
  return std::optional<size_t>(size);
}

Result<std::optional<item_codec::EncodedItem>> ReadStoredEncodedItem(
    const Storage& storage, const Table& table, std::string_view key,
    const rocksdb::Snapshot* snapshot) {
  rocksdb::PinnableSlice value;
  MT_ASSIGN_OR_RETURN(found, GetStored(storage, table, key, snapshot, &value));
  if (!found) return std::optional<item_codec::EncodedItem>();
  return std::optional<item_codec::EncodedItem>(std::in_place, value.data(), value.size());
}

Result<std::vector<StoredImage>> ReadStoredImages(const Storage& storage,
                                                  std::span<const StoredItemRead> reads) {
  QuietPerfCounters();
  std::vector<rocksdb::ColumnFamilyHandle*> families(reads.size());
  std::vector<rocksdb::Slice> keys(reads.size());
  for (size_t i = 0; i < reads.size(); ++i) {
    families[i] = reads[i].table->family();
    keys[i] = rocksdb::Slice(reads[i].key.data(), reads[i].key.size());
  }
  std::vector<rocksdb::PinnableSlice> values(reads.size());
  std::vector<rocksdb::Status> statuses(reads.size());
  storage.db()->MultiGet(storage.read_options(), reads.size(), families.data(), keys.data(),
                         values.data(), statuses.data());
  std::vector<StoredImage> images(reads.size());
  for (size_t i = 0; i < reads.size(); ++i) {
    if (statuses[i].IsNotFound()) continue;
    if (!statuses[i].ok()) return FromRocks(statuses[i], "reading items");
    const std::string_view stored(values[i].data(), values[i].size());
    StoredImage& image = images[i];
    image.present = true;
    MT_ASSIGN_OR_RETURN(size, item_codec::EncodedItemSize(stored));
    image.size = size;
    if (reads[i].decode) {
      MT_ASSIGN_OR_RETURN(item, item_codec::Decode(stored));
      image.item = std::move(item);
    }
  }
  return images;
}

}  // namespace monotable
