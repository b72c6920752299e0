// Time to Live end to end through the engine's facade, on a fake clock: UpdateTimeToLive
// and DescribeTimeToLive, the expiry index kept exact by every write path, the sweep,
// the backfill, disabling, and a concurrent update that extends an expiry.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <deque>
#include <filesystem>
#include <thread>

#include "engine/engine.h"
#include "engine/testing/indexed_table.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_values::N;
using test_values::S;
using test_values::Set;

constexpr int64_t kStart = 1700000000000;  // 2023-11-14T22:13:20Z
constexpr int64_t kStartS = kStart / 1000;
constexpr int64_t kHourMs = 3600 * 1000;

std::string Seconds(int64_t s) { return std::to_string(s); }

class TtlTest : public ::testing::Test {
 protected:
  void SetUp() override { Open(); }

  void Open(const std::string& path = "") {
    const int64_t now_ms = clock_ ? clock_->NowMillis() : kStart;  // the engine owns the clock
    engine_.reset();
    auto clock = std::make_unique<FakeClock>(now_ms);
    clock_ = clock.get();
    EngineOptions options;
    options.in_memory = path.empty();
    options.path = path;
    options.ttl_sweep_interval_ms = 0;  // the tests sweep
    auto engine = Engine::Open(options, std::move(clock));
    ASSERT_TRUE(engine.ok()) << engine.status().message();
    engine_ = std::move(*engine);
  }

  // pk (S) / sk (N), a GSI on g (S, ALL) and an LSI on l (S, KEYS_ONLY).
  void CreateTable(const std::string& name = "T") {
    const CreateTableRequest r = test_tables::IndexedTableRequest(name);
    auto created = engine_->CreateTable(ctx_, r);
    ASSERT_TRUE(created.ok()) << created.status().message();
  }

  Result<TimeToLiveSpecification> SetTtl(bool enabled, const std::string& attribute = "exp",
                                         const std::string& table = "T") {
    UpdateTimeToLiveRequest r;
    r.table_name = table;
    r.specification = {enabled, attribute};
    return engine_->UpdateTimeToLive(ctx_, r);
  }

  // Enables TTL on "exp" and waits for the backfill (the index is then exact).
  void Enable(const std::string& table = "T") {
    auto r = SetTtl(true, "exp", table);
    ASSERT_TRUE(r.ok()) << r.status().message();
    WaitForExactIndex(table);
  }

  void WaitForExactIndex(const std::string& table = "T") {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    Status verified = engine_->VerifyTimeToLiveIndex(ctx_, table);
    while (!verified.ok() && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      verified = engine_->VerifyTimeToLiveIndex(ctx_, table);
    }
    EXPECT_TRUE(verified.ok()) << verified.message();
  }

  void ExpectExactIndex(const std::string& table = "T") {
    Status verified = engine_->VerifyTimeToLiveIndex(ctx_, table);
    EXPECT_TRUE(verified.ok()) << verified.message();
  }

  static Item Key(const std::string& pk, int sk = 1) {
    return {{"pk", S(pk)}, {"sk", N(Seconds(sk))}};
  }

  // An item of `pk` with g and l set (so it has GSI and LSI entries) and `exp`.
  static Item ItemWith(const std::string& pk, std::optional<AttributeValue> exp, int sk = 1) {
    Item item = Key(pk, sk);
    item["g"] = S("g-" + pk);
    item["l"] = S("l-" + pk);
    item["payload"] = S(std::string(100, 'x'));
    if (exp) item["exp"] = std::move(*exp);
    return item;
  }

  void Put(Item item, const std::string& table = "T") {
    PutItemRequest r;
    r.table_name = table;
    r.item = std::move(item);
    auto result = engine_->PutItem(ctx_, r);
    ASSERT_TRUE(result.ok()) << result.status().message();
  }

  Result<ItemResult> Update(const Item& key, const std::string& update,
                            expr::ExpressionAttributeValues values = {},
                            const std::string& condition = "") {
    auto& v = values_.emplace_back(std::move(values));
    auto& p = placeholders_.emplace_back(nullptr, &v);
    UpdateItemRequest r;
    r.table_name = "T";
    r.key = key;
    auto parsed = expr::Update::Parse(update, p);
    EXPECT_TRUE(parsed.ok()) << parsed.status().message();
    if (parsed.ok()) r.update = std::move(*parsed);
    if (!condition.empty()) {
      auto c = expr::Condition::Parse(condition, expr::ExpressionKind::kCondition, p);
      EXPECT_TRUE(c.ok()) << c.status().message();
      if (c.ok()) r.condition.condition = std::move(*c);
    }
    return engine_->UpdateItem(ctx_, r);
  }

