// Unit tests of one Stream: shards, sequence numbers, the in-flight watermark,
// rollover, partition splits, disabling, and the persisted forms (record, stream
// record, iterator token).
#include "engine/streams/stream.h"

#include <gtest/gtest.h>

#include "engine/format/item_codec.h"
#include "engine/streams/record_codec.h"
#include "engine/streams/record_key.h"
#include "engine/streams/shard_iterator.h"
#include "engine/streams/stream_info.h"
#include "engine/testing/storage_fixture.h"
#include "engine/testing/value_builders.h"

// A namespace of the file's own: the unity build compiles the folder's tests together.
namespace monotable::streams::stream_test {
namespace {

using test_storage::OpenStorage;

constexpr int64_t kStart = 1700000000000;

StreamInfo NewInfo(uint64_t id = 7) {
  StreamInfo info;
  info.id = id;
  info.ns = "ns";
  info.table_name = "orders";
  info.table_id = "tid";
  info.key_schema = {{"pk", KeyType::kHash}};
  info.view_type = StreamViewType::kNewAndOldImages;
  info.created_ms = kStart;
  return info;
}

class StreamTest : public ::testing::Test {
 protected:
  void SetUp() override {
    storage_ = OpenStorage();
    ASSERT_NE(storage_, nullptr);
    options_.shard_max_age_ms = 10'000;
  }
  std::unique_ptr<Stream> Make() {
    auto stream = std::make_unique<Stream>(NewInfo(), *storage_, clock_, options_);
    EXPECT_TRUE(stream->OpenInitialShards(nullptr).ok());
    return stream;
  }
  // A stream following the partitions of a provisioned 5/5 table's resource (one
  // partition), both made here.
  std::unique_ptr<Stream> MakeFollowing(std::shared_ptr<throughput::Resource>& resource) {
    throughput::ResourceConfig config;
    config.table_name = "orders";
    config.capacity = throughput::CapacitySpec::Provisioned(5, 5);
    auto created = throughput::Resource::Create(config, clock_);
    EXPECT_TRUE(created.ok());
    if (!created.ok()) return nullptr;
    resource = std::move(*created);
    auto stream = std::make_unique<Stream>(NewInfo(), *storage_, clock_, options_);
    EXPECT_TRUE(stream->OpenInitialShards(resource.get()).ok());
    return stream;
  }
  Stream::Slot Reserve(Stream& stream, uint64_t hash = 42) {
    auto slot = stream.Reserve(hash, nullptr);
    EXPECT_TRUE(slot.ok() && slot->has_value());
    return slot.ok() && *slot ? **slot : Stream::Slot{};
  }

