// Unit tests of StreamRegistry: a table's stream following its definition, records
// staged and read back through the Streams API, iterator expiry, trimming after
// retention, and a restart resuming every shard's counter.
#include "engine/streams/stream_registry.h"

#include <gtest/gtest.h>
#include <rocksdb/write_batch.h>

#include "engine/schema/stream_label.h"
#include "engine/streams/record_staging.h"
#include "engine/testing/storage_fixture.h"
#include "engine/testing/value_builders.h"

namespace monotable::streams {
namespace {

using test_storage::KeyOf;
using test_storage::OpenStorage;
using test_storage::SimpleTable;
using test_storage::TempDir;
using test_values::N;
using test_values::S;

constexpr int64_t kStart = 1700000000000;

class RegistryTest : public ::testing::Test {
 protected:
  void SetUp() override { Open(""); }

  void Open(const std::string& path, int64_t records_delay_ms = 0) {
    table_.reset();
    registry_.reset();
    catalog_.reset();
    storage_.reset();
    storage_ = OpenStorage(path);
    ASSERT_NE(storage_, nullptr);
    catalog_ = std::make_unique<Catalog>(storage_.get(), &clock_);
    ASSERT_TRUE(catalog_->Load().ok());
    StreamOptions options;
    options.retention_ms = 60'000;
    options.iterator_lifetime_ms = 1'000;
    options.maintenance_interval_ms = 0;
    options.records_delay_ms = records_delay_ms;
    registry_ = std::make_unique<StreamRegistry>(*storage_, clock_, options);
    ASSERT_TRUE(registry_->Load().ok());
    table_ = catalog_->Find("ns", "orders");
    if (table_) {
      ASSERT_TRUE(registry_->Sync("ns", *table_).ok());
    }
  }

  void CreateTableWithStream() {
    TableDefinition definition = SimpleTable("orders");
    definition.stream_view_type = StreamViewType::kNewAndOldImages;
    definition.latest_stream_id = registry_->NewStreamId();
    definition.latest_stream_ms = clock_.NowMillis();
    auto table = catalog_->Create("ns", std::move(definition));
    ASSERT_TRUE(table.ok());
    table_ = *table;
    ASSERT_TRUE(registry_->Sync("ns", *table_).ok());
    ASSERT_NE(table_->stream(), nullptr);
  }

  // Writes one change and its record, as ItemBatch does. A change from absent to absent
  // has no image to take the key from: it uses the item whose partition key is "a".
  void Write(const std::optional<Item>& old_item, const std::optional<Item>& new_item) {
    const Item absent_key{{"pk", S("a")}};
    const Item& any = new_item ? *new_item : old_item ? *old_item : absent_key;
    const std::string key = KeyOf(test_storage::DefinitionOf(*table_), any);
    rocksdb::WriteBatch batch;
    auto slot = StageRecord(*table_->stream(), *storage_, test_storage::DefinitionOf(*table_),
                            nullptr, {key, old_item, new_item, false}, batch);
    ASSERT_TRUE(slot.ok());
    ASSERT_TRUE(storage_->Write(&batch).ok());
    if (*slot) table_->stream()->Release(**slot);
  }

  StreamName Name() const {
    return {"orders", StreamLabel(test_storage::DefinitionOf(*table_).latest_stream_ms)};
  }
  std::string ShardId() {
    auto description = registry_->DescribeStream("ns", {Name(), "arn", 100, std::nullopt});
    EXPECT_TRUE(description.ok());
    return description.ok() && !description->shards.empty() ? description->shards.back().shard_id
                                                            : std::string();
  }
  Result<std::string> Iterator(ShardIteratorType type,
                               std::optional<uint64_t> sequence = std::nullopt) {
    return registry_->GetShardIterator("ns", {Name(), "arn", ShardId(), type, sequence});
  }
  std::vector<StreamRecord> ReadAll() {
    auto iterator = Iterator(ShardIteratorType::kTrimHorizon);
    EXPECT_TRUE(iterator.ok());
    auto page = registry_->GetRecords("ns", {*iterator, 1000});
    EXPECT_TRUE(page.ok());
    return page.ok() ? page->records : std::vector<StreamRecord>{};
  }

