#include "engine/storage/catalog.h"

#include <gtest/gtest.h>
#include <rocksdb/write_batch.h>

#include <set>

#include "engine/format/catalog_keys.h"
#include "engine/storage/catalog_codec.h"
#include "engine/testing/storage_fixture.h"

namespace monotable {
namespace {

using test_storage::OpenStorage;
using test_storage::SimpleTable;
using test_storage::TempDir;

class CatalogTest : public test_storage::StorageTest {
 protected:
  // Writes one raw record into the catalog column family.
  void PutRecord(const std::string& key, const std::string& value) {
    rocksdb::WriteBatch batch;
    batch.Put(storage_->catalog(), key, value);
    ASSERT_TRUE(storage_->Write(&batch).ok());
  }
  void MergeStats(const std::string& key, StatsDelta delta) {
    rocksdb::WriteBatch batch;
    batch.Merge(storage_->catalog(), key, EncodeStats(delta));
    ASSERT_TRUE(storage_->Write(&batch).ok());
  }
  bool HasRecord(const std::string& key) {
    std::string value;
    return storage_->db()->Get(storage_->read_options(), storage_->catalog(), key, &value).ok();
  }
  // Loads the persisted catalog into a new Catalog over the same storage.
  Status LoadAgain() {
    Catalog fresh(storage_.get(), &clock_);
    return fresh.Load();
  }
};

SecondaryIndexDefinition Index(const std::string& name, const std::string& hash,
                               IndexStatus status = IndexStatus::kActive) {
  SecondaryIndexDefinition index;
  index.name = name;
  index.key_schema = {{hash, KeyType::kHash}};
  index.status = status;
  return index;
}

// A table keyed by pk and sk with a GSI on "g" and an LSI on (pk, "l").
TableDefinition TableWithIndexes(const std::string& name) {
  TableDefinition t = SimpleTable(name, /*with_sort_key=*/true);
  t.attribute_definitions.push_back({"g", AttributeType::kS});
  t.attribute_definitions.push_back({"l", AttributeType::kS});
  t.global_secondary_indexes = {Index("by-g", "g")};
  SecondaryIndexDefinition lsi = Index("by-l", "pk");
  lsi.key_schema.push_back({"l", KeyType::kRange});
  t.local_secondary_indexes = {lsi};
  return t;
}

TEST_F(CatalogTest, CreateFillsTheIdentityOfTheTable) {
  auto a = Create(SimpleTable("a"));
  auto b = Create(SimpleTable("b"));
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  const TableDefinition& d = test_storage::DefinitionOf(*a);
  EXPECT_EQ(d.name, "a");
  EXPECT_EQ(d.creation_ms, 1700000000000);
  ASSERT_EQ(d.table_id.size(), 36u);
  EXPECT_EQ(d.table_id[8], '-');
  EXPECT_EQ(d.table_id[14], '4');  // a version 4 UUID
  EXPECT_NE(d.table_id, test_storage::DefinitionOf(*b).table_id);
  EXPECT_EQ(d.column_family.rfind("table.", 0), 0u);
  EXPECT_NE(d.column_family, test_storage::DefinitionOf(*b).column_family);
  ASSERT_NE(a->family(), nullptr);
  EXPECT_EQ(a->family()->GetName(), d.column_family);
  EXPECT_EQ(a->stats_key(), catalog_keys::StatsKey(d.column_family));
  EXPECT_EQ(a->item_count(), 0);
  EXPECT_EQ(a->size_bytes(), 0);
}

TEST_F(CatalogTest, TablesAreFoundAndListedPerNamespace) {
  ASSERT_NE(Create(SimpleTable("b"), "one"), nullptr);
  ASSERT_NE(Create(SimpleTable("a"), "one"), nullptr);
  ASSERT_NE(Create(SimpleTable("c"), "two"), nullptr);
  EXPECT_EQ(catalog_->List("one"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(catalog_->List("two"), std::vector<std::string>{"c"});
  EXPECT_TRUE(catalog_->List("three").empty());
  EXPECT_NE(catalog_->Find("one", "a"), nullptr);
  EXPECT_EQ(catalog_->Find("two", "a"), nullptr);
  EXPECT_EQ(catalog_->Find("three", "a"), nullptr);
  std::set<std::pair<std::string, std::string>> all;
  for (const auto& [ns, table] : catalog_->All())
    all.emplace(ns, test_storage::DefinitionOf(*table).name);
  EXPECT_EQ(all, (std::set<std::pair<std::string, std::string>>{
                     {"one", "a"}, {"one", "b"}, {"two", "c"}}));
}

TEST_F(CatalogTest, ANameIsTakenOncePerNamespace) {
  ASSERT_NE(Create(SimpleTable("a"), "one"), nullptr);
  auto again = catalog_->Create("one", SimpleTable("a"));
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.status().code(), ErrorCode::kResourceInUse);
  EXPECT_EQ(again.status().message(), "Table already exists: a");
  EXPECT_NE(Create(SimpleTable("a"), "two"), nullptr);
}

TEST_F(CatalogTest, DropUnregistersTheTableAndItsRecords) {
  auto table = Create(TableWithIndexes("a"));
  ASSERT_NE(table, nullptr);
  const std::string family = test_storage::DefinitionOf(*table).column_family;
  const std::string collection = catalog_keys::ItemCollectionKey(family, "p");
  PutRecord(collection, EncodeStats({1, 10}));
  const std::string neighbour = catalog_keys::ItemCollectionKey(family + "0", "p");
  PutRecord(neighbour, EncodeStats({1, 10}));

  auto dropped = catalog_->Drop("ns", "a");
  ASSERT_TRUE(dropped.ok()) << dropped.status().message();
  EXPECT_EQ(dropped->get(), table.get());
  EXPECT_EQ(catalog_->Find("ns", "a"), nullptr);
  EXPECT_TRUE(catalog_->List("ns").empty());
  EXPECT_FALSE(HasRecord(catalog_keys::TableKey("ns", "a")));
  EXPECT_FALSE(HasRecord(table->stats_key()));
  auto layout = table->layout();
  for (const auto& index : layout->indexes) EXPECT_FALSE(HasRecord(index.stats_key));
  EXPECT_FALSE(HasRecord(collection));
  EXPECT_TRUE(HasRecord(neighbour));  // another table's collection
  EXPECT_TRUE(LoadAgain().ok());

  auto twice = catalog_->Drop("ns", "a");
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.status().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(twice.status().message(), "Requested resource not found: Table: a not found");
}

TEST_F(CatalogTest, IndexesGetTheirOwnFamilies) {
  auto table = Create(TableWithIndexes("a"));
  ASSERT_NE(table, nullptr);
  auto layout = table->layout();
  ASSERT_EQ(layout->indexes.size(), 2u);
  const LiveIndex* gsi = layout->Find("by-g");
  const LiveIndex* lsi = layout->Find("by-l");
  ASSERT_NE(gsi, nullptr);
  ASSERT_NE(lsi, nullptr);
  EXPECT_EQ(layout->Find("missing"), nullptr);
  EXPECT_TRUE(gsi->global);
  EXPECT_FALSE(lsi->global);
  for (const LiveIndex* index : {gsi, lsi}) {
    EXPECT_EQ(index->definition->column_family.rfind("index.", 0), 0u);
    ASSERT_NE(index->family, nullptr);
    EXPECT_EQ(index->family->GetName(), index->definition->column_family);
    EXPECT_EQ(index->stats_key, catalog_keys::StatsKey(index->definition->column_family));
    EXPECT_EQ(layout->FamilyNamed(index->definition->column_family), index->family);
  }
  EXPECT_NE(gsi->definition->column_family, lsi->definition->column_family);
  EXPECT_NE(gsi->definition->column_family, layout->definition->column_family);
}

TEST_F(CatalogTest, UpdateAddsABackfillingIndexAndRetiresADeletedOne) {
  auto table = Create(TableWithIndexes("a"));
  ASSERT_NE(table, nullptr);
  auto before = table->layout();
  const ColumnFamilyRef old_gsi = before->Find("by-g")->family;
  ASSERT_TRUE(catalog_
                  ->Update("ns", *table,
                           [](const TableDefinition& current) -> Result<TableDefinition> {
                             TableDefinition next = current;
                             next.global_secondary_indexes[0].status = IndexStatus::kDeleting;
                             SecondaryIndexDefinition added =
                                 Index("by-pk", "pk", IndexStatus::kCreating);
                             added.backfilling = true;
                             next.global_secondary_indexes.push_back(added);
                             return next;
                           })
                  .ok());
  auto layout = table->layout();
  EXPECT_EQ(layout->Find("by-g"), nullptr);  // DELETING: neither written nor read
  EXPECT_EQ(layout->retiring.size(), 1u);
  EXPECT_EQ(layout->FamilyNamed(old_gsi->GetName()), old_gsi);
  const LiveIndex* added = layout->Find("by-pk");
  ASSERT_NE(added, nullptr);
  EXPECT_TRUE(added->definition->backfilling);
  EXPECT_EQ(added->definition->status, IndexStatus::kCreating);
  ASSERT_NE(added->family, nullptr);
  EXPECT_EQ(added->family->GetName(), added->definition->column_family);

  // Persisted as it is published.
  auto persisted = test_storage::PersistedDefinition(*storage_, "ns", "a");
  ASSERT_TRUE(persisted.has_value());
  const SecondaryIndexDefinition* stored = persisted->FindIndex("by-pk");
  ASSERT_NE(stored, nullptr);
  EXPECT_TRUE(stored->backfilling);
  EXPECT_EQ(stored->column_family, added->definition->column_family);
  EXPECT_EQ(persisted->FindIndex("by-g")->status, IndexStatus::kDeleting);
}

// Found by the crash test: a GSI deleted, the server restarted, and a GSI created again
// got the old family number and counted its entries on top of the old statistics.
TEST_F(CatalogTest, ARemovedIndexTakesItsStatisticsWithIt) {
  auto table = Create(TableWithIndexes("a"));
  ASSERT_NE(table, nullptr);
  auto before = table->layout();
  const std::string stats_key = before->Find("by-g")->stats_key;
  MergeStats(stats_key, {3, 300});
  ASSERT_TRUE(catalog_
                  ->Update("ns", *table,
                           [](const TableDefinition& current) -> Result<TableDefinition> {
                             TableDefinition next = current;
                             next.global_secondary_indexes.clear();
                             return next;
                           })
                  .ok());
  EXPECT_FALSE(HasRecord(stats_key));
}

TEST_F(CatalogTest, UpdateOfADroppedTableIsNotFoundAndAFailedChangeChangesNothing) {
  auto table = Create(SimpleTable("a"));
  ASSERT_NE(table, nullptr);
  auto refuse = [](const TableDefinition&) -> Result<TableDefinition> {
    return Status::Validation("no");
  };
  Status refused = catalog_->Update("ns", *table, refuse);
  EXPECT_EQ(refused.code(), ErrorCode::kValidation);
  EXPECT_EQ(catalog_->Find("ns", "a"), table);

  ASSERT_TRUE(catalog_->Drop("ns", "a").ok());
  Status gone = catalog_->Update(
      "ns", *table, [](const TableDefinition& d) -> Result<TableDefinition> { return d; });
  EXPECT_EQ(gone.code(), ErrorCode::kResourceNotFound);
  // Not written back: a new catalog does not see it.
  Catalog reloaded(storage_.get(), &clock_);
  ASSERT_TRUE(reloaded.Load().ok());
  EXPECT_EQ(reloaded.Find("ns", "a"), nullptr);
}

TEST_F(CatalogTest, IndexStatisticsAddUpMergedDeltasAndNeverGoNegative) {
  auto table = Create(TableWithIndexes("a"));
  ASSERT_NE(table, nullptr);
  auto layout = table->layout();
  const LiveIndex& gsi = *layout->Find("by-g");
  auto empty = catalog_->IndexStatistics(gsi);
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty->item_count, 0);
  EXPECT_EQ(empty->size_bytes, 0);

  MergeStats(gsi.stats_key, {3, 300});
  MergeStats(gsi.stats_key, {-1, -50});
  auto stats = catalog_->IndexStatistics(gsi);
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->item_count, 2);
  EXPECT_EQ(stats->size_bytes, 250);

