#include "engine/engine.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/testing/encoded_items.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

constexpr int64_t kStart = 1732000000000;

using test_values::N;
using test_values::S;

CreateTableRequest TableRequest(const std::string& name, bool with_range = true) {
  CreateTableRequest r;
  r.table_name = name;
  r.attribute_definitions = {{"pk", AttributeType::kS}};
  r.key_schema = {{"pk", KeyType::kHash}};
  if (with_range) {
    r.attribute_definitions.push_back({"sk", AttributeType::kN});
    r.key_schema.push_back({"sk", KeyType::kRange});
  }
  r.billing_mode = BillingMode::kPayPerRequest;
  return r;
}

std::unique_ptr<Engine> OpenEngine(const EngineOptions& storage, FakeClock** clock_out = nullptr) {
  auto clock = std::make_unique<FakeClock>(kStart);
  if (clock_out) *clock_out = clock.get();
  EngineOptions options;
  options = storage;
  auto engine = Engine::Open(options, std::move(clock));
  EXPECT_TRUE(engine.ok()) << engine.status().message();
  return engine.ok() ? std::move(*engine) : nullptr;
}

EngineOptions InMemory() {
  EngineOptions s;
  s.in_memory = true;
  return s;
}

class EngineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    engine_ = OpenEngine(InMemory(), &clock_);
    ASSERT_NE(engine_, nullptr);
  }

  void Create(const std::string& name, const RequestContext& ctx, bool with_range = true) {
    auto r = engine_->CreateTable(ctx, TableRequest(name, with_range));
    ASSERT_TRUE(r.ok()) << r.status().message();
  }

  Result<ItemResult> Put(const std::string& table, Item item,
                         ReturnValues rv = ReturnValues::kNone) {
    PutItemRequest r;
    r.table_name = table;
    r.item = std::move(item);
    r.return_values = rv;
    return engine_->PutItem(ctx_, r);
  }

  std::optional<Item> Get(const std::string& table, Item key, const RequestContext* ctx = nullptr) {
    GetItemRequest r;
    r.table_name = table;
    r.key = std::move(key);
    auto result = engine_->GetItem(ctx ? *ctx : ctx_, r);
    EXPECT_TRUE(result.ok()) << result.status().message();
    return result.ok() ? test_values::Decoded(result->item_encoded) : std::nullopt;
  }

  Result<ItemResult> Delete(const std::string& table, Item key,
                            ReturnValues rv = ReturnValues::kNone) {
    DeleteItemRequest r;
    r.table_name = table;
    r.key = std::move(key);
    r.return_values = rv;
    return engine_->DeleteItem(ctx_, r);
  }

  std::pair<int64_t, int64_t> Stats(const std::string& table) {
    auto d = engine_->DescribeTable(ctx_, table);
    EXPECT_TRUE(d.ok()) << d.status().message();
    return d.ok() ? std::make_pair(d->item_count, d->size_bytes) : std::make_pair(-1L, -1L);
  }

  FakeClock* clock_ = nullptr;
  std::unique_ptr<Engine> engine_;
  RequestContext ctx_{"AKID:us-east-1"};
};

TEST_F(EngineTest, CreateAndDescribe) {
  clock_->Advance(500);
  auto created = engine_->CreateTable(ctx_, TableRequest("Orders"));
  ASSERT_TRUE(created.ok()) << created.status().message();
  const TableDefinition& def = created->definition;
  EXPECT_EQ(def.name, "Orders");
  EXPECT_EQ(def.creation_ms, kStart + 500);
  EXPECT_EQ(def.table_id.size(), 36u);
  EXPECT_EQ(def.status, TableStatus::kActive);
  EXPECT_EQ(def.billing_mode, BillingMode::kPayPerRequest);
  EXPECT_EQ(created->item_count, 0);
  EXPECT_EQ(created->size_bytes, 0);

  auto described = engine_->DescribeTable(ctx_, "Orders");
  ASSERT_TRUE(described.ok());
  EXPECT_EQ(described->definition.table_id, def.table_id);
  EXPECT_EQ(described->definition.key_schema, def.key_schema);

  auto again = engine_->CreateTable(ctx_, TableRequest("Orders"));
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.status().code(), ErrorCode::kResourceInUse);
  EXPECT_EQ(again.status().message(), "Table already exists: Orders");

  auto missing = engine_->DescribeTable(ctx_, "Nope");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(missing.status().message(), "Requested resource not found: Table: Nope not found");
}