  FakeClock clock_{kStart};
  TempDir dir_;  // outlives the storage opened in it
  std::unique_ptr<Storage> storage_;
  std::unique_ptr<Catalog> catalog_;
  std::unique_ptr<StreamRegistry> registry_;
  std::shared_ptr<Table> table_;
};

TEST_F(RegistryTest, RecordsAreReadBackWithTheirEventsAndImages) {
  CreateTableWithStream();
  const Item v1{{"pk", S("a")}, {"v", N("1")}}, v2{{"pk", S("a")}, {"v", N("2")}};
  Write(std::nullopt, v1);
  Write(v1, v1);  // changes nothing: no record
  Write(v1, v2);
  Write(v2, std::nullopt);
  Write(std::nullopt, std::nullopt);  // deletes nothing: no record
  const std::vector<StreamRecord> records = ReadAll();
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].event, StreamEventName::kInsert);
  EXPECT_EQ(records[1].event, StreamEventName::kModify);
  EXPECT_EQ(records[1].old_image, item_codec::Encode(v1));
  EXPECT_EQ(records[1].new_image, item_codec::Encode(v2));
  EXPECT_EQ(records[2].event, StreamEventName::kRemove);
  EXPECT_EQ(records[2].keys, item_codec::Encode({{"pk", S("a")}}));
  EXPECT_LT(records[0].sequence_number, records[2].sequence_number);
  EXPECT_NE(records[0].event_id, records[1].event_id);
}

TEST_F(RegistryTest, ARecordIsReadableOnceItsDelayHasPassed) {
  Open("", 500);
  CreateTableWithStream();
  Write(std::nullopt, Item{{"pk", S("a")}, {"v", N("1")}});
  auto iterator = Iterator(ShardIteratorType::kTrimHorizon);
  ASSERT_TRUE(iterator.ok());
  auto page = registry_->GetRecords("ns", {*iterator, 1000});
  ASSERT_TRUE(page.ok());
  EXPECT_TRUE(page->records.empty());  // written, not yet readable
  ASSERT_TRUE(page->next_shard_iterator.has_value());
  clock_.Advance(499);
  page = registry_->GetRecords("ns", {*page->next_shard_iterator, 1000});
  ASSERT_TRUE(page.ok());
  EXPECT_TRUE(page->records.empty());
  clock_.Advance(1);
  // The iterator handed out while it was not readable still reaches it.
  page = registry_->GetRecords("ns", {*page->next_shard_iterator, 1000});
  ASSERT_TRUE(page.ok());
  ASSERT_EQ(page->records.size(), 1u);
  EXPECT_EQ(page->records[0].event, StreamEventName::kInsert);
}

TEST_F(RegistryTest, ListsAndDisablesFollowingTheDefinition) {
  CreateTableWithStream();
  auto listed = registry_->ListStreams("ns", {});
  ASSERT_TRUE(listed.ok());
  ASSERT_EQ(listed->streams.size(), 1u);
  EXPECT_EQ(listed->streams[0].label, Name().label);
  EXPECT_TRUE(registry_->ListStreams("other", {})->streams.empty());
  const StreamName name = Name();
  ASSERT_TRUE(catalog_
                  ->Update("ns", *table_,
                           [](const TableDefinition& current) -> Result<TableDefinition> {
                             TableDefinition next = current;
                             next.stream_view_type.reset();
                             return next;
                           })
                  .ok());
  ASSERT_TRUE(registry_->Sync("ns", *table_).ok());
  EXPECT_EQ(table_->stream(), nullptr);
  auto description = registry_->DescribeStream("ns", {name, "arn", 100, std::nullopt});
  ASSERT_TRUE(description.ok());
  EXPECT_EQ(description->status, StreamStatus::kDisabled);
}

TEST_F(RegistryTest, IteratorsExpire) {
  CreateTableWithStream();
  auto iterator = Iterator(ShardIteratorType::kLatest);
  ASSERT_TRUE(iterator.ok());
  clock_.Advance(1'001);
  auto page = registry_->GetRecords("ns", {*iterator, 10});
  EXPECT_EQ(page.status().code(), ErrorCode::kExpiredIterator);
  EXPECT_EQ(registry_->GetRecords("ns", {"nonsense", 10}).status().code(), ErrorCode::kValidation);
}

TEST_F(RegistryTest, TrimmingRemovesRecordsPastRetention) {
  CreateTableWithStream();
  Write(std::nullopt, Item{{"pk", S("old")}});
  const uint64_t old_sequence = ReadAll().at(0).sequence_number;
  auto stale = Iterator(ShardIteratorType::kTrimHorizon);
  ASSERT_TRUE(stale.ok());
  clock_.Advance(60'001);
  Write(std::nullopt, Item{{"pk", S("new")}});
  ASSERT_TRUE(registry_->MaintainAll().ok());
  const std::vector<StreamRecord> left = ReadAll();
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].keys, item_codec::Encode({{"pk", S("new")}}));
  EXPECT_EQ(Iterator(ShardIteratorType::kAtSequenceNumber, old_sequence).status().code(),
            ErrorCode::kTrimmedDataAccess);
}