  MergeStats(gsi.stats_key, {-5, -1000});
  stats = catalog_->IndexStatistics(gsi);
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->item_count, 0);
  EXPECT_EQ(stats->size_bytes, 0);
}

TEST_F(CatalogTest, TableLookupFindsOnlyItsNamespace) {
  ASSERT_NE(Create(SimpleTable("a"), "one"), nullptr);
  const std::string one = "one", two = "two";
  EXPECT_TRUE(TableLookup(*catalog_, one).Find("a").ok());
  auto missing = TableLookup(*catalog_, two).Find("a");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(missing.status().message(), "Requested resource not found");
}

TEST_F(CatalogTest, ACorruptTableRecordFailsTheLoadWithInternal) {
  PutRecord(catalog_keys::TableKey("ns", "bad"), "\xFF garbage \x01\x02");
  Status loaded = LoadAgain();
  EXPECT_EQ(loaded.code(), ErrorCode::kInternal) << loaded.message();
}

TEST_F(CatalogTest, ATableWhoseFamilyIsMissingFailsTheLoad) {
  TableDefinition lost = SimpleTable("lost");
  lost.column_family = "table.99";
  PutRecord(catalog_keys::TableKey("ns", "lost"), catalog_codec::Encode(lost));
  Status loaded = LoadAgain();
  EXPECT_EQ(loaded.code(), ErrorCode::kInternal);
  EXPECT_EQ(loaded.message(), "table lost has lost its data");
}

