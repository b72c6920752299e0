#include "engine/storage/format_version.h"

#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include "engine/format/catalog_keys.h"
#include "engine/storage/storage.h"
#include "engine/testing/storage_fixture.h"

namespace monotable {
namespace {

using test_storage::OpenStorage;
using test_storage::TempDir;

std::string StoredVersion(const Storage& storage) {
  std::string value;
  rocksdb::Status s = storage.db()->Get(storage.read_options(), storage.catalog(),
                                        catalog_keys::kFormatVersionKey, &value);
  return s.ok() ? value : s.ToString();
}

void WriteVersion(const std::string& path, const std::string& version) {
  auto storage = OpenStorage(path);
  ASSERT_NE(storage, nullptr);
  ASSERT_TRUE(storage->db()
                  ->Put(rocksdb::WriteOptions(), storage->catalog(),
                        catalog_keys::kFormatVersionKey, version)
                  .ok());
}

Status Reopen(const std::string& path) {
  StorageOptions options;
  options.path = path;
  options.block_cache_bytes = size_t{8} << 20;
  return Storage::Open(options).status();
}

TEST(FormatVersionTest, ANewDatabaseRecordsTheCurrentVersion) {
  TempDir dir;
  auto storage = OpenStorage(dir.path());
  ASSERT_NE(storage, nullptr);
  EXPECT_EQ(StoredVersion(*storage), std::to_string(kFormatVersion));
}

TEST(FormatVersionTest, ADatabaseWithoutTheRecordIsVersionOne) {
  TempDir dir;
  {
    auto storage = OpenStorage(dir.path());
    ASSERT_NE(storage, nullptr);
    ASSERT_TRUE(
        storage->db()
            ->Delete(rocksdb::WriteOptions(), storage->catalog(), catalog_keys::kFormatVersionKey)
            .ok());
  }
  auto storage = OpenStorage(dir.path());
  ASSERT_NE(storage, nullptr);
  EXPECT_EQ(StoredVersion(*storage), "1");
}

TEST(FormatVersionTest, ANewerVersionIsRefusedWithAClearMessageAndKept) {
  TempDir dir;
  WriteVersion(dir.path(), std::to_string(kFormatVersion + 1));
  Status status = Reopen(dir.path());
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.message(), "data directory '" + dir.path() + "' has on-disk format version " +
                                  std::to_string(kFormatVersion + 1) +
                                  ", but this monotable reads only versions up to " +
                                  std::to_string(kFormatVersion) + ": use a newer monotable");
  EXPECT_FALSE(Reopen(dir.path()).ok()) << "the refusal rewrote the record";
}

TEST(FormatVersionTest, ACorruptRecordIsRefused) {
  TempDir dir;
  WriteVersion(dir.path(), "1x");
  Status status = Reopen(dir.path());
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.message(),
            "data directory '" + dir.path() + "' has a corrupt format version record");
}

}  // namespace
}  // namespace monotable
