#pragma once
// Reading stored items by key: decoded into an Item (the write path, which computes
// the new image from the old one, and the backfills), or as stored (the reads that
// return items: GetItem, BatchGetItem, TransactGetItems), which go to their JSON
// response undecoded. In storage/, below every folder that reads items by key.
//
// Thread-safety: thread-safe (RocksDB's reads are).

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/format/item_codec.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace monotable {

// The item stored at `key` in `table` (as of `snapshot` when given), or nullopt.
// `size`, when given, receives its ItemSize (from the stored header; 0 when none).
// Errors: kInternal (I/O, corruption).
Result<std::optional<Item>> ReadStoredItem(const Storage& storage, const Table& table,
                                           std::string_view key,
                                           const rocksdb::Snapshot* snapshot = nullptr,
                                           size_t* size = nullptr);

// The ItemSize of the item stored at `key` in `table`, or nullopt when there is none:
// its presence and size without decoding it (v2 items carry the size in their header).
// Errors: kInternal (I/O, corruption).
Result<std::optional<size_t>> ReadStoredItemSize(const Storage& storage, const Table& table,
                                                 std::string_view key);

// One item for ReadStoredImages: its table (outliving the call) and key, and whether it
// is wanted decoded or only its presence and size (the size from the stored header).
struct StoredItemRead {
  const Table* table;
  std::string_view key;
  bool decode;
};

// What ReadStoredImages found of one item.
struct StoredImage {
  bool present = false;
  Item item;        // when present and asked for decoded; else empty
  size_t size = 0;  // its ItemSize when present
};

// The items of `reads`, over any tables, read together with one batched MultiGet:
// cheaper per key than one Get each (one pass over the memtables and files per family,
// the keys sorted there). Errors: kInternal (I/O, corruption).
Result<std::vector<StoredImage>> ReadStoredImages(const Storage& storage,
                                                  std::span<const StoredItemRead> reads);

// The item stored at `key` in `table` (as of `snapshot` when given) in its stored
// form, or nullopt. Errors: kInternal (I/O).
Result<std::optional<item_codec::EncodedItem>> ReadStoredEncodedItem(
    const Storage& storage, const Table& table, std::string_view key,
    const rocksdb::Snapshot* snapshot = nullptr);

}  // namespace monotable
