// WritePath::Apply's OldImage::kPresence: an unconditional Put or Delete on a table
// that needs nothing of the old image gets only its presence, yet the statistics stay
// exact; a table whose derived data needs the old image (here TTL's expiry index)
// still gets all of it.
#include "engine/write/write_path.h"

#include <gtest/gtest.h>

#include "engine/testing/storage_fixture.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_storage::SimpleTable;
using test_values::N;
using test_values::S;

class WritePathPresenceTest : public test_storage::StorageTest {
 protected:
  void SetUp() override {
    StorageTest::SetUp();
    write_path_.emplace(storage_.get(), &locks_);
  }

  // Applies `next` at `key` with OldImage::kPresence; returns the old image `compute`
  // was given (nullopt: none).
  std::optional<Item> Write(Table& table, const std::string& key, const std::optional<Item>& next) {
    std::optional<Item> seen;
    auto outcome = write_path_->Apply(
        table, key,
        [&](const std::optional<Item>& old) -> Result<std::optional<Item>> {
          seen = old;
          return next;
        },
        WritePath::OnTransaction::kFail, ChangeOrigin::kUser, WritePath::OldImage::kPresence);
    EXPECT_TRUE(outcome.ok()) << outcome.status().message();
    if (outcome.ok()) {
      EXPECT_EQ(outcome->sizes.old_size, seen ? last_size_ : 0u);
      last_size_ = next ? ItemSize(*next) : 0;
    }
    return seen;
  }

  LockTable locks_;
  std::optional<WritePath> write_path_;
  size_t last_size_ = 0;
};

TEST_F(WritePathPresenceTest, TableWithoutDerivedDataGetsPresenceAndExactStatistics) {
  auto table = Create(SimpleTable("plain"));
  ASSERT_NE(table, nullptr);
  const Item first{{"pk", S("a")}, {"v", N("1")}};
  const Item second{{"pk", S("a")}, {"v", S("a longer value than before")}};
  const std::string key = test_storage::KeyOf(test_storage::DefinitionOf(*table), first);

  EXPECT_FALSE(Write(*table, key, first).has_value());  // a new item: none
  EXPECT_EQ(table->item_count(), 1);
  EXPECT_EQ(table->size_bytes(), static_cast<int64_t>(ItemSize(first)));

  // Overwritten: present, its attributes not read, its size exact.
  const std::optional<Item> old = Write(*table, key, second);
  ASSERT_TRUE(old.has_value());
  EXPECT_TRUE(old->empty());
  EXPECT_EQ(table->item_count(), 1);
  EXPECT_EQ(table->size_bytes(), static_cast<int64_t>(ItemSize(second)));

  ASSERT_TRUE(Write(*table, key, std::nullopt).has_value());  // deleted
  EXPECT_EQ(table->item_count(), 0);
  EXPECT_EQ(table->size_bytes(), 0);
}

TEST_F(WritePathPresenceTest, TableWithTimeToLiveGetsTheFullOldImage) {
  TableDefinition definition = SimpleTable("expiring");
  definition.time_to_live.enabled = true;
  definition.time_to_live.attribute_name = "expires";
  auto table = Create(std::move(definition));
  ASSERT_NE(table, nullptr);
  const Item first{{"pk", S("a")}, {"expires", N("1700000000")}};
  const std::string key = test_storage::KeyOf(test_storage::DefinitionOf(*table), first);
  Write(*table, key, first);
  // The expiry index must delete the old entry: the old image comes whole.
  const std::optional<Item> old = Write(*table, key, Item{{"pk", S("a")}});
  ASSERT_TRUE(old.has_value());
  EXPECT_EQ(*old, first);
  EXPECT_EQ(table->item_count(), 1);
}

}  // namespace
}  // namespace monotable
