// WritePath::ApplyBatch: the writes of one request made in one RocksDB write. Each
// write stages what WritePath::Apply stages (index entries, statistics, item collection
// sizes), two writes to one item collection see each other as if made in order, a
// write `compute` refuses is left out alone, and a staging error writes nothing at all.
#include <gtest/gtest.h>

#include <sstream>

#include "engine/testing/storage_fixture.h"
#include "engine/testing/value_builders.h"
#include "engine/write/write_path.h"

namespace monotable {
namespace {

using test_values::N;
using test_values::S;

// pk (S) / sk (N), a GSI on g (S) and an LSI on l (S), both projecting everything.
TableDefinition IndexedTable(const std::string& name) {
  TableDefinition t = test_storage::SimpleTable(name, /*with_sort_key=*/true);
  t.attribute_definitions.push_back({"g", AttributeType::kS});
  t.attribute_definitions.push_back({"l", AttributeType::kS});
  SecondaryIndexDefinition gsi;
  gsi.name = "byG";
  gsi.key_schema = {{"g", KeyType::kHash}};
  t.global_secondary_indexes = {gsi};
  SecondaryIndexDefinition lsi;
  lsi.name = "byL";
  lsi.key_schema = {{"pk", KeyType::kHash}, {"l", KeyType::kRange}};
  t.local_secondary_indexes = {lsi};
  return t;
}

// Everything a write reports of what it staged, as text to compare.
std::string Describe(const WriteOutcome& outcome) {
  std::ostringstream out;
  out << "sizes " << outcome.sizes.old_size << "->" << outcome.sizes.new_size;
  for (const IndexEntryChange& change : outcome.index_writes.changes) {
    out << "; " << change.index_name << " -" << change.deleted_bytes.value_or(-1) << " +"
        << change.put_bytes.value_or(-1);
  }
  if (const auto& collection = outcome.index_writes.item_collection) {
    out << "; collection " << collection->bytes;
  }
  return out.str();
}

class WritePathBatchTest : public test_storage::StorageTest {
 protected:
  void SetUp() override {
    StorageTest::SetUp();
    write_path_.emplace(storage_.get(), &locks_);
  }

  std::string KeyOf(const Table& table, const Item& item) {
    return test_storage::KeyOf(test_storage::DefinitionOf(table), item);
  }

  // Writes `item` (or deletes the item at `key` when nullopt) with Apply.
  WriteOutcome ApplyOne(Table& table, const std::string& key, const std::optional<Item>& item) {
    auto outcome = write_path_->Apply(
        table, key,
        [&](const std::optional<Item>&) -> Result<std::optional<Item>> { return item; });
    EXPECT_TRUE(outcome.ok()) << outcome.status().message();
    return outcome.ok() ? std::move(*outcome) : WriteOutcome{};
  }

  // The statistics of `table` and of each of its indexes, as text.
  std::string Statistics(const Table& table) {
    std::ostringstream out;
    out << table.item_count() << " items, " << table.size_bytes() << " B";
    auto layout = table.layout();
    for (const LiveIndex& index : layout->indexes) {
      auto stats = catalog_->IndexStatistics(index);
      EXPECT_TRUE(stats.ok());
      if (stats.ok())
        out << "; " << index.definition->name << " " << stats->item_count << "/"
            << stats->size_bytes;
    }
    return out.str();
  }

