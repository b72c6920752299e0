// BatchWriteItem through the engine's facade: one RocksDB write per request that
// leaves exactly what the same writes made one at a time leave (statistics, index
// entries, expiry entries, item collection sizes, stream records, consumed capacity),
// throttled writes handed back while the others are written, and concurrent batches,
// transactions and single-item writes over the same items all finishing.
#include "engine/write/batch_write_item.h"

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "engine/engine.h"
#include "engine/schema/stream_label.h"
#include "engine/testing/in_memory_engine.h"
#include "engine/testing/indexed_table.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_values::N;
using test_values::S;

Item Row(const std::string& pk, int sk,
         const std::vector<std::pair<std::string, AttributeValue>>& more) {
  Item item{{"pk", S(pk)}, {"sk", N(std::to_string(sk))}};
  for (const auto& [name, value] : more) item.emplace(name, value);
  return item;
}

class BatchWriteItemTest : public ::testing::Test {
 protected:
  void Open(ThroughputMode mode) {
    EngineOptions options;
    options.throughput = mode;
    options.ttl_sweep_interval_ms = 0;
    options.stream_maintenance_interval_ms = 0;
    engine_ = test_engine::OpenInMemory(std::make_unique<FakeClock>(1700000000000), options);
    ASSERT_NE(engine_, nullptr);
  }

  // test_tables::IndexedTableRequest's table with a stream of new and old images. Provisioned with
  // `wcu` (the GSI with `gsi_wcu`) when given, else on demand.
  void CreateTable(const std::string& name, int64_t wcu = 0, int64_t gsi_wcu = 0) {
    CreateTableRequest r = test_tables::IndexedTableRequest(name);
    if (wcu > 0) {
      r.billing_mode = BillingMode::kProvisioned;
      r.throughput = ProvisionedThroughput{1000, wcu};
      r.global_secondary_indexes[0].throughput =
          ProvisionedThroughput{1000, gsi_wcu > 0 ? gsi_wcu : wcu};
    }
    r.stream = StreamSpecificationRequest{true, StreamViewType::kNewAndOldImages};
    auto created = engine_->CreateTable(ctx_, r);
    ASSERT_TRUE(created.ok()) << created.status().message();
  }