  void Delete(const Item& key) {
    DeleteItemRequest r;
    r.table_name = "T";
    r.key = key;
    ASSERT_TRUE(engine_->DeleteItem(ctx_, r).ok());
  }

  bool Exists(const Item& key) {
    GetItemRequest r;
    r.table_name = "T";
    r.key = key;
    auto got = engine_->GetItem(ctx_, r);
    EXPECT_TRUE(got.ok());
    return got.ok() && got->item_encoded.has_value();
  }

  int64_t Sweep() {
    auto swept = engine_->SweepExpiredItems();
    EXPECT_TRUE(swept.ok()) << swept.status().message();
    return swept.ok() ? *swept : -1;
  }

  // ItemCount, TableSizeBytes and the index statistics, as DescribeTable reports them.
  TableDescription Describe(const std::string& table = "T") {
    auto d = engine_->DescribeTable(ctx_, table);
    EXPECT_TRUE(d.ok());
    return d.ok() ? *d : TableDescription{};
  }

  RequestContext ctx_{"ns"};
  FakeClock* clock_ = nullptr;
  std::unique_ptr<Engine> engine_;
  std::deque<expr::ExpressionAttributeValues> values_;
  std::deque<expr::Placeholders> placeholders_;
};

TEST_F(TtlTest, UpdateAndDescribeFollowDynamoDbsRules) {
  CreateTable();
  auto described = engine_->DescribeTimeToLive(ctx_, "T");
  ASSERT_TRUE(described.ok());
  EXPECT_FALSE(described->enabled);
  EXPECT_EQ(described->attribute_name, "");
  EXPECT_EQ(SetTtl(false).status().message(), "TimeToLive is already disabled");

  auto enabled = SetTtl(true, "expiresAt");
  ASSERT_TRUE(enabled.ok()) << enabled.status().message();
  EXPECT_TRUE(enabled->enabled);
  EXPECT_EQ(enabled->attribute_name, "expiresAt");
  described = engine_->DescribeTimeToLive(ctx_, "T");
  ASSERT_TRUE(described.ok());
  EXPECT_TRUE(described->enabled);  // ENABLED at once, as DynamoDB answers in practice
  EXPECT_EQ(described->attribute_name, "expiresAt");

  // The content of the request is judged before the interval since the last change.
  EXPECT_EQ(SetTtl(true, "expiresAt").status().message(), "TimeToLive is already enabled");
  EXPECT_EQ(SetTtl(true, "other").status().message(),
            "TimeToLive is active on a different AttributeName: current AttributeName is "
            "expiresAt");
  EXPECT_EQ(SetTtl(false, "other").status().message(),
            "TimeToLive is active on a different AttributeName: current AttributeName is "
            "expiresAt");
  auto too_soon = SetTtl(false, "expiresAt");
  EXPECT_EQ(too_soon.status().code(), ErrorCode::kValidation);
  EXPECT_EQ(too_soon.status().message(),
            "Time to live has been modified multiple times within a fixed interval");
  clock_->Advance(kHourMs - 1);
  EXPECT_FALSE(SetTtl(false, "expiresAt").ok());
  clock_->Advance(1);
  auto disabled = SetTtl(false, "expiresAt");
  ASSERT_TRUE(disabled.ok()) << disabled.status().message();
  EXPECT_FALSE(disabled->enabled);
  described = engine_->DescribeTimeToLive(ctx_, "T");
  EXPECT_FALSE(described->enabled);
  EXPECT_EQ(described->attribute_name, "");  // DISABLED shows no attribute
  EXPECT_EQ(SetTtl(false, "expiresAt").status().message(), "TimeToLive is already disabled");
  // The disable started a new interval.
  EXPECT_EQ(SetTtl(true, "exp").status().message(),
            "Time to live has been modified multiple times within a fixed interval");
  clock_->Advance(kHourMs);
  EXPECT_TRUE(SetTtl(true, "exp").ok());

  EXPECT_EQ(SetTtl(true, "exp", "Missing").status().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(SetTtl(true, "exp", "Missing").status().message(),
            "Requested resource not found: Table: Missing not found");
  EXPECT_EQ(engine_->DescribeTimeToLive(ctx_, "Missing").status().code(),
            ErrorCode::kResourceNotFound);
  // The table itself stays ACTIVE throughout (DescribeTable's waiters).
  EXPECT_EQ(Describe().definition.status, TableStatus::kActive);
}

TEST_F(TtlTest, TheKeyAttributeCanBeTheTtlAttribute) {
  CreateTable();
  EXPECT_TRUE(SetTtl(true, "sk").ok());
}

TEST_F(TtlTest, SweepDeletesExactlyTheDueItemsWithTheirIndexEntries) {
  CreateTable();
  Enable();
  const int64_t year = 365 * 24 * 3600;
  struct Case {
    const char* pk;
    std::optional<AttributeValue> exp;
    bool expires;
  };
  const std::vector<Case> cases = {
      {"past", N(Seconds(kStartS - 10)), true},
      {"fraction", N(Seconds(kStartS - 10) + ".75"), true},
      {"four-years-ago", N(Seconds(kStartS - 4 * year)), true},
      {"future", N(Seconds(kStartS + 60)), false},
      {"now", N(Seconds(kStartS)), false},  // not before the current time
      {"missing", std::nullopt, false},
      {"string", S(Seconds(kStartS - 10)), false},
      {"number-set", Set(AttributeType::kNS, {Seconds(kStartS - 10)}), false},
      {"six-years-ago", N(Seconds(kStartS - 6 * year)), false},
      {"milliseconds", N(std::to_string(kStart - 10000)), false},
      {"negative", N("-5"), false},
  };
  for (const auto& c : cases) Put(ItemWith(c.pk, c.exp));
  ExpectExactIndex();
  int due = 0;
  for (const auto& c : cases) due += c.expires ? 1 : 0;
  EXPECT_EQ(Sweep(), due);
  for (const auto& c : cases) EXPECT_EQ(Exists(Key(c.pk)), !c.expires) << c.pk;
  // One millisecond on, an expiry of exactly the previous second is before the current
  // time too.
  clock_->Advance(1);
  EXPECT_EQ(Sweep(), 1);
  EXPECT_FALSE(Exists(Key("now")));
  ExpectExactIndex();
  // Statistics are exact: the survivors alone, with their GSI and LSI entries.
  const TableDescription d = Describe();
  int64_t survivors = 0;
  for (const auto& c : cases) survivors += Exists(Key(c.pk)) ? 1 : 0;
  EXPECT_EQ(d.item_count, survivors);
  EXPECT_EQ(d.index_statistics.at("byG").item_count, survivors);
  EXPECT_EQ(d.index_statistics.at("byL").item_count, survivors);
  int64_t bytes = 0;
  for (const auto& c : cases) {
    if (Exists(Key(c.pk))) bytes += static_cast<int64_t>(ItemSize(ItemWith(c.pk, c.exp)));
  }
  EXPECT_EQ(d.size_bytes, bytes);
  // A second sweep finds nothing more; time passing expires the future item.
  EXPECT_EQ(Sweep(), 0);
  clock_->Advance(61 * 1000);
  EXPECT_EQ(Sweep(), 1);
  EXPECT_FALSE(Exists(Key("future")));
}

TEST_F(TtlTest, IndexIsExactThroughEveryWritePath) {
  CreateTable();
  CreateTable("Other");
  Enable();
  const std::string past = Seconds(kStartS - 100);
  const std::string later = Seconds(kStartS + 100);
  // PutItem: new, replaced with another expiry, replaced without one.
  Put(ItemWith("put", N(past)));
  Put(ItemWith("put2", N(past)));
  Put(ItemWith("put2", N(later)));
  Put(ItemWith("put3", N(past)));
  Put(ItemWith("put3", std::nullopt));
  ExpectExactIndex();
  // UpdateItem: SET, change, REMOVE, an unrelated attribute, a non-number.
  ASSERT_TRUE(Update(Key("upd"), "SET exp = :e", {{":e", N(past)}}).ok());
  ASSERT_TRUE(Update(Key("upd2"), "SET exp = :e", {{":e", N(past)}}).ok());
  ASSERT_TRUE(Update(Key("upd2"), "SET exp = exp + :d", {{":d", N("1000")}}).ok());
  ASSERT_TRUE(Update(Key("upd3"), "SET exp = :e", {{":e", N(past)}}).ok());
  ASSERT_TRUE(Update(Key("upd3"), "REMOVE exp").ok());
  ASSERT_TRUE(Update(Key("upd4"), "SET exp = :e", {{":e", N(past)}}).ok());
  ASSERT_TRUE(Update(Key("upd4"), "SET note = :o", {{":o", S("x")}}).ok());
  ASSERT_TRUE(Update(Key("upd5"), "SET exp = :e", {{":e", N(past)}}).ok());
  ASSERT_TRUE(Update(Key("upd5"), "SET exp = :s", {{":s", S(past)}}).ok());
  ExpectExactIndex();
  // DeleteItem.
  Put(ItemWith("del", N(past)));
  Delete(Key("del"));
  ExpectExactIndex();
  // BatchWriteItem: puts and deletes, over two tables.
  BatchWriteRequest batch;
  batch.entries.push_back({"T", true, ItemWith("batch1", N(past))});
  batch.entries.push_back({"T", true, ItemWith("batch2", N(later))});
  batch.entries.push_back({"T", false, Key("put")});
  batch.entries.push_back({"Other", true, ItemWith("o1", N(past))});
  auto written = engine_->BatchWriteItem(ctx_, batch);
  ASSERT_TRUE(written.ok()) << written.status().message();
  ExpectExactIndex();
  ExpectExactIndex("Other");  // TTL is off there: no entry at all
  // TransactWriteItems: Put, Update, Delete and a ConditionCheck.
  auto& v = values_.emplace_back(expr::ExpressionAttributeValues{{":e", N(later)}});
  auto& p = placeholders_.emplace_back(nullptr, &v);
  TransactWriteRequest txn;
  TransactWriteAction put;
  put.kind = TransactWriteAction::Kind::kPut;
  put.table_name = "T";
  put.item = ItemWith("txn", N(past));
  TransactWriteAction update;
  update.kind = TransactWriteAction::Kind::kUpdate;
  update.table_name = "T";
  update.item = Key("batch1");
  auto parsed = expr::Update::Parse("SET exp = :e", p);
  ASSERT_TRUE(parsed.ok());
  update.update = std::move(*parsed);
  TransactWriteAction del;
  del.kind = TransactWriteAction::Kind::kDelete;
  del.table_name = "T";
  del.item = Key("upd");
  txn.actions = {put, update, del};
  auto committed = engine_->TransactWriteItems(ctx_, txn);
  ASSERT_TRUE(committed.ok()) << committed.status().message();
  ExpectExactIndex();
  // The sweeper's own deletions.
  clock_->Advance(1000);
  EXPECT_GT(Sweep(), 0);
  ExpectExactIndex();
  EXPECT_FALSE(Exists(Key("txn")));
  EXPECT_FALSE(Exists(Key("upd4")));  // kept its expiry through the unrelated update
  EXPECT_TRUE(Exists(Key("put2")));
  EXPECT_TRUE(Exists(Key("put3")));
  EXPECT_TRUE(Exists(Key("upd3")));
  EXPECT_TRUE(Exists(Key("upd5")));
  EXPECT_TRUE(Exists(Key("batch1")));  // extended by the transaction
  EXPECT_TRUE(Exists(Key("batch2")));
}

TEST_F(TtlTest, EnablingOnAPopulatedTableBackfillsTheIndex) {
  CreateTable();
  constexpr int kItems = 3000;  // several walk batches
  for (int i = 0; i < kItems; ++i) {
    Put(ItemWith("k" + std::to_string(i), i % 3 == 0 ? std::optional<AttributeValue>()
                                                     : N(Seconds(kStartS + (i % 2 ? -5 : 500)))));
  }
  ASSERT_TRUE(SetTtl(true).ok());
  // Writes during the backfill are maintained by the write path.
  Put(ItemWith("during", N(Seconds(kStartS - 1))));
  ASSERT_TRUE(Update(Key("k1"), "SET exp = :e", {{":e", N(Seconds(kStartS + 500))}}).ok());
  WaitForExactIndex();
  int due = 0;
  for (int i = 0; i < kItems; ++i) due += (i % 3 != 0 && i % 2 == 1 && i != 1) ? 1 : 0;
  EXPECT_EQ(Sweep(), due + 1);
  EXPECT_TRUE(Exists(Key("k1")));
  EXPECT_EQ(Describe().item_count, kItems - due);
  ExpectExactIndex();
}

TEST_F(TtlTest, DisablingStopsDeletionAndDropsTheIndex) {
  CreateTable();
  Enable();
  Put(ItemWith("a", N(Seconds(kStartS - 1))));
  clock_->Advance(kHourMs);
  ASSERT_TRUE(SetTtl(false).ok());
  ExpectExactIndex();  // disabled: no entry may remain
  EXPECT_EQ(Sweep(), 0);
  EXPECT_TRUE(Exists(Key("a")));
  // Writes while disabled add no entry; enabling again indexes every item.
  Put(ItemWith("b", N(Seconds(kStartS - 1))));
  ExpectExactIndex();
  clock_->Advance(kHourMs);
  Enable();
  EXPECT_EQ(Sweep(), 2);
}

TEST_F(TtlTest, AConcurrentUpdateThatExtendsTheExpiryWins) {
  CreateTable();
  Enable();
  constexpr int kItems = 2000;
  for (int i = 0; i < kItems; ++i) Put(ItemWith("k" + std::to_string(i), N(Seconds(kStartS - 1))));
  // One thread extends every item's expiry, if the item still exists, while the sweep
  // runs: an extension that succeeded must keep its item.
  std::vector<bool> extended(kItems, false);
  std::thread updater([&] {
    for (int i = kItems - 1; i >= 0; --i) {
      auto r = Update(Key("k" + std::to_string(i)), "SET exp = :e",
                      {{":e", N(Seconds(kStartS + 3600))}}, "attribute_exists(pk)");
      extended[i] = r.ok();
    }
  });
  const int64_t swept = Sweep();
  updater.join();
  int kept = 0;
  for (int i = 0; i < kItems; ++i) {
    EXPECT_EQ(Exists(Key("k" + std::to_string(i))), extended[i]) << i;
    kept += extended[i] ? 1 : 0;
  }
  EXPECT_EQ(swept + kept, kItems);
  EXPECT_EQ(Describe().item_count, kept);
  ExpectExactIndex();
}

TEST_F(TtlTest, DeletingATableDropsItsEntries) {
  CreateTable();
  Enable();
  Put(ItemWith("a", N(Seconds(kStartS - 1))));
  ASSERT_TRUE(engine_->DeleteTable(ctx_, "T").ok());
  CreateTable();
  EXPECT_FALSE(engine_->DescribeTimeToLive(ctx_, "T")->enabled);
  Enable();
  ExpectExactIndex();
  EXPECT_EQ(Sweep(), 0);
}

std::string TempPath() {
  static std::atomic<int> counter{0};
  return (std::filesystem::temp_directory_path() /
          ("monotable-ttl-test-" + std::to_string(::getpid()) + "-" +
           std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) + "-" +
           std::to_string(counter++)))
      .string();
}

TEST_F(TtlTest, SettingsAndIndexSurviveReopen) {
  const std::string path = TempPath();
  Open(path);
  CreateTable();
  Put(ItemWith("a", N(Seconds(kStartS - 1))));
  Enable();
  Put(ItemWith("b", N(Seconds(kStartS + 10))));
  Open(path);
  auto described = engine_->DescribeTimeToLive(ctx_, "T");
  ASSERT_TRUE(described.ok());
  EXPECT_TRUE(described->enabled);
  EXPECT_EQ(described->attribute_name, "exp");
  ExpectExactIndex();
  EXPECT_EQ(Sweep(), 1);
  clock_->Advance(11 * 1000);
  EXPECT_EQ(Sweep(), 1);
  EXPECT_EQ(Describe().item_count, 0);
  engine_.reset();
  std::error_code ec;
  std::filesystem::remove_all(path, ec);
}

}  // namespace
}  // namespace monotable