TEST_F(EngineTest, CreateTableValidationErrors) {
  CreateTableRequest r = TableRequest("bad");
  r.attribute_definitions.pop_back();
  auto created = engine_->CreateTable(ctx_, r);
  ASSERT_FALSE(created.ok());
  EXPECT_EQ(created.status().code(), ErrorCode::kValidation);
  EXPECT_FALSE(engine_->DescribeTable(ctx_, "bad").ok());
}

TEST_F(EngineTest, ListTablesPaginates) {
  for (const char* name : {"t03", "t01", "t00", "t04", "t02", "T99"}) Create(name, ctx_);
  ListTablesRequest all;
  auto listed = engine_->ListTables(ctx_, all);
  ASSERT_TRUE(listed.ok());
  EXPECT_EQ(listed->table_names,
            (std::vector<std::string>{"T99", "t00", "t01", "t02", "t03", "t04"}));
  EXPECT_FALSE(listed->last_evaluated_table_name);

  ListTablesRequest page;
  page.limit = 2;
  std::vector<std::string> seen;
  int pages = 0;
  while (true) {
    auto r = engine_->ListTables(ctx_, page);
    ASSERT_TRUE(r.ok());
    ASSERT_LE(r->table_names.size(), 2u);
    seen.insert(seen.end(), r->table_names.begin(), r->table_names.end());
    ++pages;
    if (!r->last_evaluated_table_name) break;
    EXPECT_EQ(*r->last_evaluated_table_name, r->table_names.back());
    page.exclusive_start_table_name = r->last_evaluated_table_name;
    ASSERT_LT(pages, 10);
  }
  EXPECT_EQ(seen, listed->table_names);
  EXPECT_EQ(pages, 3);

  // A start name that is not a table begins after it in byte order.
  ListTablesRequest from;
  from.exclusive_start_table_name = "t015";
  from.limit = 100;
  auto rest = engine_->ListTables(ctx_, from);
  ASSERT_TRUE(rest.ok());
  EXPECT_EQ(rest->table_names, (std::vector<std::string>{"t02", "t03", "t04"}));

  from.exclusive_start_table_name = "t04";
  rest = engine_->ListTables(ctx_, from);
  ASSERT_TRUE(rest.ok());
  EXPECT_TRUE(rest->table_names.empty());
  EXPECT_FALSE(rest->last_evaluated_table_name);
}

TEST_F(EngineTest, UpdateTable) {
  CreateTableRequest r = TableRequest("prov");
  r.billing_mode.reset();
  r.throughput = ProvisionedThroughput{5, 5, 0, 0, 0};
  ASSERT_TRUE(engine_->CreateTable(ctx_, r).ok());
  clock_->Advance(1000);

  UpdateTableRequest u;
  u.table_name = "prov";
  u.throughput = ProvisionedThroughput{10, 2, 0, 0, 0};
  auto updated = engine_->UpdateTable(ctx_, u);
  ASSERT_TRUE(updated.ok()) << updated.status().message();
  EXPECT_EQ(updated->definition.throughput.read_capacity_units, 10);
  EXPECT_EQ(updated->definition.throughput.number_of_decreases_today, 1);
  auto described = engine_->DescribeTable(ctx_, "prov");
  ASSERT_TRUE(described.ok());
  EXPECT_EQ(described->definition.throughput.write_capacity_units, 2);
  EXPECT_EQ(described->definition.throughput.last_decrease_ms, kStart + 1000);

  u.table_name = "missing";
  auto missing = engine_->UpdateTable(ctx_, u);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), ErrorCode::kResourceNotFound);

  UpdateTableRequest nothing;
  nothing.table_name = "prov";
  auto refused = engine_->UpdateTable(ctx_, nothing);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kValidation);
}

TEST_F(EngineTest, DeleteTable) {
  Create("gone", ctx_);
  auto deleted = engine_->DeleteTable(ctx_, "gone");
  ASSERT_TRUE(deleted.ok()) << deleted.status().message();
  EXPECT_EQ(deleted->definition.status, TableStatus::kDeleting);
  EXPECT_EQ(deleted->definition.name, "gone");
  EXPECT_EQ(engine_->DescribeTable(ctx_, "gone").status().code(), ErrorCode::kResourceNotFound);
  auto twice = engine_->DeleteTable(ctx_, "gone");
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.status().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(Put("gone", Item{{"pk", S("a")}, {"sk", N("1")}}).status().message(),
            "Requested resource not found");
}

