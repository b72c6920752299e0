#pragma once
// Test helpers for the modules built on engine/storage: a temporary directory, an open
// Storage and Catalog, a simple table definition and direct item writes. Header-only;
// include it only from test executables that link monotable_storage (the testing
// target itself does not depend on it, so that other tests do not link RocksDB).

#include <gtest/gtest.h>
#include <rocksdb/write_batch.h>
#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "engine/base/clock.h"
#include "engine/format/catalog_keys.h"
#include "engine/format/item_codec.h"
#include "engine/format/key_codec.h"
#include "engine/storage/catalog.h"
#include "engine/storage/catalog_codec.h"
#include "engine/storage/storage.h"

namespace monotable::test_storage {

// A fresh directory under the system's temporary directory, removed with its content.
class TempDir {
 public:
  TempDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "monotable-test-XXXXXX").string();
    if (mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Opens a Storage in `path`, or in memory when `path` is empty; null (and a test
// failure) when it cannot be opened.
inline std::unique_ptr<Storage> OpenStorage(const std::string& path = "") {
  StorageOptions options;
  options.in_memory = path.empty();
  options.path = path;
  options.block_cache_bytes = size_t{8} << 20;
  auto storage = Storage::Open(options);
  EXPECT_TRUE(storage.ok()) << storage.status().message();
  return storage.ok() ? std::move(*storage) : nullptr;
}

// A table keyed by "pk" (S) and, when `with_sort_key`, "sk" (N).
// Copies of a table's current definition and layout, for a test to read: Table hands out
// Pinned snapshots that cannot be read as temporaries (engine/base/pinned.h).
inline TableDefinition DefinitionOf(const Table& table) {
  auto pinned = table.definition();
  return *pinned;
}

inline TableDefinition SimpleTable(const std::string& name, bool with_sort_key = false) {
  TableDefinition t;
  t.name = name;
  t.attribute_definitions = {{"pk", AttributeType::kS}};
  t.key_schema = {{"pk", KeyType::kHash}};
  if (with_sort_key) {
    t.attribute_definitions.push_back({"sk", AttributeType::kN});
    t.key_schema.push_back({"sk", KeyType::kRange});
  }
  return t;
}

// The stored key of `item` in a table of `definition`.
inline std::string KeyOf(const TableDefinition& definition, const Item& item) {
  const std::string* range = definition.range_key();
  return key_codec::TableKey(item.at(definition.hash_key()), range ? &item.at(*range) : nullptr);
}

// Writes `item` straight into `family`, as the write path stores it (no indexes, no
// statistics). Returns its key.
inline std::string PutRaw(Storage& storage, rocksdb::ColumnFamilyHandle* family,
                          const TableDefinition& definition, const Item& item) {
  std::string key = KeyOf(definition, item);
  rocksdb::WriteBatch batch;
  batch.Put(family, key, item_codec::Encode(item));
  Status written = storage.Write(&batch);
  EXPECT_TRUE(written.ok()) << written.message();
  return key;
}

// The definition of table `name` of `ns` as the catalog column family holds it; nullopt
// (and a test failure) when there is none or it does not decode.
inline std::optional<TableDefinition> PersistedDefinition(const Storage& storage,
                                                          const std::string& ns,
                                                          const std::string& name) {
  std::string record;
  rocksdb::Status s = storage.db()->Get(storage.read_options(), storage.catalog(),
                                        catalog_keys::TableKey(ns, name), &record);
  EXPECT_TRUE(s.ok()) << s.ToString();
  if (!s.ok()) return std::nullopt;
  auto definition = catalog_codec::Decode(record);
  EXPECT_TRUE(definition.ok()) << definition.status().message();
  if (!definition.ok()) return std::nullopt;
  return std::move(*definition);
}

// An in-memory Storage with a loaded Catalog.
class StorageTest : public ::testing::Test {
 protected:
  void SetUp() override {
    storage_ = OpenStorage();
    ASSERT_NE(storage_, nullptr);
    catalog_ = std::make_unique<Catalog>(storage_.get(), &clock_);
    ASSERT_TRUE(catalog_->Load().ok());
  }

  // Creates `definition` in namespace "ns"; the test fails if it cannot.
  std::shared_ptr<Table> Create(TableDefinition definition, const std::string& ns = "ns") {
    auto table = catalog_->Create(ns, std::move(definition));
    EXPECT_TRUE(table.ok()) << table.status().message();
    return table.ok() ? *table : nullptr;
  }

  FakeClock clock_{1700000000000};
  std::unique_ptr<Storage> storage_;
  std::unique_ptr<Catalog> catalog_;
};

}  // namespace monotable::test_storage