  void EnableTimeToLive(const std::string& table) {
    UpdateTimeToLiveRequest r;
    r.table_name = table;
    r.specification = {true, "exp"};
    ASSERT_TRUE(engine_->UpdateTimeToLive(ctx_, r).ok());
    // An empty table's expiry backfill ends at once; wait for it (bounded).
    for (int i = 0; i < 2000 && !engine_->VerifyTimeToLiveIndex(ctx_, table).ok(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  // The table's and its indexes' statistics, as text.
  std::string Statistics(const std::string& table) {
    auto description = engine_->DescribeTable(ctx_, table);
    EXPECT_TRUE(description.ok());
    if (!description.ok()) return "";
    std::ostringstream out;
    out << description->item_count << " items, " << description->size_bytes << " B";
    for (const auto& [index, stats] : description->index_statistics) {
      out << "; " << index << " " << stats.item_count << "/" << stats.size_bytes;
    }
    return out.str();
  }

  // The stream records of `table`, as text, in shard and sequence order.
  std::vector<std::string> StreamRecords(const std::string& table) {
    auto definition = engine_->TableDefinitionOf(ctx_, table);
    EXPECT_TRUE(definition.ok());
    if (!definition.ok()) return {};
    const StreamName name{table, StreamLabel(definition->latest_stream_ms)};
    auto description = engine_->DescribeStream(ctx_, {name, "arn", 100, std::nullopt});
    EXPECT_TRUE(description.ok());
    std::vector<std::string> records;
    if (!description.ok()) return records;
    for (const auto& shard : description->shards) {
      auto iterator = engine_->GetShardIterator(
          ctx_, {name, "arn", shard.shard_id, ShardIteratorType::kTrimHorizon, std::nullopt});
      EXPECT_TRUE(iterator.ok());
      if (!iterator.ok()) continue;
      auto page = engine_->GetRecords(ctx_, {*iterator, 1000});
      EXPECT_TRUE(page.ok());
      if (!page.ok()) continue;
      for (const auto& record : page->records) {
        records.push_back(std::to_string(static_cast<int>(record.event)) + " " + record.keys + " " +
                          record.new_image.value_or("-") + " " + record.old_image.value_or("-") +
                          " " + std::to_string(record.size_bytes));
      }
    }
    return records;
  }

  void ExpectConsistent() {
    auto report = engine_->CheckConsistency();
    ASSERT_TRUE(report.ok()) << report.status().message();
    EXPECT_TRUE(report->problems.empty()) << report->problems.front();
  }

  Result<ItemResult> Put(const std::string& table, const Item& item) {
    PutItemRequest request;
    request.table_name = table;
    request.item = item;
    return engine_->PutItem(ctx_, request);
  }

  Result<ItemResult> Delete(const std::string& table, const Item& key) {
    DeleteItemRequest request;
    request.table_name = table;
    request.key = key;
    return engine_->DeleteItem(ctx_, request);
  }

  bool Exists(const std::string& table, const Item& item) {
    GetItemRequest request;
    request.table_name = table;
    request.key = Item{{"pk", item.at("pk")}, {"sk", item.at("sk")}};
    auto got = engine_->GetItem(ctx_, request);
    EXPECT_TRUE(got.ok());
    return got.ok() && got->item_encoded.has_value();
  }

  RequestContext ctx_{"ns"};
  std::unique_ptr<Engine> engine_;
};

TEST_F(BatchWriteItemTest, LeavesExactlyWhatTheSameWritesOneAtATimeLeave) {
  Open(ThroughputMode::kObserve);
  const std::vector<std::string> tables = {"one", "batch"};
  for (const std::string& t : tables) {
    CreateTable(t);
    EnableTimeToLive(t);
    for (const Item& item : {Row("a", 9, {{"g", S("x")}, {"l", S("m")}, {"exp", N("1")}}),
                             Row("b", 1, {{"g", S("y")}})}) {
      ASSERT_TRUE(Put(t, item).ok());
    }
  }
  // New items in collection "a" (each sees the ones before), an overwrite moving the
  // GSI entry and the expiry, a delete of an item and of nothing.
  struct Write {
    bool put;
    Item item;
  };
  const std::vector<Write> writes = {
      {true, Row("a", 1, {{"g", S("x")}, {"l", S("p")}, {"exp", N("5")}})},
      {true, Row("a", 2, {{"l", S("q")}, {"pad", S(std::string(2000, 'z'))}})},
      {true, Row("a", 9, {{"g", S("w")}, {"l", S("n")}, {"exp", N("7")}})},
      {false, Row("b", 1, {})},
      {false, Row("c", 1, {})},
      {true, Row("a", 3, {{"l", S("r")}})},
  };
  ConsumedCapacity one_consumed;
  std::vector<std::pair<std::string, int64_t>> one_collections;  // (pk, bytes), latest
  for (const Write& w : writes) {
    auto done = w.put ? Put("one", w.item) : Delete("one", w.item);
    ASSERT_TRUE(done.ok()) << done.status().message();
    one_consumed += done->consumed;
    if (!done->item_collection_key) continue;  // deleted nothing: no collection written
    const std::string pk = done->item_collection_key->at("pk").scalar;
    if (one_collections.empty() || one_collections.back().first != pk) {
      one_collections.emplace_back(pk, done->item_collection_bytes);
    }
    for (auto& [key, bytes] : one_collections) {
      if (key == pk) bytes = done->item_collection_bytes;
    }
  }
  BatchWriteRequest request;
  for (const Write& w : writes) request.entries.push_back({"batch", w.put, w.item});
  auto batch = engine_->BatchWriteItem(ctx_, request);
  ASSERT_TRUE(batch.ok()) << batch.status().message();

  EXPECT_TRUE(batch->unprocessed.empty());
  EXPECT_EQ(Statistics("batch"), Statistics("one"));
  EXPECT_EQ(StreamRecords("one").size(), 2u + 5u);  // the delete of nothing makes none
  EXPECT_EQ(StreamRecords("batch"), StreamRecords("one"));
  ASSERT_EQ(batch->consumed.size(), 1u);
  EXPECT_EQ(batch->consumed[0].table.write_units, one_consumed.table.write_units);
  EXPECT_EQ(batch->consumed[0].Total().write_units, one_consumed.Total().write_units);
  std::map<std::string, int64_t> batch_collections, expected_collections;
  for (const auto& c : batch->item_collections) batch_collections[c.key.at("pk").scalar] = c.bytes;
  for (const auto& [pk, bytes] : one_collections) expected_collections[pk] = bytes;
  EXPECT_EQ(batch_collections, expected_collections);
  ExpectConsistent();  // index, expiry and item-collection records match the items
}

TEST_F(BatchWriteItemTest, ThrottledWritesAreHandedBackAndTheOthersWritten) {
  Open(ThroughputMode::kEnforce);  // on the fake clock, no bucket refills
  CreateTable("t", /*wcu=*/5);
  BatchWriteRequest request;
  std::vector<Item> items;
  for (int i = 0; i < 25; ++i) {
    items.push_back(Row("k" + std::to_string(i), 1, {}));
    request.entries.push_back({"t", true, items.back()});
  }
  auto batch = engine_->BatchWriteItem(ctx_, request);
  ASSERT_TRUE(batch.ok()) << batch.status().message();
  const size_t throttled = batch->unprocessed.size();
  ASSERT_GT(throttled, 0u);
  ASSERT_LT(throttled, items.size());
  for (size_t i = 0; i < items.size(); ++i) {
    const bool handed_back = std::find(batch->unprocessed.begin(), batch->unprocessed.end(), i) !=
                             batch->unprocessed.end();
    EXPECT_EQ(Exists("t", items[i]), !handed_back) << "entry " << i;
  }
  ASSERT_EQ(batch->consumed.size(), 1u);
  EXPECT_EQ(batch->consumed[0].table.write_units, static_cast<double>(items.size() - throttled));
  EXPECT_EQ(engine_->DescribeTable(ctx_, "t")->item_count,
            static_cast<int64_t>(items.size() - throttled));
  // Nothing left to admit: every write throttled fails the call, and writes nothing.
  BatchWriteRequest again;
  again.entries.push_back({"t", true, Row("late", 1, {})});
  auto refused = engine_->BatchWriteItem(ctx_, again);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kProvisionedThroughputExceeded);
  EXPECT_FALSE(Exists("t", Row("late", 1, {})));
  ExpectConsistent();
}

TEST_F(BatchWriteItemTest, AWriteItsIndexThrottlesIsHandedBackAndCostsNothing) {
  Open(ThroughputMode::kEnforce);
  CreateTable("t", /*wcu=*/1000, /*gsi_wcu=*/5);
  BatchWriteRequest request;
  for (int i = 0; i < 25; ++i) {
    request.entries.push_back({"t", true, Row("k" + std::to_string(i), 1, {{"g", S("x")}})});
  }
  ItemTouches touches;  // --log-requests
  RequestContext logged = ctx_;
  logged.touches = &touches;
  auto batch = engine_->BatchWriteItem(logged, request);
  ASSERT_TRUE(batch.ok()) << batch.status().message();
  const size_t throttled = batch->unprocessed.size();
  ASSERT_GT(throttled, 0u);  // by the GSI, under the item locks
  ASSERT_LT(throttled, request.entries.size());
  const double written = static_cast<double>(request.entries.size() - throttled);
  // Each write made records its item and its byG entry; each refused its item with 0.
  size_t refused = 0, entries = 0;
  for (const ItemTouch& touch : touches.items()) {
    if (touch.index == "byG") ++entries;
    if (touch.units == 0) ++refused;
  }
  EXPECT_EQ(refused, throttled);
  EXPECT_EQ(entries, request.entries.size() - throttled);
  EXPECT_EQ(touches.items().size(), throttled + 2 * (request.entries.size() - throttled));
  EXPECT_EQ(batch->consumed[0].table.write_units, written);  // the refused ones refunded
  EXPECT_EQ(batch->consumed[0].global_secondary_indexes["byG"].write_units, written);
  int64_t bytes = 0;
  for (size_t i = 0; i < request.entries.size(); ++i) {
    if (std::find(batch->unprocessed.begin(), batch->unprocessed.end(), i) ==
        batch->unprocessed.end()) {
      bytes += static_cast<int64_t>(ItemSize(request.entries[i].item));
    }
  }
  const std::string count = std::to_string(request.entries.size() - throttled);
  const std::string size = std::to_string(bytes);
  EXPECT_EQ(Statistics("t"),
            count + " items, " + size + " B; byG " + count + "/" + size + "; byL 0/0");
  ExpectConsistent();
}

TEST_F(BatchWriteItemTest, OverlappingBatchesTransactionsAndSingleWritesAllFinish) {
  Open(ThroughputMode::kObserve);
  CreateTable("t");
  constexpr int kItems = 25;
  constexpr int kRounds = 150;
  auto batch_writer = [&](bool reversed) {
    for (int round = 0; round < kRounds; ++round) {
      BatchWriteRequest request;
      for (int i = 0; i < kItems; ++i) {
        const int k = reversed ? kItems - 1 - i : i;
        request.entries.push_back(
            {"t", true, Row("a", k, {{"l", S(std::to_string(round))}, {"g", S("x")}})});
      }
      auto done = engine_->BatchWriteItem(ctx_, request);
      EXPECT_TRUE(done.ok()) << done.status().message();
    }
  };
  auto transactions = [&] {
    for (int round = 0; round < kRounds; ++round) {
      TransactWriteRequest request;
      for (int k : {kItems - 1, 0, kItems / 2}) {
        TransactWriteAction put;
        put.table_name = "t";
        put.item = Row("a", k, {{"l", S("t")}});
        request.actions.push_back(std::move(put));
      }
      auto done = engine_->TransactWriteItems(ctx_, request);
      // Cancelled only by a conflict with the single-item writes' transactions: none
      // here, so each one commits once it has its locks.
      EXPECT_TRUE(done.ok()) << done.status().message();
    }
  };
  auto single_writes = [&] {
    for (int round = 0; round < kRounds; ++round) {
      auto done = Put("t", Row("a", kItems / 2, {{"l", S("s")}}));
      if (!done.ok()) {
        EXPECT_EQ(done.status().code(), ErrorCode::kTransactionConflict);
      }
    }
  };
  std::vector<std::thread> threads;
  threads.emplace_back(batch_writer, false);
  threads.emplace_back(batch_writer, true);
  threads.emplace_back(transactions);
  threads.emplace_back(single_writes);
  for (auto& t : threads) t.join();  // a deadlock would never get here
  EXPECT_EQ(engine_->DescribeTable(ctx_, "t")->item_count, kItems);
  ExpectConsistent();  // one collection written by all: its size is exact
}

}  // namespace
}  // namespace monotable
