// The items a request touched (api/item_touches.h), recorded for --log-requests only
// when the request context carries a collector.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "engine/engine.h"
#include "engine/expr/expression.h"
#include "engine/testing/in_memory_engine.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_values::N;
using test_values::S;

class EngineTouchesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    engine_ = test_engine::OpenInMemory(std::make_unique<FakeClock>(1732000000000));
    ASSERT_NE(engine_, nullptr);
    CreateTableRequest r;
    r.table_name = "t";
    r.attribute_definitions = {{"pk", AttributeType::kS},
                               {"sk", AttributeType::kN},
                               {"g", AttributeType::kS},
                               {"h", AttributeType::kS},
                               {"r", AttributeType::kN}};
    r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    SecondaryIndexDefinition gsi;
    gsi.name = "byG";
    gsi.key_schema = {{"g", KeyType::kHash}};
    gsi.projection.type = ProjectionType::kAll;
    r.global_secondary_indexes.push_back(gsi);
    // Keyed by hash and range, KEYS_ONLY: its entries are smaller than the items (and
    // only items with h and r have one).
    gsi.name = "byH";
    gsi.key_schema = {{"h", KeyType::kHash}, {"r", KeyType::kRange}};
    gsi.projection.type = ProjectionType::kKeysOnly;
    r.global_secondary_indexes.push_back(gsi);
    r.billing_mode = BillingMode::kPayPerRequest;
    ASSERT_TRUE(engine_->CreateTable(ctx_, r).ok());
    ctx_.touches = &touches_;
  }

  Item Key(const std::string& pk, int sk) { return {{"pk", S(pk)}, {"sk", N(std::to_string(sk))}}; }

  // Reopens the engine enforcing throughput, on a fake clock that never refills the
  // buckets, with "t" provisioned at 1 RCU and 1 WCU: its writes run out at once.
  void OpenEnforcing() {
    EngineOptions options;
    options.throughput = ThroughputMode::kEnforce;
    engine_ = test_engine::OpenInMemory(std::make_unique<FakeClock>(1732000000000), options);
    ASSERT_NE(engine_, nullptr);
    CreateTableRequest r;
    r.table_name = "t";
    r.attribute_definitions = {{"pk", AttributeType::kS}, {"sk", AttributeType::kN}};
    r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    r.billing_mode = BillingMode::kProvisioned;
    r.throughput = ProvisionedThroughput{1, 1};
    ASSERT_TRUE(engine_->CreateTable(plain_, r).ok());
  }

  std::unique_ptr<Engine> engine_;
  RequestContext ctx_{"ns"};
  const RequestContext plain_{"ns"};  // records nothing: for a test's setup
  ItemTouches touches_;
};

TEST_F(EngineTouchesTest, EachItemOperationRecordsItsItemsKeySizeAndUnits) {
  PutItemRequest put;
  put.table_name = "t";
  put.item = Key("a", 1);
  put.item["g"] = S("x");
  put.item["pad"] = S(std::string(1500, 'p'));
  ASSERT_TRUE(engine_->PutItem(ctx_, put).ok());
  GetItemRequest get;
  get.table_name = "t";
  get.key = Key("a", 1);
  ASSERT_TRUE(engine_->GetItem(ctx_, get).ok());
  BatchGetRequest batch;
  batch.tables.push_back({"t", {Key("a", 1), Key("b", 2)}, std::nullopt, true});
  ASSERT_TRUE(engine_->BatchGetItem(ctx_, batch).ok());

  std::vector<ItemTouch> items = touches_.items();
  ASSERT_EQ(items.size(), 5u);
  const size_t bytes = 2 + 1 + 2 + 2 + 1 + 1 + 3 + 1500;  // pk a, sk 1, g x, pad
  EXPECT_EQ(items[0].table, "t");
  EXPECT_EQ(items[0].index, "");
  EXPECT_TRUE(items[0].write);
  EXPECT_EQ(items[0].partition_key, S("a"));
  ASSERT_TRUE(items[0].sort_key.has_value());
  EXPECT_EQ(*items[0].sort_key, N("1"));
  EXPECT_EQ(items[0].bytes, bytes);
  EXPECT_EQ(items[0].units, 2.0);    // the table's share: the GSI's is its own entry
  EXPECT_EQ(items[1].index, "byG");  // the entry the Put wrote (ALL: the whole item)
  EXPECT_EQ(items[1].partition_key, S("x"));
  EXPECT_EQ(items[1].bytes, bytes);
  EXPECT_EQ(items[1].units, 2.0);
  items.erase(items.begin() + 1);
  EXPECT_FALSE(items[1].write);
  EXPECT_EQ(items[1].bytes, bytes);
  EXPECT_EQ(items[1].units, 0.5);             // eventually consistent
  EXPECT_EQ(items[2].units, 1.0);             // strongly consistent
  EXPECT_EQ(items[3].partition_key, S("b"));  // a missing item costs as an empty one
  EXPECT_EQ(items[3].bytes, 0u);
  EXPECT_EQ(items[3].units, 1.0);
}