TEST(CatalogOnDiskTest, TablesStatisticsAndFamiliesSurviveAReopen) {
  TempDir dir;
  FakeClock clock(1700000000000);
  TableDefinition before;
  std::string last_family;
  {
    auto storage = OpenStorage(dir.path());
    ASSERT_NE(storage, nullptr);
    Catalog catalog(storage.get(), &clock);
    ASSERT_TRUE(catalog.Load().ok());
    auto table = catalog.Create("one", TableWithIndexes("orders"));
    ASSERT_TRUE(table.ok());
    auto other = catalog.Create("two", SimpleTable("orders"));
    ASSERT_TRUE(other.ok());
    before = test_storage::DefinitionOf(*(*table));
    last_family = test_storage::DefinitionOf(*(*other)).column_family;
    rocksdb::WriteBatch batch;
    batch.Merge(storage->catalog(), (*table)->stats_key(), EncodeStats({2, 100}));
    batch.Merge(storage->catalog(), (*table)->stats_key(), EncodeStats({1, 20}));
    ASSERT_TRUE(storage->Write(&batch).ok());
  }
  auto storage = OpenStorage(dir.path());
  ASSERT_NE(storage, nullptr);
  Catalog catalog(storage.get(), &clock);
  ASSERT_TRUE(catalog.Load().ok());
  EXPECT_EQ(catalog.List("one"), std::vector<std::string>{"orders"});
  EXPECT_EQ(catalog.List("two"), std::vector<std::string>{"orders"});
  auto table = catalog.Find("one", "orders");
  ASSERT_NE(table, nullptr);
  const TableDefinition& after = test_storage::DefinitionOf(*table);
  EXPECT_EQ(after.table_id, before.table_id);
  EXPECT_EQ(after.creation_ms, before.creation_ms);
  EXPECT_EQ(after.column_family, before.column_family);
  EXPECT_EQ(after.key_schema, before.key_schema);
  ASSERT_EQ(after.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(after.global_secondary_indexes[0].column_family,
            before.global_secondary_indexes[0].column_family);
  EXPECT_EQ(table->item_count(), 3);
  EXPECT_EQ(table->size_bytes(), 120);
  ASSERT_NE(table->family(), nullptr);
  auto layout = table->layout();
  EXPECT_EQ(layout->indexes.size(), 2u);
  for (const auto& index : layout->indexes) EXPECT_NE(index.family, nullptr);

  // Family numbers continue past every one in use.
  auto created = catalog.Create("one", SimpleTable("next"));
  ASSERT_TRUE(created.ok());
  EXPECT_GT(catalog_keys::FamilyNumber(test_storage::DefinitionOf(*(*created)).column_family),
            catalog_keys::FamilyNumber(last_family));
}

TEST(CatalogOnDiskTest, NoNewFamilyTakesTheNumberOfLeftoverStatistics) {
  TempDir dir;
  FakeClock clock(0);
  {
    auto storage = OpenStorage(dir.path());
    ASSERT_NE(storage, nullptr);
    rocksdb::WriteBatch batch;  // left by an index removed before the fix
    batch.Merge(storage->catalog(), catalog_keys::StatsKey("index.41"), EncodeStats({5, 50}));
    ASSERT_TRUE(storage->Write(&batch).ok());
  }
  auto storage = OpenStorage(dir.path());
  ASSERT_NE(storage, nullptr);
  Catalog catalog(storage.get(), &clock);
  ASSERT_TRUE(catalog.Load().ok());
  auto created = catalog.Create("ns", SimpleTable("t"));
  ASSERT_TRUE(created.ok());
  EXPECT_EQ(test_storage::DefinitionOf(*(*created)).column_family, "table.42");
  EXPECT_EQ((*created)->item_count(), 0);
}

TEST(CatalogOnDiskTest, LoadDropsFamiliesNoTableOwns) {
  TempDir dir;
  FakeClock clock(0);
  {
    auto storage = OpenStorage(dir.path());
    ASSERT_NE(storage, nullptr);
    Catalog catalog(storage.get(), &clock);
    ASSERT_TRUE(catalog.Load().ok());
    ASSERT_TRUE(catalog.Create("ns", SimpleTable("kept")).ok());
    ASSERT_TRUE(storage->CreateColumnFamily("table.77").ok());  // a crashed DeleteTable
  }
  {
    auto storage = OpenStorage(dir.path());
    ASSERT_NE(storage, nullptr);
    ASSERT_NE(storage->Find("table.77"), nullptr);
    Catalog catalog(storage.get(), &clock);
    ASSERT_TRUE(catalog.Load().ok());
    EXPECT_EQ(storage->Find("table.77"), nullptr);
    EXPECT_NE(catalog.Find("ns", "kept"), nullptr);
  }
  auto storage = OpenStorage(dir.path());
  ASSERT_NE(storage, nullptr);
  EXPECT_EQ(storage->Find("table.77"), nullptr);
  EXPECT_EQ(storage->ExistingColumnFamilies().size(), 1u);
}

}  // namespace
}  // namespace monotable