TEST_F(EngineTest, DeletionProtectionBlocksDelete) {
  CreateTableRequest r = TableRequest("kept");
  r.deletion_protection = true;
  ASSERT_TRUE(engine_->CreateTable(ctx_, r).ok());
  auto refused = engine_->DeleteTable(ctx_, "kept");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kValidation);
  EXPECT_TRUE(engine_->DescribeTable(ctx_, "kept").ok());
}

TEST_F(EngineTest, PutGetDeleteWithReturnValues) {
  Create("items", ctx_);
  const Item key{{"pk", S("a")}, {"sk", N("1")}};
  Item v1 = key;
  v1["x"] = S("one");
  Item v2 = key;
  v2["x"] = S("two");
  v2["y"] = N("2");

  auto first = Put("items", v1, ReturnValues::kAllOld);
  ASSERT_TRUE(first.ok()) << first.status().message();
  EXPECT_FALSE(first->item);
  EXPECT_EQ(Get("items", key), v1);

  auto second = Put("items", v2, ReturnValues::kAllOld);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second->item, v1);
  auto third = Put("items", v2);
  ASSERT_TRUE(third.ok());
  EXPECT_FALSE(third->item);  // NONE returns nothing
  EXPECT_EQ(Get("items", key), v2);

  GetItemRequest projected;
  projected.table_name = "items";
  projected.key = key;
  const std::string names[] = {"y", "missing"};
  projected.projection = expr::Projection::OfAttributes(names);
  auto p = engine_->GetItem(ctx_, projected);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(test_values::Decoded(p->item_encoded), (Item{{"y", N("2")}}));

  EXPECT_FALSE(Get("items", Item{{"pk", S("a")}, {"sk", N("2")}}));
  EXPECT_FALSE(Get("items", Item{{"pk", S("b")}, {"sk", N("1")}}));

  auto deleted = Delete("items", key, ReturnValues::kAllOld);
  ASSERT_TRUE(deleted.ok());
  EXPECT_EQ(deleted->item, v2);
  EXPECT_FALSE(Get("items", key));
  auto again = Delete("items", key, ReturnValues::kAllOld);
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(again->item);
}