TEST_F(EngineTouchesTest, WritesOfABatchAndAQueryPageAreRecorded) {
  BatchWriteRequest batch;
  batch.entries.push_back({"t", true, {{"pk", S("a")}, {"sk", N("1")}, {"g", S("x")}}});
  batch.entries.push_back({"t", false, Key("b", 2)});
  ASSERT_TRUE(engine_->BatchWriteItem(ctx_, batch).ok());
  DeleteItemRequest del;
  del.table_name = "t";
  del.key = Key("a", 1);

  QueryRequest query;
  query.table_name = "t";
  query.index_name = "byG";
  const expr::ExpressionAttributeValues values{{":g", S("x")}};  // outlives the condition
  expr::Placeholders placeholders(nullptr, &values);
  auto condition =
      expr::Condition::Parse("g = :g", expr::ExpressionKind::kKeyCondition, placeholders);
  ASSERT_TRUE(condition.ok()) << condition.status().message();
  query.key_condition = std::move(*condition);
  auto page = engine_->Query(ctx_, query);
  ASSERT_TRUE(page.ok()) << page.status().message();
  ASSERT_EQ(page->count, 1);
  ASSERT_TRUE(engine_->DeleteItem(ctx_, del).ok());

  std::vector<ItemTouch> items = touches_.items();
  ASSERT_EQ(items.size(), 6u);
  EXPECT_TRUE(items[0].write);
  EXPECT_EQ(items[0].units, 1.0);
  EXPECT_EQ(items[1].index, "byG");  // the batch's Put wrote its entry
  EXPECT_EQ(items[1].partition_key, S("x"));
  EXPECT_EQ(items[5].index, "byG");  // and the Delete deleted it
  EXPECT_EQ(items[5].partition_key, S("x"));
  items.erase(items.begin() + 1);
  EXPECT_TRUE(items[1].write);  // a delete of nothing: one unit
  EXPECT_EQ(items[1].partition_key, S("b"));
  EXPECT_EQ(items[1].units, 1.0);
  // The Query page: on the GSI, by its partition key, charged once for what it read.
  EXPECT_EQ(items[2].index, "byG");
  EXPECT_FALSE(items[2].write);
  EXPECT_EQ(items[2].partition_key, S("x"));
  EXPECT_FALSE(items[2].sort_key.has_value());
  EXPECT_EQ(items[2].bytes, page->bytes_read);
  EXPECT_EQ(items[2].units, 0.5);
  EXPECT_TRUE(items[3].write);
  EXPECT_EQ(items[3].partition_key, S("a"));
}

