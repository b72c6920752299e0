#include "engine/index/index_backfill.h"

#include <gtest/gtest.h>
#include <rocksdb/write_batch.h>

#include <chrono>
#include <set>
#include <thread>

#include "engine/format/item_codec.h"
#include "engine/index/index_entries.h"
#include "engine/index/index_staging.h"
#include "engine/storage/stored_items.h"
#include "engine/testing/storage_fixture.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_values::N;
using test_values::S;

Item ItemNumbered(int i) {
  Item item{{"pk", S("item" + std::to_string(i))}, {"n", N(std::to_string(i))}};
  // Every third item has no "g" (sparse) and every seventh a number there (mistyped):
  // neither qualifies for the index on g (S). Nor does every eleventh, whose g is over
  // the 2048 bytes of an index partition key, or every thirteenth, whose g is empty.
  if (i % 3 != 0) item["g"] = i % 7 == 0 ? N(std::to_string(i)) : S("g" + std::to_string(i % 5));
  if (i % 3 != 0 && i % 7 != 0 && i % 11 == 0) item["g"] = S(std::string(2049, 'x'));
  if (i % 3 != 0 && i % 7 != 0 && i % 13 == 0) item["g"] = S("");
  return item;
}

bool Qualifies(const Item& item) {
  auto g = item.find("g");
  return g != item.end() && g->second.type == AttributeType::kS && !g->second.scalar.empty() &&
         g->second.scalar.size() <= 2048;
}

// An item the write path accepts whether the index is still backfilling or already
// ACTIVE: once ACTIVE it refuses a mistyped, empty or oversized index key, and a
// backfill can end before a racing write is made.
Item WritableNumbered(int i) {
  Item item = ItemNumbered(i);
  if (!Qualifies(item)) item.erase("g");
  return item;
}

class IndexBackfillTest : public test_storage::StorageTest {
 protected:
  void SetUp() override {
    test_storage::StorageTest::SetUp();
    table_ = Create(test_storage::SimpleTable("t"));
    ASSERT_NE(table_, nullptr);
  }

  // Writes (or with nullopt deletes) an item as the write path does: under the item's
  // lock, with the index changes of the layout read under it.
  void Write(const std::string& key, const std::optional<Item>& item) {
    auto guard = locks_.LockItem(LockTable::IdOf(table_->family()->GetID(), key), false);
    auto layout = table_->layout();
    auto old = ReadStoredItem(*storage_, *table_, key);
    ASSERT_TRUE(old.ok());
    rocksdb::WriteBatch batch;
    ASSERT_TRUE(StageIndexEntries(*storage_, *layout, key, *old, item, batch).ok());
    if (item) {
      batch.Put(table_->family(), key, item_codec::Encode(*item));
    } else {
      batch.Delete(table_->family(), key);
    }
    ASSERT_TRUE(storage_->Write(&batch).ok());
  }
  std::string Put(const Item& item) {
    std::string key = test_storage::KeyOf(test_storage::DefinitionOf(*table_), item);
    Write(key, item);
    return key;
  }

  // Adds the GSI "by-g" on g (S) as UpdateTable does: CREATING and backfilling (or
  // another one, on another attribute, already ACTIVE).
  void AddIndex(const std::string& name = "by-g", const std::string& attribute = "g",
                bool backfilling = true) {
    Status updated = catalog_->Update(
        "ns", *table_, [&](const TableDefinition& current) -> Result<TableDefinition> {
          TableDefinition next = current;
          next.attribute_definitions.push_back({attribute, AttributeType::kS});
          SecondaryIndexDefinition index;
          index.name = name;
          index.key_schema = {{attribute, KeyType::kHash}};
          index.status = backfilling ? IndexStatus::kCreating : IndexStatus::kActive;
          index.backfilling = backfilling;
          next.global_secondary_indexes.push_back(index);
          return next;
        });
    ASSERT_TRUE(updated.ok()) << updated.message();
  }

