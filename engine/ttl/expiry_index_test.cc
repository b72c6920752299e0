// The expiry index's entries as ItemBatch stages them, and DeleteTable dropping them.
#include "engine/ttl/expiry_index.h"

#include <gtest/gtest.h>
#include <rocksdb/write_batch.h>

#include "engine/testing/storage_fixture.h"
#include "engine/testing/value_builders.h"

namespace monotable::ttl {
namespace {

using test_values::N;
using test_values::S;

class ExpiryIndexTest : public test_storage::StorageTest {
 protected:
  std::shared_ptr<Table> CreateWithTtl(const std::string& name, bool enabled = true) {
    TableDefinition definition = test_storage::SimpleTable(name);
    definition.time_to_live = {enabled, "exp", 1, false};
    return Create(std::move(definition));
  }

  // Stages and writes the change of `key` as ItemBatch does.
  void Write(const Table& table, const std::string& key, const std::optional<Item>& old_item,
             const std::optional<Item>& new_item) {
    rocksdb::WriteBatch batch;
    StageExpiryEntry(*storage_, test_storage::DefinitionOf(table), key, old_item, new_item, batch);
    if (batch.Count() > 0) {
      ASSERT_TRUE(storage_->Write(&batch).ok());
    }
  }

  std::vector<ExpiryEntry> Entries(const Table& table) {
    auto entries = ReadEntries(*storage_, table);
    EXPECT_TRUE(entries.ok());
    return entries.ok() ? *entries : std::vector<ExpiryEntry>{};
  }

  // Every key of the expiry family, whatever its table.
  size_t AllEntries() {
    std::unique_ptr<rocksdb::Iterator> it(
        storage_->db()->NewIterator(rocksdb::ReadOptions(), storage_->expiry()));
    size_t n = 0;
    for (it->SeekToFirst(); it->Valid(); it->Next()) ++n;
    return n;
  }
};

TEST_F(ExpiryIndexTest, AnEntryFollowsTheItemsExpiry) {
  auto table = CreateWithTtl("t");
  const Item a{{"pk", S("a")}, {"exp", N("100")}};
  const Item a_later{{"pk", S("a")}, {"exp", N("200.5")}};
  const Item a_none{{"pk", S("a")}};
  Write(*table, "ka", std::nullopt, a);
  EXPECT_EQ(Entries(*table), (std::vector<ExpiryEntry>{{100, "ka"}}));
  Write(*table, "ka", a, a_later);
  EXPECT_EQ(Entries(*table), (std::vector<ExpiryEntry>{{200, "ka"}}));
  Write(*table, "ka", a_later, a_none);
  EXPECT_TRUE(Entries(*table).empty());
  Write(*table, "ka", a_none, a);
  Write(*table, "kb", std::nullopt, Item{{"pk", S("b")}, {"exp", N("50")}});
  EXPECT_EQ(Entries(*table), (std::vector<ExpiryEntry>{{50, "kb"}, {100, "ka"}}));
  Write(*table, "ka", a, std::nullopt);
  EXPECT_EQ(Entries(*table), (std::vector<ExpiryEntry>{{50, "kb"}}));
}

TEST_F(ExpiryIndexTest, NothingIsIndexedWhileTtlIsDisabled) {
  auto table = CreateWithTtl("t", /*enabled=*/false);
  Write(*table, "ka", std::nullopt, Item{{"pk", S("a")}, {"exp", N("100")}});
  EXPECT_EQ(AllEntries(), 0u);
}

TEST_F(ExpiryIndexTest, DeletingATableDropsItsEntriesAndWalkProgressOnly) {
  auto t1 = CreateWithTtl("t1");
  auto t2 = CreateWithTtl("t2");
  for (int i = 0; i < 100; ++i) {
    const Item item{{"pk", S("k" + std::to_string(i))}, {"exp", N(std::to_string(i))}};
    Write(*t1, "k" + std::to_string(i), std::nullopt, item);
    Write(*t2, "k" + std::to_string(i), std::nullopt, item);
  }
  rocksdb::WriteBatch progress;
  const std::string walk =
      catalog_keys::WalkProgressKey(test_storage::DefinitionOf(*t1).column_family, "ttl");
  progress.Put(storage_->catalog(), walk, "k5");
  ASSERT_TRUE(storage_->Write(&progress).ok());
  EXPECT_EQ(AllEntries(), 200u);
  ASSERT_TRUE(catalog_->Drop("ns", "t1").ok());
  EXPECT_EQ(AllEntries(), 100u);
  EXPECT_EQ(Entries(*t2).size(), 100u);
  std::string value;
  EXPECT_TRUE(storage_->db()
                  ->Get(storage_->read_options(), storage_->catalog(), walk, &value)
                  .IsNotFound());
}

}  // namespace
}  // namespace monotable::ttl