// A Query page's entry names the sort key where it begins as far as the request says,
// so that a replay charges the piece of a split item collection that the server did.
TEST_F(EngineTouchesTest, AQueryPageNamesTheSortKeyWhereItBegins) {
  const expr::ExpressionAttributeValues values{
      {":p", S("a")}, {":lo", N("3")}, {":hi", N("7")}};  // outlives the conditions
  auto query = [&](const std::string& condition, bool forward,
                   std::optional<Item> start) -> std::optional<AttributeValue> {
    QueryRequest q;
    q.table_name = "t";
    expr::Placeholders placeholders(nullptr, &values);
    auto parsed =
        expr::Condition::Parse(condition, expr::ExpressionKind::kKeyCondition, placeholders);
    EXPECT_TRUE(parsed.ok()) << parsed.status().message();
    q.key_condition = std::move(*parsed);
    q.scan_forward = forward;
    q.exclusive_start_key = std::move(start);
    touches_ = ItemTouches();
    EXPECT_TRUE(engine_->Query(ctx_, q).ok());
    EXPECT_EQ(touches_.items().size(), 1u);
    return touches_.items().empty() ? std::nullopt : touches_.items()[0].sort_key;
  };
  EXPECT_EQ(query("pk = :p AND sk >= :lo", true, std::nullopt), N("3"));
  EXPECT_EQ(query("pk = :p AND sk BETWEEN :lo AND :hi", true, std::nullopt), N("3"));
  EXPECT_EQ(query("pk = :p AND sk BETWEEN :lo AND :hi", false, std::nullopt), N("7"));
  EXPECT_EQ(query("pk = :p AND sk < :hi", false, std::nullopt), N("7"));
  // Reading from the collection's end: the request names no sort key there.
  EXPECT_EQ(query("pk = :p AND sk < :hi", true, std::nullopt), std::nullopt);
  EXPECT_EQ(query("pk = :p AND sk > :lo", false, std::nullopt), std::nullopt);
  EXPECT_EQ(query("pk = :p", true, std::nullopt), std::nullopt);
  // An ExclusiveStartKey is where the page resumes.
  EXPECT_EQ(query("pk = :p AND sk > :lo", true, Key("a", 5)), N("5"));
}

TEST_F(EngineTouchesTest, NothingIsRecordedForAFailedRequestOrWithoutACollector) {
  GetItemRequest get;
  get.table_name = "t";
  get.key = {{"pk", S("a")}};  // no sort key: a validation error
  EXPECT_FALSE(engine_->GetItem(ctx_, get).ok());
  EXPECT_TRUE(touches_.items().empty());
  const RequestContext without{"ns"};
  get.key = Key("a", 1);
  ASSERT_TRUE(engine_->GetItem(without, get).ok());
  EXPECT_TRUE(touches_.items().empty());
}

TransactWriteAction Action(TransactWriteAction::Kind kind, Item item) {
  TransactWriteAction action;
  action.kind = kind;
  action.table_name = "t";
  action.item = std::move(item);
  return action;
}

TEST_F(EngineTouchesTest, TransactionsRecordEachActionsItemWithTransactionalUnits) {
  PutItemRequest checked;
  checked.table_name = "t";
  checked.item = Key("c", 3);
  checked.item["pad"] = S(std::string(2000, 'c'));
  ASSERT_TRUE(engine_->PutItem(plain_, checked).ok());
  using Kind = TransactWriteAction::Kind;
  TransactWriteRequest write;
  Item put = Key("a", 1);
  put["pad"] = S(std::string(1500, 'p'));
  write.actions.push_back(Action(Kind::kPut, put));
  write.actions.push_back(Action(Kind::kDelete, Key("b", 2)));  // nothing there
  write.actions.push_back(Action(Kind::kConditionCheck, Key("c", 3)));
  auto written = engine_->TransactWriteItems(ctx_, write);
  ASSERT_TRUE(written.ok()) << written.status().message();
  TransactGetRequest read;
  read.gets.push_back({"t", Key("a", 1), std::nullopt});
  read.gets.push_back({"t", Key("z", 9), std::nullopt});  // missing: costs as an empty one
  auto got = engine_->TransactGetItems(ctx_, read);
  ASSERT_TRUE(got.ok()) << got.status().message();

  const auto& items = touches_.items();
  ASSERT_EQ(items.size(), 5u);
  const uint64_t put_bytes = ItemSize(put);
  EXPECT_TRUE(items[0].write);
  EXPECT_EQ(items[0].partition_key, S("a"));
  EXPECT_EQ(items[0].bytes, put_bytes);
  EXPECT_EQ(items[0].units, 4.0);  // 2 KB, twice
  EXPECT_TRUE(items[1].write);
  EXPECT_EQ(items[1].partition_key, S("b"));
  EXPECT_EQ(items[1].bytes, 0u);
  EXPECT_EQ(items[1].units, 2.0);
  // A ConditionCheck reads its item; it costs a write of it, twice.
  EXPECT_FALSE(items[2].write);
  EXPECT_EQ(items[2].partition_key, S("c"));
  ASSERT_TRUE(items[2].sort_key.has_value());
  EXPECT_EQ(*items[2].sort_key, N("3"));
  EXPECT_EQ(items[2].bytes, ItemSize(checked.item));
  EXPECT_EQ(items[2].units, 2 * 2.0);
  EXPECT_FALSE(items[3].write);
  EXPECT_EQ(items[3].partition_key, S("a"));
  EXPECT_EQ(items[3].bytes, put_bytes);
  EXPECT_EQ(items[3].units, 2.0);  // a strongly consistent read, twice
  EXPECT_EQ(items[4].partition_key, S("z"));
  EXPECT_EQ(items[4].bytes, 0u);
  EXPECT_EQ(items[4].units, 2.0);
}

