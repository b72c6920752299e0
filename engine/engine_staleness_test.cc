// Eventually consistent reads and GSI lag through the facade, on a fake clock: exact and
// instant (engine/staleness, docs/EVENTUAL_CONSISTENCY.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/expr/expression.h"
#include "engine/testing/encoded_items.h"
#include "engine/testing/in_memory_engine.h"
#include "engine/testing/value_builders.h"

// A named namespace: this file shares a unity batch with engine_test.cc.
namespace monotable::engine_staleness_test {

constexpr int64_t kStart = 1732000000000;
using test_values::S;

class EngineStalenessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto clock = std::make_unique<FakeClock>(kStart);
    clock_ = clock.get();
    EngineOptions options;
    options.eventual_read_delay = {1000, 1000};
    options.gsi_lag = {3000, 3000};
    engine_ = test_engine::OpenInMemory(std::move(clock), options);
    ASSERT_NE(engine_, nullptr);
    Create("t");
    clock_->Advance(10'000);  // the table is long made: only the items' writes are recent
  }

  void Create(const std::string& name, std::vector<TagInput> tags = {}) {
    CreateTableRequest r;
    r.table_name = name;
    r.tags = std::move(tags);
    r.attribute_definitions = {{"pk", AttributeType::kS}, {"g", AttributeType::kS}};
    r.key_schema = {{"pk", KeyType::kHash}};
    r.billing_mode = BillingMode::kPayPerRequest;
    SecondaryIndexDefinition index;
    index.name = "byG";
    index.key_schema = {{"g", KeyType::kHash}};
    r.global_secondary_indexes.push_back(index);
    auto created = engine_->CreateTable(ctx_, r);
    ASSERT_TRUE(created.ok()) << created.status().message();
  }

  void Put(const std::string& value, const std::string& table = "t") {
    PutItemRequest r;
    r.table_name = table;
    r.item = {{"pk", S("a")}, {"g", S(value)}};
    ASSERT_TRUE(engine_->PutItem(ctx_, std::move(r)).ok());
  }

  void PutAt(const std::string& pk, const std::string& g) {
    PutItemRequest r;
    r.table_name = "t";
    r.item = {{"pk", S(pk)}, {"g", S(g)}};
    ASSERT_TRUE(engine_->PutItem(ctx_, std::move(r)).ok());
  }

  // The partition keys a GSI Query of `g` returns.
  std::vector<std::string> QueryIndex(const std::string& g) {
    QueryRequest r;
    r.table_name = "t";
    r.index_name = "byG";
    const expr::ExpressionAttributeValues values{{":g", S(g)}};  // outlives the condition
    expr::Placeholders placeholders(nullptr, &values);
    auto condition =
        expr::Condition::Parse("g = :g", expr::ExpressionKind::kKeyCondition, placeholders);
    EXPECT_TRUE(condition.ok()) << condition.status().message();
    if (!condition.ok()) return {};
    r.key_condition = std::move(*condition);
    auto page = engine_->Query(ctx_, r);
    EXPECT_TRUE(page.ok()) << page.status().message();
    std::vector<std::string> keys;
    if (!page.ok()) return keys;
    for (const auto& encoded : page->items) {
      keys.push_back(test_values::Decoded(encoded)->at("pk").scalar);
    }
    return keys;
  }

  // The value of `g` GetItem returns, "" when there is no item.
  std::string Get(bool consistent, const std::string& table = "t") {
    GetItemRequest r;
    r.table_name = table;
    r.key = {{"pk", S("a")}};
    r.consistent_read = consistent;
    auto result = engine_->GetItem(ctx_, r);
    EXPECT_TRUE(result.ok()) << result.status().message();
    if (!result.ok()) return "?";
    auto item = test_values::Decoded(result->item_encoded);
    return item ? item->at("g").scalar : "";
  }

  // The values of `g` a Scan page returns, of the table or of the GSI.
  std::vector<std::string> Scan(bool index, bool consistent = false,
                                const std::string& table = "t") {
    ScanRequest r;
    r.table_name = table;
    if (index) r.index_name = "byG";
    r.consistent_read = consistent;
    auto page = engine_->Scan(ctx_, r);
    EXPECT_TRUE(page.ok()) << page.status().message();
    std::vector<std::string> values;
    if (!page.ok()) return values;
    for (const auto& encoded : page->items) {
      auto item = test_values::Decoded(encoded);
      values.push_back(item ? item->at("g").scalar : "?");
    }
    return values;
  }

  FakeClock* clock_ = nullptr;
  std::unique_ptr<Engine> engine_;
  RequestContext ctx_{"AKID:us-east-1"};
};