TEST_F(EngineTest, ItemErrors) {
  Create("items", ctx_);
  EXPECT_EQ(Put("items", Item{{"pk", S("a")}}).status().code(), ErrorCode::kValidation);
  GetItemRequest g;
  g.table_name = "items";
  g.key = Item{{"pk", S("a")}};
  EXPECT_EQ(engine_->GetItem(ctx_, g).status().message(),
            "The provided key element does not match the schema");
  g.table_name = "nope";
  EXPECT_EQ(engine_->GetItem(ctx_, g).status().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(Delete("nope", Item{{"pk", S("a")}}).status().code(), ErrorCode::kResourceNotFound);
}

TEST_F(EngineTest, StatsFollowWrites) {
  Create("stats", ctx_);
  Item a{{"pk", S("a")}, {"sk", N("1")}, {"v", S("12345")}};        // 2+1 + 2+2 + 1+5 = 13
  Item b{{"pk", S("b")}, {"sk", N("1")}};                           // 3 + 4 = 7
  Item a2{{"pk", S("a")}, {"sk", N("1")}, {"v", S("1234567890")}};  // 18
  ASSERT_EQ(ItemSize(a), 13u);
  ASSERT_TRUE(Put("stats", a).ok());
  EXPECT_EQ(Stats("stats"), std::make_pair(1L, 13L));
  ASSERT_TRUE(Put("stats", b).ok());
  EXPECT_EQ(Stats("stats"), std::make_pair(2L, 20L));
  ASSERT_TRUE(Put("stats", a2).ok());  // overwrite: count unchanged, size by the difference
  EXPECT_EQ(Stats("stats"), std::make_pair(2L, 25L));
  ASSERT_TRUE(Delete("stats", Item{{"pk", S("a")}, {"sk", N("1")}}).ok());
  EXPECT_EQ(Stats("stats"), std::make_pair(1L, 7L));
  ASSERT_TRUE(Delete("stats", Item{{"pk", S("zzz")}, {"sk", N("1")}}).ok());  // missing: no change
  EXPECT_EQ(Stats("stats"), std::make_pair(1L, 7L));
  ASSERT_TRUE(Delete("stats", Item{{"pk", S("b")}, {"sk", N("1")}}).ok());
  EXPECT_EQ(Stats("stats"), std::make_pair(0L, 0L));
}

TEST_F(EngineTest, StatsCountEachKindOfBackgroundJob) {
  const EngineStats stats = engine_->Stats(StatsOptions{});
  std::vector<std::string> kinds;
  for (const jobs::JobCounts& job : stats.jobs) {
    kinds.push_back(job.kind);
    EXPECT_EQ(job.failures, 0u) << job.kind;
  }
  EXPECT_EQ(kinds, (std::vector<std::string>{"gsi_backfill", "ttl_backfill", "ttl_sweep",
                                             "stream_maintenance", "backup"}));
  EXPECT_EQ(stats.jobs.back().running, 1u);  // the backup worker's queue thread
}

TEST_F(EngineTest, NamespacesAreSeparate) {
  RequestContext other{"OTHER:eu-west-1"};
  Create("shared", ctx_);
  EXPECT_EQ(engine_->DescribeTable(other, "shared").status().code(), ErrorCode::kResourceNotFound);
  Create("shared", other, /*with_range=*/false);
  ASSERT_TRUE(Put("shared", Item{{"pk", S("a")}, {"sk", N("1")}}).ok());

  auto mine = engine_->DescribeTable(ctx_, "shared");
  auto theirs = engine_->DescribeTable(other, "shared");
  ASSERT_TRUE(mine.ok() && theirs.ok());
  EXPECT_NE(mine->definition.table_id, theirs->definition.table_id);
  EXPECT_EQ(mine->item_count, 1);
  EXPECT_EQ(theirs->item_count, 0);
  EXPECT_EQ(theirs->definition.key_schema.size(), 1u);
  EXPECT_FALSE(Get("shared", Item{{"pk", S("a")}}, &other));

  auto listed = engine_->ListTables(RequestContext{"third"}, ListTablesRequest{});
  ASSERT_TRUE(listed.ok());
  EXPECT_TRUE(listed->table_names.empty());
  ASSERT_TRUE(engine_->DeleteTable(other, "shared").ok());
  EXPECT_TRUE(engine_->DescribeTable(ctx_, "shared").ok());
}

TEST_F(EngineTest, RecreatedTableIsEmpty) {
  Create("again", ctx_);
  const Item key{{"pk", S("a")}, {"sk", N("1")}};
  ASSERT_TRUE(Put("again", key).ok());
  const std::string old_id = engine_->DescribeTable(ctx_, "again")->definition.table_id;
  ASSERT_TRUE(engine_->DeleteTable(ctx_, "again").ok());
  Create("again", ctx_);
  auto described = engine_->DescribeTable(ctx_, "again");
  ASSERT_TRUE(described.ok());
  EXPECT_NE(described->definition.table_id, old_id);
  EXPECT_EQ(described->item_count, 0);
  EXPECT_EQ(described->size_bytes, 0);
  EXPECT_FALSE(Get("again", key));
}

std::filesystem::path UniqueTempDir() {
  static std::atomic<int> counter{0};
  const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return std::filesystem::temp_directory_path() /
         ("monotable-engine-test-" + std::to_string(getpid()) + "-" + std::to_string(now) + "-" +
          std::to_string(counter++));
}

TEST(EnginePersistenceTest, DataAndStatsSurviveReopen) {
  const std::filesystem::path dir = UniqueTempDir();
  EngineOptions storage;
  storage.path = dir.string();
  RequestContext ctx{"ns"};
  const Item item{{"pk", S("k")}, {"sk", N("-1.5")}, {"v", S("persisted")}};
  const Item key{{"pk", S("k")}, {"sk", N("-1.5")}};
  std::string table_id;
  {
    auto engine = OpenEngine(storage);
    ASSERT_NE(engine, nullptr);
    auto created = engine->CreateTable(ctx, TableRequest("durable"));
    ASSERT_TRUE(created.ok());
    table_id = created->definition.table_id;
    ASSERT_TRUE(engine->CreateTable(ctx, TableRequest("dropped")).ok());
    PutItemRequest put;
    put.table_name = "durable";
    put.item = item;
    ASSERT_TRUE(engine->PutItem(ctx, put).ok());
    put.item = Item{{"pk", S("k2")}, {"sk", N("1")}};
    ASSERT_TRUE(engine->PutItem(ctx, put).ok());
    ASSERT_TRUE(engine->DeleteTable(ctx, "dropped").ok());
  }
  for (int reopen = 0; reopen < 2; ++reopen) {
    auto engine = OpenEngine(storage);
    ASSERT_NE(engine, nullptr);
    auto described = engine->DescribeTable(ctx, "durable");
    ASSERT_TRUE(described.ok()) << described.status().message();
    EXPECT_EQ(described->definition.table_id, table_id);
    EXPECT_EQ(described->item_count, 2);
    EXPECT_EQ(described->size_bytes, static_cast<int64_t>(ItemSize(item) + 8));
    EXPECT_EQ(engine->DescribeTable(ctx, "dropped").status().code(), ErrorCode::kResourceNotFound);
    GetItemRequest get;
    get.table_name = "durable";
    get.key = key;
    auto got = engine->GetItem(ctx, get);
    ASSERT_TRUE(got.ok());
    EXPECT_EQ(test_values::Decoded(got->item_encoded), item);
    // A table created after reopening does not collide with existing data.
    auto fresh = engine->CreateTable(ctx, TableRequest("fresh" + std::to_string(reopen)));
    ASSERT_TRUE(fresh.ok()) << fresh.status().message();
    EXPECT_EQ(engine->DescribeTable(ctx, fresh->definition.name)->item_count, 0);
    ASSERT_TRUE(engine->Flush().ok());
  }
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}

TEST(EnginePersistenceTest, UnusableDirectoryFails) {
  const std::filesystem::path file = UniqueTempDir();
  { std::ofstream(file.string()) << "not a directory"; }
  EngineOptions storage;
  storage.path = file.string();
  EngineOptions options;
  options = storage;
  auto engine = Engine::Open(options, std::make_unique<FakeClock>(kStart));
  ASSERT_FALSE(engine.ok());
  EXPECT_EQ(engine.status().code(), ErrorCode::kInternal);
  std::filesystem::remove(file);
}

TEST_F(EngineTest, ItemCollectionSizeCountsItemsAndTheirLocalIndexEntries) {
  CreateTableRequest request = TableRequest("collections");
  request.attribute_definitions.push_back({"l", AttributeType::kS});
  SecondaryIndexDefinition lsi;
  lsi.name = "byL";
  lsi.key_schema = {{"pk", KeyType::kHash}, {"l", KeyType::kRange}};
  lsi.projection.type = ProjectionType::kKeysOnly;
  request.local_secondary_indexes = {lsi};
  ASSERT_TRUE(engine_->CreateTable(ctx_, request).ok());
  PutItemRequest put;
  put.table_name = "collections";
  put.item = {{"pk", S("a")}, {"sk", N("1")}, {"l", S("x")}, {"note", S("hello")}};
  auto first = engine_->PutItem(ctx_, put);
  ASSERT_TRUE(first.ok()) << first.status().message();
  const Item entry = {{"pk", S("a")}, {"sk", N("1")}, {"l", S("x")}};
  ASSERT_TRUE(first->item_collection_key.has_value());
  EXPECT_EQ(*first->item_collection_key, (Item{{"pk", S("a")}}));
  EXPECT_EQ(first->item_collection_bytes,
            static_cast<int64_t>(ItemSize(put.item) + ItemSize(entry)));
  put.item = {{"pk", S("a")}, {"sk", N("2")}};  // not in the LSI
  auto second = engine_->PutItem(ctx_, put);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second->item_collection_bytes,
            first->item_collection_bytes + static_cast<int64_t>(ItemSize(put.item)));
  DeleteItemRequest del;
  del.table_name = "collections";
  for (const char* sk : {"1", "2"}) {
    del.key = {{"pk", S("a")}, {"sk", N(sk)}};
    auto deleted = engine_->DeleteItem(ctx_, del);
    ASSERT_TRUE(deleted.ok());
    if (std::string(sk) == "2") {
      EXPECT_EQ(deleted->item_collection_bytes, 0);
    }
  }
}

}  // namespace
}  // namespace monotable
