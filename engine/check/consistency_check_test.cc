// The consistency check finds a consistent database consistent, and each kind of damage
// it exists for: a lost index entry, a stale one, wrong statistics, a lost expiry entry.
#include "engine/check/consistency_check.h"

#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <chrono>
#include <thread>

#include "engine/engine.h"
#include "engine/format/stats_record.h"
#include "engine/testing/storage_fixture.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_storage::OpenStorage;
using test_storage::TempDir;
using test_values::N;
using test_values::S;

constexpr int64_t kNowS = 1700000000;

class ConsistencyCheckTest : public ::testing::Test {
 protected:
  // Table T (pk S) with a GSI on g, TTL on exp, and 20 items: even ones indexed, every
  // third one expiring. Written through the engine, which is closed afterwards.
  void SetUp() override {
    EngineOptions options;
    options.path = dir_.path();
    options.ttl_sweep_interval_ms = 0;
    auto engine = Engine::Open(options, std::make_unique<FakeClock>(kNowS * 1000));
    ASSERT_TRUE(engine.ok()) << engine.status().message();
    CreateTableRequest create;
    create.table_name = "T";
    create.attribute_definitions = {{"pk", AttributeType::kS}, {"g", AttributeType::kS}};
    create.key_schema = {{"pk", KeyType::kHash}};
    create.billing_mode = BillingMode::kPayPerRequest;
    SecondaryIndexDefinition gsi;
    gsi.name = "byG";
    gsi.key_schema = {{"g", KeyType::kHash}};
    gsi.projection.type = ProjectionType::kAll;
    create.global_secondary_indexes = {gsi};
    ASSERT_TRUE((*engine)->CreateTable(ctx_, create).ok());
    UpdateTimeToLiveRequest ttl;
    ttl.table_name = "T";
    ttl.specification = {true, "exp"};
    ASSERT_TRUE((*engine)->UpdateTimeToLive(ctx_, ttl).ok());
    for (int i = 0; i < 20; ++i) {
      PutItemRequest put;
      put.table_name = "T";
      put.item = {{"pk", S("k" + std::to_string(i))}, {"pad", S(std::string(i, 'x'))}};
      if (i % 2 == 0) put.item["g"] = S("g" + std::to_string(i % 3));
      if (i % 3 == 0) put.item["exp"] = N(std::to_string(kNowS + 3600));
      ASSERT_TRUE((*engine)->PutItem(ctx_, put).ok());
    }
    // The TTL backfill of the (then empty) table finishes in the background.
    for (int tries = 0; tries < 2000; ++tries) {
      auto report = (*engine)->CheckConsistency();
      ASSERT_TRUE(report.ok()) << report.status().message();
      if (report->skipped.empty()) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  // The check of the closed database, opened raw; `damage` runs first.
  ConsistencyReport Check(const std::function<void(Storage&, const Table&)>& damage = {}) {
    auto storage = OpenStorage(dir_.path());
    EXPECT_NE(storage, nullptr);
    FakeClock clock(kNowS * 1000);
    Catalog catalog(storage.get(), &clock);
    EXPECT_TRUE(catalog.Load().ok());
    auto tables = catalog.All();
    EXPECT_EQ(tables.size(), 1u);
    if (damage) damage(*storage, *tables.front().second);
    auto report = check::CheckConsistency(*storage, catalog);
    EXPECT_TRUE(report.ok()) << report.status().message();
    return report.ok() ? *report : ConsistencyReport{};
  }

  static void DeleteFirst(Storage& storage, rocksdb::ColumnFamilyHandle* family) {
    std::unique_ptr<rocksdb::Iterator> it(
        storage.db()->NewIterator(rocksdb::ReadOptions(), family));
    it->SeekToFirst();
    ASSERT_TRUE(it->Valid());
    ASSERT_TRUE(storage.db()->Delete(rocksdb::WriteOptions(), family, it->key()).ok());
  }

  static std::string Problems(const ConsistencyReport& report) {
    std::string all;
    for (const auto& p : report.problems) all += p + "\n";
    return all;
  }

  TempDir dir_;
  RequestContext ctx_{"ns"};
};

TEST_F(ConsistencyCheckTest, AConsistentDatabaseHasNoProblems) {
  ConsistencyReport report = Check();
  EXPECT_TRUE(report.problems.empty()) << Problems(report);
  EXPECT_TRUE(report.skipped.empty());
  EXPECT_EQ(report.tables, 1);
  EXPECT_EQ(report.items, 20);
  EXPECT_EQ(report.index_entries, 10);
}

TEST_F(ConsistencyCheckTest, ALostIndexEntryIsFound) {
  ConsistencyReport report = Check([](Storage& storage, const Table& table) {
    auto layout = table.layout();
    DeleteFirst(storage, layout->indexes.front().family.get());
  });
  ASSERT_EQ(report.problems.size(), 2u) << Problems(report);
  EXPECT_EQ(report.problems[0],
            "table 'ns/T' index 'byG': 1 entries missing, 0 stale, 0 with a wrong projection "
            "(10 expected)");
  EXPECT_TRUE(report.problems[1].starts_with("table 'ns/T' index 'byG': statistics say 10 items"))
      << report.problems[1];
}

TEST_F(ConsistencyCheckTest, AnItemLostWithoutItsEntriesShowsStaleEntriesAndWrongStatistics) {
  ConsistencyReport report =
      Check([](Storage& storage, const Table& table) { DeleteFirst(storage, table.family()); });
  const std::string all = Problems(report);
  EXPECT_NE(all.find("table 'ns/T': statistics say 20 items"), std::string::npos) << all;
  EXPECT_NE(all.find("but it holds 19 items"), std::string::npos) << all;
}

TEST_F(ConsistencyCheckTest, WrongTableStatisticsAreFound) {
  ConsistencyReport report = Check([](Storage& storage, const Table& table) {
    ASSERT_TRUE(storage.db()
                    ->Merge(rocksdb::WriteOptions(), storage.catalog(), table.stats_key(),
                            EncodeStats(StatsDelta{0, 7}))
                    .ok());
  });
  ASSERT_EQ(report.problems.size(), 1u) << Problems(report);
  EXPECT_TRUE(report.problems[0].starts_with("table 'ns/T': statistics say 20 items, "))
      << report.problems[0];
}

TEST_F(ConsistencyCheckTest, ALostExpiryEntryIsFound) {
  ConsistencyReport report =
      Check([](Storage& storage, const Table&) { DeleteFirst(storage, storage.expiry()); });
  ASSERT_EQ(report.problems.size(), 1u) << Problems(report);
  EXPECT_TRUE(report.problems[0].starts_with("table 'ns/T': expiry index")) << report.problems[0];
}

}  // namespace
}  // namespace monotable