TEST_F(EngineTouchesTest, ATransactionCancelledByAConditionRecordsNothing) {
  using Kind = TransactWriteAction::Kind;
  TransactWriteRequest write;
  write.actions.push_back(Action(Kind::kPut, Key("a", 1)));
  TransactWriteAction check = Action(Kind::kConditionCheck, Key("c", 3));
  expr::Placeholders none(nullptr, nullptr);
  auto condition =
      expr::Condition::Parse("attribute_exists(pk)", expr::ExpressionKind::kCondition, none);
  ASSERT_TRUE(condition.ok()) << condition.status().message();
  check.condition.condition = std::move(*condition);
  write.actions.push_back(std::move(check));
  auto written = engine_->TransactWriteItems(ctx_, write);
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.status().code(), ErrorCode::kTransactionCanceled);
  EXPECT_TRUE(touches_.items().empty());
}

TEST_F(EngineTouchesTest, ATransactionRefusedForThroughputRecordsEachActionWithZeros) {
  OpenEnforcing();
  using Kind = TransactWriteAction::Kind;
  TransactWriteRequest write;
  write.actions.push_back(Action(Kind::kPut, Key("a", 1)));
  write.actions.push_back(Action(Kind::kConditionCheck, Key("c", 3)));
  TransactGetRequest read;
  read.gets.push_back({"t", Key("a", 1), std::nullopt});
  // Each kind until one is refused (the buckets never refill); what passed is recorded
  // with its units, the refused one with zeros.
  auto until_refused = [&](auto run, size_t actions) {
    for (int i = 0; i < 1000; ++i) {
      const size_t before = touches_.items().size();
      Status status = run();
      if (status.ok()) continue;
      EXPECT_EQ(status.code(), ErrorCode::kTransactionCanceled) << status.message();
      const auto& items = touches_.items();
      EXPECT_EQ(items.size(), before + actions);
      for (size_t j = before; j < items.size(); ++j) {
        EXPECT_EQ(items[j].bytes, 0u) << j;
        EXPECT_EQ(items[j].units, 0.0) << j;
      }
      return before;
    }
    ADD_FAILURE() << "never throttled";
    return size_t{0};
  };
  const size_t writes = until_refused(
      [&] { return engine_->TransactWriteItems(ctx_, write).status(); }, write.actions.size());
  ASSERT_EQ(touches_.items().size(), writes + 2);
  EXPECT_TRUE(touches_.items()[writes].write);
  EXPECT_EQ(touches_.items()[writes].partition_key, S("a"));
  EXPECT_FALSE(touches_.items()[writes + 1].write);  // the ConditionCheck: a read
  EXPECT_EQ(touches_.items()[writes + 1].partition_key, S("c"));
  const size_t reads =
      until_refused([&] { return engine_->TransactGetItems(ctx_, read).status(); }, 1);
  ASSERT_EQ(touches_.items().size(), reads + 1);
  EXPECT_FALSE(touches_.items()[reads].write);
}