TEST_F(RegistryTest, ARestartResumesSequenceNumbersAndKeepsRecords) {
  Open(dir_.path());
  CreateTableWithStream();
  Write(std::nullopt, Item{{"pk", S("a")}});
  Open(dir_.path());
  ASSERT_NE(table_, nullptr);
  ASSERT_NE(table_->stream(), nullptr);
  Write(std::nullopt, Item{{"pk", S("b")}});  // the same millisecond: the counter resumes
  const std::vector<StreamRecord> records = ReadAll();
  ASSERT_EQ(records.size(), 2u);
  EXPECT_LT(records[0].sequence_number, records[1].sequence_number);
}

// DescribeStream pages shards in the order of their ids, and ExclusiveStartShardId is a
// place in that order, a shard's or not (stream_registry.h); the ids, their parents and
// the order are the same after a restart, and a shard opened then sorts after them.
TEST_F(RegistryTest, DescribeStreamPagesShardsInIdOrderAcrossARestart) {
  Open(dir_.path());
  CreateTableWithStream();
  for (int i = 0; i < 3; ++i) {  // three rollovers: four shards, each the next's parent
    Write(std::nullopt, Item{{"pk", S("a")}});
    clock_.Advance(registry_->options().shard_max_age_ms);
  }
  Write(std::nullopt, Item{{"pk", S("a")}});
  auto page = [&](int limit, std::optional<std::string> start) {
    auto description = registry_->DescribeStream("ns", {Name(), "arn", limit, std::move(start)});
    EXPECT_TRUE(description.ok());
    return description.ok() ? *description : StreamDescription{};
  };
  const std::vector<ShardDescription> all = page(100, std::nullopt).shards;
  ASSERT_EQ(all.size(), 4u);
  for (size_t i = 1; i < all.size(); ++i) {
    EXPECT_LT(all[i - 1].shard_id, all[i].shard_id);
    EXPECT_EQ(all[i].parent_shard_id, all[i - 1].shard_id);
  }
  // Limit pages; the last page has no LastEvaluatedShardId.
  std::vector<std::string> paged;
  std::optional<std::string> start;
  do {
    const StreamDescription one = page(1, start);
    ASSERT_LE(one.shards.size(), 1u);
    for (const auto& shard : one.shards) paged.push_back(shard.shard_id);
    start = one.last_evaluated_shard_id;
  } while (start);
  ASSERT_EQ(paged.size(), all.size());
  for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(paged[i], all[i].shard_id);
  // Ids that are no shard's: before every shard, between two, after every shard.
  EXPECT_EQ(page(100, "shardId-0").shards.size(), 4u);
  const StreamDescription between = page(100, all[1].shard_id + "0");
  ASSERT_EQ(between.shards.size(), 2u);
  EXPECT_EQ(between.shards[0].shard_id, all[2].shard_id);
  const StreamDescription after = page(100, "shardId-99999999999999999999-ffffffff");
  EXPECT_TRUE(after.shards.empty());
  EXPECT_FALSE(after.last_evaluated_shard_id);
  EXPECT_TRUE(page(100, all.back().shard_id).shards.empty());

  Open(dir_.path());
  ASSERT_NE(table_, nullptr);
  const std::vector<ShardDescription> reopened = page(100, std::nullopt).shards;
  ASSERT_EQ(reopened.size(), all.size());
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(reopened[i].shard_id, all[i].shard_id);
    EXPECT_EQ(reopened[i].parent_shard_id, all[i].parent_shard_id);
  }
  clock_.Advance(registry_->options().shard_max_age_ms);
  Write(std::nullopt, Item{{"pk", S("a")}});
  const std::vector<ShardDescription> later = page(100, all.back().shard_id).shards;
  ASSERT_EQ(later.size(), 1u);
  EXPECT_EQ(later[0].parent_shard_id, all.back().shard_id);
}

}  // namespace
}  // namespace monotable::streams