  LockTable locks_;
  std::optional<WritePath> write_path_;
};

TEST_F(WritePathBatchTest, StagesWhatApplyStagesAndSeesEarlierWritesOfTheBatch) {
  auto one = Create(IndexedTable("one"));
  auto batched = Create(IndexedTable("batched"));
  ASSERT_TRUE(one && batched);
  const Item existing{{"pk", S("a")}, {"sk", N("3")}, {"g", S("x")}, {"l", S("old")}};
  // Two new items in collection "a" (the second must see the first's size), a
  // delete in it, and an item of collection "b".
  const std::vector<std::optional<Item>> images = {
      Item{{"pk", S("a")}, {"sk", N("1")}, {"g", S("x")}, {"l", S("p")}},
      Item{{"pk", S("a")}, {"sk", N("2")}, {"l", S("q")}, {"pad", S(std::string(300, 'z'))}},
      std::nullopt,
      Item{{"pk", S("b")}, {"sk", N("1")}, {"g", S("y")}},
  };
  const std::vector<Item> keys_of = {images[0].value(), images[1].value(), existing,
                                     images[3].value()};
  std::vector<std::string> keys;
  for (const Item& item : keys_of) keys.push_back(KeyOf(*one, item));
  ApplyOne(*one, keys[2], existing);
  ApplyOne(*batched, keys[2], existing);

  std::vector<std::string> expected;
  for (size_t i = 0; i < keys.size(); ++i) {
    expected.push_back(Describe(ApplyOne(*one, keys[i], images[i])));
  }
  std::vector<WritePath::BatchedWrite> writes;
  for (const std::string& key : keys) writes.push_back({*batched, key});
  auto outcomes = write_path_->ApplyBatch(
      writes,
      [&](size_t i, const std::optional<Item>& old) -> Result<std::optional<Item>> {
        EXPECT_EQ(old.has_value(), i == 2);  // the only item there before
        return images[i];
      },
      WritePath::OldImage::kFull);
  ASSERT_TRUE(outcomes.ok()) << outcomes.status().message();
  ASSERT_EQ(outcomes->size(), keys.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    ASSERT_TRUE((*outcomes)[i].ok());
    EXPECT_EQ(Describe(*(*outcomes)[i]), expected[i]) << "write " << i;
  }
  // The second write of collection "a" counts the first: sizes grow in request order.
  ASSERT_TRUE((*outcomes)[0]->index_writes.item_collection.has_value());
  ASSERT_TRUE((*outcomes)[1]->index_writes.item_collection.has_value());
  EXPECT_GT((*outcomes)[1]->index_writes.item_collection->bytes,
            (*outcomes)[0]->index_writes.item_collection->bytes + 300);
  EXPECT_EQ(Statistics(*batched), Statistics(*one));
  EXPECT_EQ(batched->item_count(), 3);
}

TEST_F(WritePathBatchTest, AWriteComputeRefusesIsLeftOutAlone) {
  auto table = Create(IndexedTable("t"));
  ASSERT_TRUE(table);
  const Item first{{"pk", S("a")}, {"sk", N("1")}};
  const Item second{{"pk", S("a")}, {"sk", N("2")}};
  const std::string first_key = KeyOf(*table, first);
  const std::string second_key = KeyOf(*table, second);
  const std::vector<WritePath::BatchedWrite> writes = {{*table, first_key}, {*table, second_key}};
  auto outcomes = write_path_->ApplyBatch(
      writes,
      [&](size_t i, const std::optional<Item>&) -> Result<std::optional<Item>> {
        if (i == 0) return Status(ErrorCode::kProvisionedThroughputExceeded, "refused");
        return std::optional<Item>(second);
      },
      WritePath::OldImage::kPresence);
  ASSERT_TRUE(outcomes.ok()) << outcomes.status().message();
  EXPECT_EQ((*outcomes)[0].status().code(), ErrorCode::kProvisionedThroughputExceeded);
  ASSERT_TRUE((*outcomes)[1].ok());
  EXPECT_EQ(table->item_count(), 1);
  EXPECT_EQ(table->size_bytes(), static_cast<int64_t>(ItemSize(second)));
  // The written one is there, the refused one is not.
  auto probe = write_path_->ApplyBatch(
      writes,
      [&](size_t i, const std::optional<Item>& old) -> Result<std::optional<Item>> {
        EXPECT_EQ(old.has_value(), i == 1);
        return Status(ErrorCode::kConditionalCheckFailed, "only looking");
      },
      WritePath::OldImage::kPresence);
  ASSERT_TRUE(probe.ok());
}

TEST_F(WritePathBatchTest, AStagingErrorWritesNothingOfTheBatch) {
  auto table = Create(IndexedTable("t"));
  ASSERT_TRUE(table);
  const Item good{{"pk", S("a")}, {"sk", N("1")}, {"g", S("x")}};
  // The GSI's key attribute with the wrong type: refused when staged.
  const Item bad{{"pk", S("a")}, {"sk", N("2")}, {"g", N("7")}};
  const std::string good_key = KeyOf(*table, good);
  const std::string bad_key = KeyOf(*table, bad);
  const std::vector<WritePath::BatchedWrite> writes = {{*table, good_key}, {*table, bad_key}};
  const std::vector<Item> images = {good, bad};
  auto outcomes = write_path_->ApplyBatch(
      writes,
      [&](size_t i, const std::optional<Item>&) -> Result<std::optional<Item>> {
        return std::optional<Item>(images[i]);
      },
      WritePath::OldImage::kPresence);
  ASSERT_FALSE(outcomes.ok());
  EXPECT_EQ(outcomes.status().code(), ErrorCode::kValidation);
  EXPECT_EQ(Statistics(*table), "0 items, 0 B; byG 0/0; byL 0/0");
  std::string value;
  EXPECT_TRUE(storage_->db()
                  ->Get(storage_->read_options(), table->family(), good_key, &value)
                  .IsNotFound());
}

}  // namespace
}  // namespace monotable