TEST_F(EngineStalenessTest, AnEventualReadIsStaleAStrongOneFresh) {
  Put("1");
  EXPECT_EQ(Get(false), "");  // just created: not there yet
  EXPECT_EQ(Get(true), "1");
  clock_->Advance(999);
  EXPECT_EQ(Get(false), "");
  clock_->Advance(1);
  EXPECT_EQ(Get(false), "1");
  Put("2");
  EXPECT_EQ(Get(false), "1");  // the old image
  EXPECT_EQ(Get(true), "2");
  EXPECT_EQ(Scan(false), std::vector<std::string>{"1"});
  EXPECT_EQ(Scan(false, /*consistent=*/true), std::vector<std::string>{"2"});
  clock_->Advance(1000);
  EXPECT_EQ(Get(false), "2");
}

TEST_F(EngineStalenessTest, AGsiLagsByItsOwnDelay) {
  Put("x");
  clock_->Advance(1000);
  EXPECT_EQ(Get(false), "x");       // the table's eventual reads: 1 s behind
  EXPECT_TRUE(Scan(true).empty());  // the index: 3 s behind
  clock_->Advance(2000);
  EXPECT_EQ(Scan(true), std::vector<std::string>{"x"});
  Put("y");
  EXPECT_EQ(Scan(true), std::vector<std::string>{"x"});
  clock_->Advance(3000);
  EXPECT_EQ(Scan(true), std::vector<std::string>{"y"});
}

TEST_F(EngineStalenessTest, AGsiLagsPerWriteAndEachPartitionOnItsOwn) {
  PutAt("a", "x");  // due in index partition x at +3000
  clock_->Advance(2000);
  PutAt("b", "y");  // due in partition y at +5000
  clock_->Advance(999);
  EXPECT_TRUE(QueryIndex("x").empty());
  clock_->Advance(1);  // +3000: a is in x; b is still on its way to y
  EXPECT_EQ(QueryIndex("x"), std::vector<std::string>{"a"});
  EXPECT_TRUE(QueryIndex("y").empty());
  // A Scan reads the state before the first write still on its way: a, without b.
  EXPECT_EQ(Scan(true), std::vector<std::string>{"x"});
  clock_->Advance(2000);  // +5000
  EXPECT_EQ(QueryIndex("y"), std::vector<std::string>{"b"});
  std::vector<std::string> scanned = Scan(true);  // in hash order
  std::sort(scanned.begin(), scanned.end());
  EXPECT_EQ(scanned, (std::vector<std::string>{"x", "y"}));
}

TEST_F(EngineStalenessTest, BatchGetItemIsStaleOnlyWithoutConsistentRead) {
  Put("1");
  clock_->Advance(1000);
  Put("2");
  BatchGetRequest r;
  r.tables.push_back({"t", {{{"pk", S("a")}}}, std::nullopt, false});
  auto stale = engine_->BatchGetItem(ctx_, r);
  ASSERT_TRUE(stale.ok()) << stale.status().message();
  ASSERT_EQ(stale->items[0].size(), 1u);
  EXPECT_EQ(test_values::Decoded(stale->items[0][0])->at("g").scalar, "1");
  r.tables[0].consistent_read = true;
  auto fresh = engine_->BatchGetItem(ctx_, r);
  ASSERT_TRUE(fresh.ok()) << fresh.status().message();
  EXPECT_EQ(test_values::Decoded(fresh->items[0][0])->at("g").scalar, "2");
}

TEST_F(EngineStalenessTest, ATablesTagsSetItsOwnDelays) {
  Create("own",
         {{"monotable:gsi-lag-ms", "0"}, {"monotable:eventual-consistency-delay-ms", "500"}});
  Create("capped", {{"monotable:eventual-consistency-delay-ms", "9000"},
                    {"monotable:gsi-lag-ms", "not a delay"}});
  clock_->Advance(10'000);
  Put("x", "own");
  Put("x", "capped");
  EXPECT_EQ(Scan(true, false, "own"), std::vector<std::string>{"x"});  // no lag for its GSI
  EXPECT_EQ(Get(false, "own"), "");
  clock_->Advance(500);
  EXPECT_EQ(Get(false, "own"), "x");  // 500 ms, not the server's 1 s
  // A delay past the server's longest (3 s) is served as that; a bad value is ignored.
  clock_->Advance(2499);
  EXPECT_EQ(Get(false, "capped"), "");
  EXPECT_TRUE(Scan(true, false, "capped").empty());  // the server's 3 s
  clock_->Advance(1);
  EXPECT_EQ(Get(false, "capped"), "x");
  EXPECT_EQ(Scan(true, false, "capped"), std::vector<std::string>{"x"});
}

}  // namespace monotable::engine_staleness_test
