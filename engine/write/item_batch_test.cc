// ItemBatch and stream records: every change staged through an ItemBatch writes its
// record in the same WriteBatch, and a TTL deletion's record names the service.
#include "engine/write/item_batch.h"

#include <gtest/gtest.h>

#include "engine/schema/stream_label.h"
#include "engine/streams/stream_registry.h"
#include "engine/testing/storage_fixture.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_storage::KeyOf;
using test_storage::SimpleTable;
using test_values::N;
using test_values::S;

class ItemBatchStreamTest : public test_storage::StorageTest {
 protected:
  void SetUp() override {
    StorageTest::SetUp();
    streams::StreamOptions options;
    options.maintenance_interval_ms = 0;
    registry_ = std::make_unique<streams::StreamRegistry>(*storage_, clock_, options);
    TableDefinition definition = SimpleTable("orders");
    definition.stream_view_type = StreamViewType::kKeysOnly;
    definition.latest_stream_id = registry_->NewStreamId();
    definition.latest_stream_ms = clock_.NowMillis();
    table_ = Create(std::move(definition));
    ASSERT_NE(table_, nullptr);
    ASSERT_TRUE(registry_->Sync("ns", *table_).ok());
  }

  void Change(ChangeOrigin origin, const std::optional<Item>& old_item,
              const std::optional<Item>& new_item) {
    ItemBatch batch(*storage_, origin);
    const std::string key =
        KeyOf(test_storage::DefinitionOf(*table_), new_item ? *new_item : *old_item);
    ASSERT_TRUE(batch.Stage(*table_, key, old_item, new_item).ok());
    ASSERT_TRUE(batch.Commit().ok());
  }

  std::vector<StreamRecord> Records() {
    const StreamName name{"orders",
                          StreamLabel(test_storage::DefinitionOf(*table_).latest_stream_ms)};
    auto description = registry_->DescribeStream("ns", {name, "arn", 100, std::nullopt});
    EXPECT_TRUE(description.ok());
    std::vector<StreamRecord> records;
    for (const auto& shard : description->shards) {
      auto iterator = registry_->GetShardIterator(
          "ns", {name, "arn", shard.shard_id, ShardIteratorType::kTrimHorizon, std::nullopt});
      EXPECT_TRUE(iterator.ok());
      auto page = registry_->GetRecords("ns", {*iterator, 1000});
      EXPECT_TRUE(page.ok());
      for (auto& record : page->records) records.push_back(std::move(record));
    }
    return records;
  }

  std::unique_ptr<streams::StreamRegistry> registry_;
  std::shared_ptr<Table> table_;
};

TEST_F(ItemBatchStreamTest, ATimeToLiveDeletionNamesTheServiceAsItsIdentity) {
  const Item item{{"pk", S("expired")}, {"ttl", N("1")}};
  Change(ChangeOrigin::kUser, std::nullopt, item);
  Change(ChangeOrigin::kTimeToLive, item, std::nullopt);
  const std::vector<StreamRecord> records = Records();
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].event, StreamEventName::kInsert);
  EXPECT_FALSE(records[0].time_to_live);  // a client's write
  EXPECT_EQ(records[1].event, StreamEventName::kRemove);
  EXPECT_TRUE(records[1].time_to_live);  // the sweeper's: userIdentity is the service
  EXPECT_EQ(records[1].keys, item_codec::Encode({{"pk", S("expired")}}));
  EXPECT_FALSE(records[1].old_image.has_value());  // KEYS_ONLY
}

TEST_F(ItemBatchStreamTest, AChangeThatChangesNothingWritesNoRecord) {
  const Item item{{"pk", S("same")}};
  Change(ChangeOrigin::kUser, std::nullopt, item);
  Change(ChangeOrigin::kUser, item, item);
  EXPECT_EQ(Records().size(), 1u);
}

TEST_F(ItemBatchStreamTest, ABatchThatIsNotCommittedWritesNoRecord) {
  {
    ItemBatch batch(*storage_);
    const Item item{{"pk", S("dropped")}};
    ASSERT_TRUE(
        batch.Stage(*table_, KeyOf(test_storage::DefinitionOf(*table_), item), std::nullopt, item)
            .ok());
  }  // dropped without Commit: its sequence number is released, nothing written
  Change(ChangeOrigin::kUser, std::nullopt, Item{{"pk", S("kept")}});
  const std::vector<StreamRecord> records = Records();
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].keys, item_codec::Encode({{"pk", S("kept")}}));
}

}  // namespace
}  // namespace monotable