  // Polls the catalog until the index is ACTIVE; false after ten seconds.
  bool WaitUntilActive() {
    for (int i = 0; i < 2000; ++i) {
      auto layout = table_->layout();
      const LiveIndex* index = layout->Find("by-g");
      if (index && index->definition->status == IndexStatus::kActive) {
        return !index->definition->backfilling;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
  }

  // Every index entry's key, with how many times each appears (once, as a set).
  std::multiset<std::string> Entries() {
    std::multiset<std::string> keys;
    auto layout = table_->layout();
    const LiveIndex* index = layout->Find("by-g");
    EXPECT_NE(index, nullptr);
    if (!index) return keys;
    std::unique_ptr<rocksdb::Iterator> it(
        storage_->db()->NewIterator(rocksdb::ReadOptions(), index->family.get()));
    for (it->SeekToFirst(); it->Valid(); it->Next()) keys.insert(it->key().ToString());
    EXPECT_TRUE(it->status().ok());
    return keys;
  }

  // The entries every qualifying item of the table must have, one each.
  std::multiset<std::string> ExpectedEntries(size_t* qualifying) {
    std::multiset<std::string> keys;
    auto layout = table_->layout();
    const LiveIndex* index = layout->Find("by-g");
    std::unique_ptr<rocksdb::Iterator> it(
        storage_->db()->NewIterator(rocksdb::ReadOptions(), table_->family()));
    *qualifying = 0;
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      auto item = item_codec::Decode(it->value().ToStringView());
      EXPECT_TRUE(item.ok());
      if (!item.ok()) continue;
      auto entry = EntryFor(*layout->definition, *index->definition, it->key().ToString(), *item);
      EXPECT_EQ(entry.has_value(), Qualifies(*item));
      if (entry) {
        keys.insert(entry->key);
        ++*qualifying;
      }
    }
    return keys;
  }

  void ExpectExactlyOneEntryPerQualifyingItem(size_t expected_qualifying) {
    size_t qualifying = 0;
    const std::multiset<std::string> expected = ExpectedEntries(&qualifying);
    EXPECT_EQ(qualifying, expected_qualifying);
    EXPECT_EQ(Entries(), expected);
    auto layout = table_->layout();
    auto stats = catalog_->IndexStatistics(*layout->Find("by-g"));
    ASSERT_TRUE(stats.ok());
    EXPECT_EQ(stats->item_count, static_cast<int64_t>(expected_qualifying));
  }

  LockTable locks_;
  std::shared_ptr<Table> table_;
};

size_t QualifyingAmong(int from, int to) {
  size_t count = 0;
  for (int i = from; i < to; ++i) count += Qualifies(ItemNumbered(i));
  return count;
}

TEST_F(IndexBackfillTest, EveryQualifyingItemGetsExactlyOneEntry) {
  for (int i = 0; i < 600; ++i) Put(ItemNumbered(i));
  AddIndex();
  {
    IndexBackfiller backfiller(storage_.get(), catalog_.get(), &locks_);
    backfiller.Start("ns", table_, "by-g");
    backfiller.Start("ns", table_, "by-g");  // already running: ignored
    ASSERT_TRUE(WaitUntilActive());
  }
  ExpectExactlyOneEntryPerQualifyingItem(QualifyingAmong(0, 600));
  // The catalog's record is ACTIVE too.
  auto persisted = test_storage::PersistedDefinition(*storage_, "ns", "t");
  ASSERT_TRUE(persisted.has_value());
  EXPECT_EQ(persisted->FindIndex("by-g")->status, IndexStatus::kActive);
  EXPECT_FALSE(persisted->FindIndex("by-g")->backfilling);
}

TEST_F(IndexBackfillTest, ItemsTheWritePathIndexedOrDeletedFirstAreNotIndexedTwice) {
  for (int i = 0; i < 100; ++i) Put(ItemNumbered(i));
  AddIndex();
  // Once the index is published the write path maintains it: these writes reach the
  // index before the backfill starts.
  Put(ItemNumbered(1));  // rewritten: already indexed when the backfill reaches it
  Item changed = ItemNumbered(2);
  changed["g"] = S("moved");
  Put(changed);
  Write(test_storage::KeyOf(test_storage::DefinitionOf(*table_), ItemNumbered(4)), std::nullopt);
  ASSERT_EQ(Entries().size(), 2u);
  {
    IndexBackfiller backfiller(storage_.get(), catalog_.get(), &locks_);
    backfiller.Start("ns", table_, "by-g");
    ASSERT_TRUE(WaitUntilActive());
  }
  ExpectExactlyOneEntryPerQualifyingItem(QualifyingAmong(0, 100) - 1);  // item 4 is gone
}

TEST_F(IndexBackfillTest, WritesDuringTheBackfillAreNotLost) {
  for (int i = 0; i < 2000; ++i) Put(ItemNumbered(i));
  AddIndex();
  {
    IndexBackfiller backfiller(storage_.get(), catalog_.get(), &locks_);
    backfiller.Start("ns", table_, "by-g");
    // New items, rewrites with another index key and deletions, racing the backfill.
    for (int i = 0; i < 300; ++i) {
      Put(WritableNumbered(2000 + i));
      Item changed = ItemNumbered(i * 5);
      changed["g"] = S("changed");
      Put(changed);
      Write(test_storage::KeyOf(test_storage::DefinitionOf(*table_), ItemNumbered(i * 5 + 1)),
            std::nullopt);
    }
    ASSERT_TRUE(WaitUntilActive());
  }
  size_t expected = 0;
  for (int i = 2000; i < 2300; ++i) expected += Qualifies(WritableNumbered(i));
  for (int i = 0; i < 2000; ++i) {
    if (i % 5 == 0 && i < 1500) {
      ++expected;  // rewritten with g = "changed"
    } else if (i % 5 != 1 || i >= 1500) {
      expected += Qualifies(ItemNumbered(i));
    }
  }
  ExpectExactlyOneEntryPerQualifyingItem(expected);
}

// An item left out of one index (its value of that index's key does not fit, as it was
// when that index's backfill left it out) still goes into another index it qualifies for.
TEST_F(IndexBackfillTest, AnItemOutOfOneIndexStillGoesIntoAnother) {
  AddIndex("by-h", "h", /*backfilling=*/false);
  Item item = ItemNumbered(1);
  item["h"] = S(std::string(3000, 'h'));
  const std::string key = test_storage::KeyOf(test_storage::DefinitionOf(*table_), item);
  rocksdb::WriteBatch batch;  // stored as the item was before by-h existed
  batch.Put(table_->family(), key, item_codec::Encode(item));
  ASSERT_TRUE(storage_->Write(&batch).ok());
  AddIndex();
  {
    IndexBackfiller backfiller(storage_.get(), catalog_.get(), &locks_);
    backfiller.Start("ns", table_, "by-g");
    ASSERT_TRUE(WaitUntilActive());
  }
  ExpectExactlyOneEntryPerQualifyingItem(1);
  // Once ACTIVE, by-h refuses a write of such an item; by-g, backfilled, takes others.
  auto layout = table_->layout();
  rocksdb::WriteBatch refused;
  auto staged = StageIndexEntries(*storage_, *layout, key, item, item, refused);
  ASSERT_FALSE(staged.ok());
  EXPECT_EQ(staged.status().message(),
            "One or more parameter values were invalid: Size limit exceeded for Index Key h "
            "Actual Size: 3000 bytes Max Size: 2048 bytes IndexName: by-h");
}

TEST_F(IndexBackfillTest, ABackfillOfADroppedTableEndsQuietly) {
  for (int i = 0; i < 50; ++i) Put(ItemNumbered(i));
  AddIndex();
  ASSERT_TRUE(catalog_->Drop("ns", "t").ok());
  {
    IndexBackfiller backfiller(storage_.get(), catalog_.get(), &locks_);
    backfiller.Start("ns", table_, "by-g");
  }  // joins the run
  // Neither brought back into the catalog nor marked ACTIVE.
  EXPECT_EQ(catalog_->Find("ns", "t"), nullptr);
  EXPECT_TRUE(catalog_->List("ns").empty());
  auto now = table_->layout();
  EXPECT_EQ(now->Find("by-g")->definition->status, IndexStatus::kCreating);
}

}  // namespace
}  // namespace monotable