  FakeClock clock_{kStart};
  StreamOptions options_;
  std::unique_ptr<Storage> storage_;
};

TEST_F(StreamTest, OneShardWithoutPartitionsAndIncreasingSequenceNumbers) {
  auto stream = Make();
  const StreamInfo info = stream->Info();
  ASSERT_EQ(info.shards.size(), 1u);
  EXPECT_EQ(info.shards[0].hash_begin, 0u);
  EXPECT_EQ(info.shards[0].hash_last, UINT64_MAX);
  EXPECT_EQ(info.shards[0].id.size(), 37u);
  EXPECT_EQ(info.shards[0].id.rfind("shardId-00000001700000000000-", 0), 0u);
  Stream::Slot a = Reserve(*stream, 1);
  Stream::Slot b = Reserve(*stream, UINT64_MAX);
  clock_.Advance(5);
  Stream::Slot c = Reserve(*stream, 99);
  EXPECT_LT(a.sequence, b.sequence);
  EXPECT_LT(b.sequence, c.sequence);
  EXPECT_EQ(TimeOfSequence(a.sequence), kStart);
  EXPECT_EQ(TimeOfSequence(c.sequence), kStart + 5);  // sequence numbers carry their time
}

TEST_F(StreamTest, ReadersSeeAShardOnlyBelowItsLowestInFlightRecord) {
  auto stream = Make();
  const uint32_t shard = stream->Info().shards[0].number;
  Stream::Slot a = Reserve(*stream);
  Stream::Slot b = Reserve(*stream);
  EXPECT_EQ(stream->FindShard(shard)->readable_end, a.sequence);
  stream->Release(b);  // b committed first: still invisible, a is not done
  EXPECT_EQ(stream->FindShard(shard)->readable_end, a.sequence);
  stream->Release(a);
  EXPECT_EQ(stream->FindShard(shard)->readable_end, b.sequence + 1);
}

TEST_F(StreamTest, ShardsRollOverWithAge) {
  auto stream = Make();
  Stream::Slot first = Reserve(*stream);
  stream->Release(first);
  clock_.Advance(options_.shard_max_age_ms);
  Stream::Slot second = Reserve(*stream);
  const StreamInfo info = stream->Info();
  ASSERT_EQ(info.shards.size(), 2u);
  EXPECT_EQ(info.shards[0].end_sequence, first.sequence);
  EXPECT_EQ(info.shards[1].parent_id, info.shards[0].id);
  EXPECT_EQ(second.shard, info.shards[1].number);
  EXPECT_GT(second.sequence, first.sequence);
}

TEST_F(StreamTest, ShardsFollowPartitionSplits) {
  std::shared_ptr<throughput::Resource> resource;
  auto stream = MakeFollowing(resource);
  ASSERT_NE(stream, nullptr);
  ASSERT_EQ(stream->Info().shards.size(), 1u);
  ASSERT_TRUE(resource->UpdateCapacity(throughput::CapacitySpec::Provisioned(5, 3000)).ok());
  auto slot = stream->Reserve(UINT64_MAX, resource.get());
  ASSERT_TRUE(slot.ok() && *slot);
  const StreamInfo info = stream->Info();
  const size_t partitions = resource->partition_map().size();
  ASSERT_EQ(info.shards.size(), 1 + partitions);
  EXPECT_FALSE(info.shards[0].open());
  for (size_t i = 1; i < info.shards.size(); ++i) {
    EXPECT_EQ(info.shards[i].parent_id, info.shards[0].id);
    EXPECT_TRUE(info.shards[i].open());
  }
  EXPECT_EQ(info.shards.back().hash_last, UINT64_MAX);
  EXPECT_EQ((*slot)->shard, info.shards.back().number);  // the top hash: the last piece
}

// DescribeStream lists shards by id (stream_registry.h): every new shard's id sorts after
// the ids before it, whether the shards opened in one millisecond (a split's children),
// later (a rollover) or after the clock was set back.
TEST_F(StreamTest, ShardIdsSortInCreationOrder) {
  std::shared_ptr<throughput::Resource> resource;
  auto stream = MakeFollowing(resource);
  ASSERT_NE(stream, nullptr);
  ASSERT_TRUE(resource->UpdateCapacity(throughput::CapacitySpec::Provisioned(5, 3000)).ok());
  auto write = [&] {
    auto slot = stream->Reserve(UINT64_MAX, resource.get());
    ASSERT_TRUE(slot.ok() && *slot);
    stream->Release(**slot);
  };
  write();  // the split, in the parent's millisecond
  const size_t split = stream->Info().shards.size();
  clock_.Advance(options_.shard_max_age_ms);
  write();  // every child rolls over
  const size_t rolled = stream->Info().shards.size();
  EXPECT_EQ(rolled, 2 * split - 1);
  clock_.Advance(-2 * options_.shard_max_age_ms);  // the clock is set back, then a split
  ASSERT_TRUE(resource->UpdateCapacity(throughput::CapacitySpec::Provisioned(5, 9000)).ok());
  write();
  ASSERT_GT(stream->Info().shards.size(), rolled);
  const StreamInfo info = stream->Info();
  for (size_t i = 1; i < info.shards.size(); ++i) {
    EXPECT_LT(info.shards[i - 1].id, info.shards[i].id) << i;
    EXPECT_EQ(info.shards[i].id.size(), 37u);
  }
  EXPECT_EQ(info.shards[1].id.rfind("shardId-00000001700000000000-", 0), 0u);
}

TEST_F(StreamTest, DisablingClosesEveryShardAndTakesNoMoreRecords) {
  auto stream = Make();
  stream->Release(Reserve(*stream));
  ASSERT_TRUE(stream->Disable().ok());
  auto slot = stream->Reserve(1, nullptr);
  ASSERT_TRUE(slot.ok());
  EXPECT_FALSE(slot->has_value());
  const StreamInfo info = stream->Info();
  EXPECT_FALSE(info.enabled);
  for (const auto& shard : info.shards) EXPECT_FALSE(shard.open());
}

TEST_F(StreamTest, StreamInfoRoundTrips) {
  auto stream = Make();
  ASSERT_TRUE(stream->Disable().ok());
  const StreamInfo info = stream->Info();
  auto decoded = DecodeStreamInfo(EncodeStreamInfo(info));
  ASSERT_TRUE(decoded.ok()) << decoded.status().message();
  EXPECT_EQ(decoded->id, info.id);
  EXPECT_EQ(decoded->table_name, "orders");
  EXPECT_EQ(decoded->view_type, StreamViewType::kNewAndOldImages);
  EXPECT_FALSE(decoded->enabled);
  ASSERT_EQ(decoded->shards.size(), 1u);
  EXPECT_EQ(decoded->shards[0].id, info.shards[0].id);
  EXPECT_EQ(decoded->shards[0].end_sequence, info.shards[0].end_sequence);
  EXPECT_EQ(decoded->shards[0].hash_last, UINT64_MAX);
  EXPECT_FALSE(DecodeStreamInfo("garbage").ok());
}

TEST(StreamFormatTest, RecordKeysSortByStreamShardAndSequence) {
  EXPECT_LT(RecordKey(1, 2, 3), RecordKey(1, 2, 4));
  EXPECT_LT(RecordKey(1, 2, UINT64_MAX), RecordKey(1, 3, 0));
  EXPECT_LT(RecordKey(1, UINT32_MAX, 0), RecordKey(2, 0, 0));
  EXPECT_EQ(RecordKey(1, 2, 3).size(), kRecordKeyBytes);
  EXPECT_EQ(SequenceOfKey(RecordKey(9, 8, 0x0102030405060708)), 0x0102030405060708u);
}

TEST(StreamFormatTest, RecordsRoundTrip) {
  using namespace test_values;
  StreamRecord record;
  record.event = StreamEventName::kModify;
  record.view_type = StreamViewType::kNewAndOldImages;
  record.keys = item_codec::Encode({{"pk", S("a")}});
  record.new_image = item_codec::Encode({{"pk", S("a")}, {"v", N("2")}});
  record.old_image = item_codec::Encode({{"pk", S("a")}, {"v", N("1")}});
  record.size_bytes = 12;
  record.creation_ms = kStart;
  record.time_to_live = true;
  auto decoded = DecodeRecord(EncodeRecord(record));
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(decoded->event, StreamEventName::kModify);
  EXPECT_EQ(decoded->keys, record.keys);
  EXPECT_EQ(decoded->new_image, record.new_image);
  EXPECT_EQ(decoded->old_image, record.old_image);
  EXPECT_EQ(decoded->size_bytes, 12);
  EXPECT_EQ(decoded->creation_ms, kStart);
  EXPECT_TRUE(decoded->time_to_live);
  EXPECT_FALSE(DecodeRecord("\x02\x00").ok());
}

TEST(StreamFormatTest, IteratorsRoundTripAndRefuseForgeries) {
  const ShardIterator iterator{7, 3, 123456789, kStart};
  const std::string token = EncodeIterator(iterator);
  auto decoded = DecodeIterator(token);
  ASSERT_TRUE(decoded.has_value());
  EXPECT_EQ(decoded->stream_id, 7u);
  EXPECT_EQ(decoded->shard, 3u);
  EXPECT_EQ(decoded->position, 123456789u);
  EXPECT_EQ(decoded->issued_ms, kStart);
  std::string forged = token;
  forged[20] = forged[20] == '0' ? '1' : '0';  // another position, the same check value
  EXPECT_FALSE(DecodeIterator(forged).has_value());
  EXPECT_FALSE(DecodeIterator("").has_value());
  EXPECT_FALSE(DecodeIterator(token + "0").has_value());
}

}  // namespace
}  // namespace monotable::streams::stream_test