TEST_F(EngineTouchesTest, AWriteRecordsEachGsiEntryItPutOrDeletedWithTheGsisKeys) {
  PutItemRequest put;
  put.table_name = "t";
  put.item = Key("a", 1);
  put.item["h"] = S("h1");
  put.item["r"] = N("5");
  put.item["pad"] = S(std::string(1500, 'p'));
  ASSERT_TRUE(engine_->PutItem(ctx_, put).ok());
  UpdateItemRequest update;  // moves the byH entry from h1 to h2; byG has none
  update.table_name = "t";
  update.key = Key("a", 1);
  const expr::ExpressionAttributeValues values{{":h", S("h2")}};
  expr::Placeholders placeholders(nullptr, &values);
  auto set = expr::Update::Parse("SET h = :h", placeholders);
  ASSERT_TRUE(set.ok()) << set.status().message();
  update.update = std::move(*set);
  ASSERT_TRUE(engine_->UpdateItem(ctx_, update).ok());
  TransactWriteRequest write;  // deletes it: its entry goes, transactional
  write.actions.push_back(Action(TransactWriteAction::Kind::kDelete, Key("a", 1)));
  ASSERT_TRUE(engine_->TransactWriteItems(ctx_, write).ok());

  const auto& items = touches_.items();
  ASSERT_EQ(items.size(), 7u);
  const uint64_t entry = 2 + 1 + 2 + 2 + 1 + 2 + 1 + 2;  // pk a, sk 1, h h1, r 5
  auto expect_entry = [&](size_t i, const std::string& h, uint64_t bytes, double units) {
    SCOPED_TRACE(i);
    EXPECT_EQ(items[i].table, "t");
    EXPECT_EQ(items[i].index, "byH");
    EXPECT_TRUE(items[i].write);
    EXPECT_EQ(items[i].partition_key, S(h));
    ASSERT_TRUE(items[i].sort_key.has_value());
    EXPECT_EQ(*items[i].sort_key, N("5"));
    EXPECT_EQ(items[i].bytes, bytes);
    EXPECT_EQ(items[i].units, units);
  };
  EXPECT_EQ(items[0].index, "");  // the Put's item, then its entry
  EXPECT_EQ(items[0].units, 2.0);
  expect_entry(1, "h1", entry, 1.0);
  EXPECT_EQ(items[2].index, "");  // the Update's item, then the entry deleted and put
  expect_entry(3, "h1", entry, 1.0);
  expect_entry(4, "h2", entry, 1.0);
  EXPECT_EQ(items[5].index, "");  // the transaction's Delete, then its entry, twice
  EXPECT_EQ(items[5].units, 4.0);
  expect_entry(6, "h2", entry, 2.0);
}

TEST_F(EngineTouchesTest, AScanPageIsOneReadWithNoKeyOnWhatItRead) {
  for (int i = 0; i < 3; ++i) {
    PutItemRequest put;
    put.table_name = "t";
    put.item = Key("k" + std::to_string(i), i);
    put.item["g"] = S("x");
    put.item["pad"] = S(std::string(3000, 'p'));
    ASSERT_TRUE(engine_->PutItem(plain_, put).ok());
  }
  ScanRequest scan;
  scan.table_name = "t";
  auto page = engine_->Scan(ctx_, scan);
  ASSERT_TRUE(page.ok()) << page.status().message();
  ASSERT_EQ(page->scanned_count, 3);
  scan.index_name = "byG";
  scan.limit = 2;
  auto index_page = engine_->Scan(ctx_, scan);
  ASSERT_TRUE(index_page.ok()) << index_page.status().message();
  ASSERT_EQ(index_page->scanned_count, 2);

  const auto& items = touches_.items();
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].table, "t");
  EXPECT_EQ(items[0].index, "");
  EXPECT_FALSE(items[0].write);
  EXPECT_EQ(items[0].partition_key.type, AttributeType::kNull);
  EXPECT_FALSE(items[0].sort_key.has_value());
  EXPECT_EQ(items[0].bytes, page->bytes_read);
  EXPECT_EQ(items[0].units, page->consumed.table.read_units);
  EXPECT_GT(items[0].units, 1.0);  // 9 KB, eventually consistent
  EXPECT_EQ(items[1].index, "byG");
  EXPECT_EQ(items[1].partition_key.type, AttributeType::kNull);
  EXPECT_EQ(items[1].bytes, index_page->bytes_read);
  EXPECT_EQ(items[1].units, index_page->consumed.global_secondary_indexes.at("byG").read_units);
  EXPECT_GT(items[1].units, 0.0);
}

}  // namespace
}  // namespace monotable
