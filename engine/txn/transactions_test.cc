// Transactions: engine-level behaviour of TransactWriteItems/TransactGetItems, the
// idempotency window on the fake clock, and conflicts with an in-flight transaction
// (simulated by holding its lock stripes).
#include "engine/txn/transactions.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/base/error_detail.h"
#include "engine/engine.h"
#include "engine/schema/key_validation.h"
#include "engine/schema/table_rules.h"
#include "engine/storage/catalog.h"
#include "engine/storage/stored_items.h"
#include "engine/testing/encoded_items.h"
#include "engine/testing/in_memory_engine.h"
#include "engine/testing/storage_fixture.h"
#include "engine/testing/value_builders.h"
#include "engine/txn/idempotency_cache.h"
#include "engine/write/write_path.h"

// A namespace of the file's own: the unity build compiles the folder's tests together.
namespace monotable::transactions_test {
namespace {

// The status of an engine call, whatever it returns.
template <typename T>
Status StatusOf(const Result<T>& result) {
  return result.ok() ? Status::Ok() : result.status();
}

using Kind = TransactWriteAction::Kind;
using test_values::N;
using test_values::S;

constexpr int64_t kStart = 1732000000000;

CreateTableRequest HashTable(const std::string& name) {
  CreateTableRequest r;
  r.table_name = name;
  r.attribute_definitions = {{"pk", AttributeType::kS}};
  r.key_schema = {{"pk", KeyType::kHash}};
  r.billing_mode = BillingMode::kPayPerRequest;
  return r;
}

Item Key(const std::string& pk) { return Item{{"pk", S(pk)}}; }
Item Account(const std::string& pk, const std::string& balance) {
  return Item{{"pk", S(pk)}, {"balance", N(balance)}};
}

std::vector<std::string> Codes(const Status& status) {
  std::vector<std::string> codes;
  if (!status.detail()) return codes;
  for (const auto& r : status.detail()->cancellation_reasons) codes.push_back(r.code);
  return codes;
}

// Builds actions whose expressions stay valid as long as the builder lives.
class ActionBuilder {
 public:
  TransactWriteAction Put(const std::string& table, Item item, std::string_view condition = "",
                          expr::ExpressionAttributeValues values = {}) {
    TransactWriteAction a = Base(Kind::kPut, table, std::move(item));
    a.condition.condition = Condition(condition, std::move(values));
    return a;
  }
  TransactWriteAction Delete(const std::string& table, Item key) {
    return Base(Kind::kDelete, table, std::move(key));
  }
  TransactWriteAction Check(const std::string& table, Item key, std::string_view condition,
                            expr::ExpressionAttributeValues values = {}) {
    TransactWriteAction a = Base(Kind::kConditionCheck, table, std::move(key));
    a.condition.condition = Condition(condition, std::move(values));
    return a;
  }
  TransactWriteAction Update(const std::string& table, Item key, std::string_view update,
                             std::string_view condition, expr::ExpressionAttributeValues values) {
    TransactWriteAction a = Base(Kind::kUpdate, table, std::move(key));
    auto& v = values_.emplace_back(std::move(values));
    auto& p = placeholders_.emplace_back(nullptr, &v);
    auto parsed = expr::Update::Parse(update, p);
    EXPECT_TRUE(parsed.ok()) << parsed.status().message();
    if (parsed.ok()) a.update = std::move(*parsed);
    if (!condition.empty()) {
      auto c = expr::Condition::Parse(condition, expr::ExpressionKind::kCondition, p);
      EXPECT_TRUE(c.ok()) << c.status().message();
      if (c.ok()) a.condition.condition = std::move(*c);
    }
    return a;
  }

 private:
  static TransactWriteAction Base(Kind kind, const std::string& table, Item item) {
    TransactWriteAction a;
    a.kind = kind;
    a.table_name = table;
    a.item = std::move(item);
    return a;
  }
  expr::Condition Condition(std::string_view text, expr::ExpressionAttributeValues values) {
    if (text.empty()) return {};
    auto& v = values_.emplace_back(std::move(values));
    auto& p = placeholders_.emplace_back(nullptr, &v);
    auto c = expr::Condition::Parse(text, expr::ExpressionKind::kCondition, p);
    EXPECT_TRUE(c.ok()) << text << ": " << c.status().message();
    return c.ok() ? std::move(*c) : expr::Condition();
  }
  std::deque<expr::ExpressionAttributeValues> values_;
  std::deque<expr::Placeholders> placeholders_;
};

class TransactionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto clock = std::make_unique<FakeClock>(kStart);
    clock_ = clock.get();
    engine_ = test_engine::OpenInMemory(std::move(clock));
    ASSERT_NE(engine_, nullptr);
    for (const char* name : {"Accounts", "Audit"}) {
      auto created = engine_->CreateTable(ctx_, HashTable(name));
      ASSERT_TRUE(created.ok()) << created.status().message();
    }
  }

  Status Write(std::vector<TransactWriteAction> actions,
               std::optional<std::string> token = std::nullopt, std::string fingerprint = "f") {
    TransactWriteRequest r;
    r.actions = std::move(actions);
    r.client_request_token = std::move(token);
    r.fingerprint = std::move(fingerprint);
    return StatusOf(engine_->TransactWriteItems(ctx_, r));
  }

  std::optional<Item> Get(const std::string& table, const std::string& pk) {
    GetItemRequest r;
    r.table_name = table;
    r.key = Key(pk);
    auto result = engine_->GetItem(ctx_, r);
    EXPECT_TRUE(result.ok()) << result.status().message();
    return result.ok() ? test_values::Decoded(result->item_encoded) : std::nullopt;
  }

  int64_t ItemCount(const std::string& table) {
    auto d = engine_->DescribeTable(ctx_, table);
    return d.ok() ? d->item_count : -1;
  }

  FakeClock* clock_ = nullptr;
  std::unique_ptr<Engine> engine_;
  RequestContext ctx_{"AKID:us-east-1"};
  ActionBuilder b_;
};

TEST_F(TransactionsTest, AppliesEveryActionAcrossTables) {
  ASSERT_TRUE(Write({b_.Put("Accounts", Account("a", "10"))}).ok());
  ASSERT_TRUE(Write({b_.Put("Accounts", Account("gone", "1"))}).ok());
  Status s = Write({
      b_.Update("Accounts", Key("a"), "SET balance = balance - :amt", "balance >= :amt",
                {{":amt", N("4")}}),
      b_.Put("Audit", Item{{"pk", S("t1")}, {"amount", N("4")}}, "attribute_not_exists(pk)"),
      b_.Delete("Accounts", Key("gone")),
      b_.Check("Accounts", Key("nobody"), "attribute_not_exists(pk)"),
  });
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(Get("Accounts", "a"), Account("a", "6"));
  EXPECT_TRUE(Get("Audit", "t1").has_value());
  EXPECT_FALSE(Get("Accounts", "gone").has_value());
  EXPECT_FALSE(Get("Accounts", "nobody").has_value());  // a check writes nothing
  EXPECT_EQ(ItemCount("Accounts"), 1);
  EXPECT_EQ(ItemCount("Audit"), 1);
}

TEST_F(TransactionsTest, FailedConditionsCancelEverythingWithReasonsInOrder) {
  ASSERT_TRUE(Write({b_.Put("Accounts", Account("a", "3"))}).ok());
  auto check_a = b_.Check("Accounts", Key("a"), "balance >= :amt", {{":amt", N("5")}});
  check_a.condition.return_old_on_failure = true;
  Status s = Write({
      b_.Put("Audit", Item{{"pk", S("t1")}}), check_a,
      b_.Check("Accounts", Key("b"), "attribute_exists(pk)"),  // no item: fails, no Item
  });
  ASSERT_EQ(s.code(), ErrorCode::kTransactionCanceled);
  EXPECT_EQ(s.message(),
            "Transaction cancelled, please refer cancellation reasons for specific reasons "
            "[None, ConditionalCheckFailed, ConditionalCheckFailed]");
  const auto& reasons = s.detail()->cancellation_reasons;
  ASSERT_EQ(reasons.size(), 3u);
  EXPECT_EQ(reasons[0].message, "");
  EXPECT_EQ(reasons[1].message, "The conditional request failed");
  EXPECT_EQ(reasons[1].item, Account("a", "3"));
  EXPECT_FALSE(reasons[2].item.has_value());
  EXPECT_FALSE(Get("Audit", "t1").has_value());
  EXPECT_EQ(ItemCount("Audit"), 0);
}

TEST_F(TransactionsTest, InvalidKeyIsAValidationErrorReasonForTheFirstOnly) {
  Status s = Write({
      b_.Put("Accounts", Account("ok", "1")),
      b_.Put("Accounts", Item{{"pk", N("7")}}),
      b_.Delete("Accounts", Item{{"other", S("x")}}),
  });
  ASSERT_EQ(s.code(), ErrorCode::kTransactionCanceled);
  EXPECT_EQ(Codes(s), (std::vector<std::string>{"None", "ValidationError", "None"}));
  EXPECT_EQ(s.detail()->cancellation_reasons[1].message,
            "One or more parameter values were invalid: Type mismatch for key pk expected: S "
            "actual: N");
  EXPECT_FALSE(Get("Accounts", "ok").has_value());
}

TEST_F(TransactionsTest, UpdateErrorsAreValidationErrorReasons) {
  ASSERT_TRUE(Write({b_.Put("Accounts", Item{{"pk", S("a")}, {"label", S("x")}})}).ok());
  Status s =
      Write({b_.Update("Accounts", Key("a"), "SET label = label + :one", "", {{":one", N("1")}})});
  ASSERT_EQ(s.code(), ErrorCode::kTransactionCanceled);
  EXPECT_EQ(Codes(s), std::vector<std::string>{"ValidationError"});
  EXPECT_EQ(s.detail()->cancellation_reasons[0].message,
            "An operand in the update expression has an incorrect data type");
}

TEST_F(TransactionsTest, RequestLevelValidation) {
  Status twice = Write(
      {b_.Put("Accounts", Key("a")), b_.Check("Accounts", Key("a"), "attribute_not_exists(pk)")});
  EXPECT_EQ(twice.code(), ErrorCode::kValidation);
  EXPECT_EQ(twice.message(), "Transaction request cannot include multiple operations on one item");
  // The same key in two tables is two items.
  EXPECT_TRUE(Write({b_.Put("Accounts", Key("a")), b_.Put("Audit", Key("a"))}).ok());
  Status missing = Write({b_.Put("Accounts", Key("b")), b_.Put("Nope", Key("b"))});
  EXPECT_EQ(missing.code(), ErrorCode::kResourceNotFound);
  EXPECT_FALSE(Get("Accounts", "b").has_value());
}

TEST_F(TransactionsTest, TooLargeTransactionIsRefused) {
  std::vector<TransactWriteAction> actions;
  for (int i = 0; i < 11; ++i) {
    actions.push_back(b_.Put("Accounts", Item{{"pk", S("k" + std::to_string(i))},
                                              {"blob", S(std::string(390 * 1024, 'x'))}}));
  }
  Status s = Write(std::move(actions));
  EXPECT_EQ(s.code(), ErrorCode::kValidation);
  EXPECT_EQ(ItemCount("Accounts"), 0);
}

TEST_F(TransactionsTest, ClientRequestTokenReplaysWithinTenMinutes) {
  ASSERT_TRUE(Write({b_.Put("Accounts", Account("a", "0"))}).ok());
  auto add = [&] {
    return Write({b_.Update("Accounts", Key("a"), "ADD balance :one", "", {{":one", N("1")}})},
                 "token-1", "fingerprint-add");
  };
  ASSERT_TRUE(add().ok());
  ASSERT_TRUE(add().ok());  // replayed: not applied again
  EXPECT_EQ(Get("Accounts", "a"), Account("a", "1"));
  Status other = Write({b_.Put("Accounts", Key("z"))}, "token-1", "fingerprint-other");
  EXPECT_EQ(other.code(), ErrorCode::kIdempotentParameterMismatch);
  EXPECT_EQ(other.message(),
            "The request uses the same client token as a previous, but non-identical request.");
  clock_->Advance(IdempotencyCache::kWindowMillis - 1);
  ASSERT_TRUE(add().ok());
  EXPECT_EQ(Get("Accounts", "a"), Account("a", "1"));
  clock_->Advance(1);  // the window is over: the token is new again
  ASSERT_TRUE(add().ok());
  EXPECT_EQ(Get("Accounts", "a"), Account("a", "2"));
  // Tokens are per namespace.
  RequestContext other_ns{"OTHER:us-east-1"};
  TransactWriteRequest r;
  r.actions = {b_.Put("Accounts", Key("q"))};
  r.client_request_token = "token-1";
  r.fingerprint = "fingerprint-add";
  EXPECT_EQ(StatusOf(engine_->TransactWriteItems(other_ns, r)).code(),
            ErrorCode::kResourceNotFound);
}

TEST_F(TransactionsTest, FailedRequestDoesNotConsumeItsToken) {
  auto put_if_absent = [&] {
    return Write({b_.Put("Accounts", Key("a"), "attribute_exists(pk)")}, "token-2", "fp");
  };
  EXPECT_EQ(put_if_absent().code(), ErrorCode::kTransactionCanceled);
  ASSERT_TRUE(Write({b_.Put("Accounts", Key("a"))}).ok());
  EXPECT_TRUE(put_if_absent().ok());  // runs again, now its condition holds
}

TEST_F(TransactionsTest, TransactGetReadsProjectedItemsInOrder) {
  ASSERT_TRUE(Write({b_.Put("Accounts", Item{{"pk", S("a")}, {"x", N("1")}, {"y", N("2")}}),
                     b_.Put("Audit", Key("t"))})
                  .ok());
  expr::ExpressionAttributeNames names;
  expr::Placeholders placeholders(&names, nullptr);
  auto projection = expr::Projection::Parse("y", placeholders);
  ASSERT_TRUE(projection.ok());
  TransactGetRequest r;
  r.gets = {{"Audit", Key("t"), std::nullopt},
            {"Accounts", Key("missing"), std::nullopt},
            {"Accounts", Key("a"), *projection}};
  auto result = engine_->TransactGetItems(ctx_, r);
  ASSERT_TRUE(result.ok()) << result.status().message();
  ASSERT_EQ(result->items.size(), 3u);
  EXPECT_EQ(test_values::Decoded(result->items[0]), Key("t"));
  EXPECT_FALSE(result->items[1].has_value());
  EXPECT_EQ(test_values::Decoded(result->items[2]), (Item{{"y", N("2")}}));

  r.gets = {{"Accounts", Key("a"), std::nullopt}, {"Accounts", Key("a"), std::nullopt}};
  EXPECT_EQ(engine_->TransactGetItems(ctx_, r).status().message(),
            "Transaction request cannot include multiple operations on one item");
  r.gets = {{"Accounts", Key("a"), std::nullopt}, {"Accounts", Item{{"pk", N("1")}}, std::nullopt}};
  auto invalid = engine_->TransactGetItems(ctx_, r);
  ASSERT_EQ(invalid.status().code(), ErrorCode::kTransactionCanceled);
  EXPECT_EQ(Codes(invalid.status()), (std::vector<std::string>{"None", "ValidationError"}));
}

// Many threads move money between a few accounts: the total is conserved, no balance
// goes negative, and every transaction either commits or reports a reason.
TEST_F(TransactionsTest, ConcurrentTransfersConserveTheTotal) {
  constexpr int kAccounts = 5;
  for (int i = 0; i < kAccounts; ++i) {
    ASSERT_TRUE(Write({b_.Put("Accounts", Account("acct" + std::to_string(i), "100"))}).ok());
  }
  std::atomic<int> committed{0};
  std::vector<std::thread> threads;
  std::mutex builder_mutex;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int n = 0; n < 200; ++n) {
        const std::string from = "acct" + std::to_string((t + n) % kAccounts);
        const std::string to = "acct" + std::to_string((t + 2 * n + 1) % kAccounts);
        if (from == to) continue;
        std::vector<TransactWriteAction> actions;
        {
          std::lock_guard lock(builder_mutex);  // the builder is not thread-safe
          actions = {b_.Update("Accounts", Key(from), "SET balance = balance - :amt",
                               "balance >= :amt", {{":amt", N("7")}}),
                     b_.Update("Accounts", Key(to), "SET balance = balance + :amt", "",
                               {{":amt", N("7")}})};
        }
        Status s = Write(std::move(actions));
        if (s.ok()) {
          ++committed;
        } else {
          EXPECT_EQ(s.code(), ErrorCode::kTransactionCanceled) << s.message();
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  int64_t total = 0;
  for (int i = 0; i < kAccounts; ++i) {
    auto item = Get("Accounts", "acct" + std::to_string(i));
    ASSERT_TRUE(item.has_value());
    const std::string& text = item->at("balance").scalar;
    EXPECT_NE(text[0], '-') << text;
    total += std::stoll(text);
  }
  EXPECT_EQ(total, 100 * kAccounts);
  EXPECT_GT(committed.load(), 0);
}

// Two keys of `family` that share a lock stripe.
std::pair<std::string, std::string> KeysOnOneStripe(uint32_t family, const TableDefinition& def) {
  std::map<size_t, std::string> by_stripe;
  for (int i = 0;; ++i) {
    auto key = ValidateKeyAndBuildKey(def, Key(std::string("k").append(std::to_string(i))));
    auto [it, inserted] = by_stripe.emplace(LockTable::IdOf(family, *key).stripe, *key);
    if (!inserted) return {it->second, *key};
  }
}

// The lock-level model, on components built by hand so that a test can play the
// in-flight transaction.
class TransactionLocksTest : public ::testing::Test {
 protected:
  void SetUp() override {
    StorageOptions options;
    options.in_memory = true;
    auto storage = Storage::Open(options);
    ASSERT_TRUE(storage.ok());
    storage_ = std::move(*storage);
    catalog_ = std::make_unique<Catalog>(storage_.get(), &clock_);
    ASSERT_TRUE(catalog_->Load().ok());
    auto def = BuildTableDefinition(HashTable("T"), kStart);
    ASSERT_TRUE(def.ok());
    auto table = catalog_->Create("ns", *def);
    ASSERT_TRUE(table.ok());
    table_ = *table;
    family_ = table_->family()->GetID();
  }
  void TearDown() override {
    table_.reset();
    catalog_.reset();
  }

  std::string Encoded(const std::string& pk) {
    return *ValidateKeyAndBuildKey(test_storage::DefinitionOf(*table_), Key(pk));
  }

  FakeClock clock_{kStart};
  std::unique_ptr<Storage> storage_;
  std::unique_ptr<Catalog> catalog_;
  std::shared_ptr<Table> table_;
  uint32_t family_ = 0;
  LockTable locks_;
  ActionBuilder b_;
};

TEST_F(TransactionLocksTest, SingleWriteMeetingATransactionConflicts) {
  WritePath writes(storage_.get(), &locks_);
  const std::string key = Encoded("a");
  auto in_flight = locks_.LockTransaction({LockTable::IdOf(family_, key)});
  ASSERT_TRUE(in_flight.guard.has_value());
  auto put = [&](const std::optional<Item>&) -> Result<std::optional<Item>> {
    return std::optional<Item>(Key("a"));
  };
  auto conflict = writes.Apply(*table_, key, put);
  ASSERT_EQ(conflict.status().code(), ErrorCode::kTransactionConflict);
  EXPECT_EQ(conflict.status().message(), "Transaction is ongoing for the item");
  in_flight.guard.reset();  // the transaction ends
  EXPECT_TRUE(writes.Apply(*table_, key, put).ok());
}

TEST_F(TransactionLocksTest, TransactionMeetingATransactionIsCancelledForThatItem) {
  Transactions transactions(storage_.get(), &locks_);
  auto a = b_.Put("T", Key("a"));
  auto b = b_.Put("T", Key("b"));
  std::vector<PlannedTransactWrite> writes = {{&a, table_, Encoded("a")},
                                              {&b, table_, Encoded("b")}};
  auto in_flight = locks_.LockTransaction({LockTable::IdOf(family_, Encoded("b"))});
  Status s = StatusOf(transactions.Write(writes));
  ASSERT_EQ(s.code(), ErrorCode::kTransactionCanceled);
  EXPECT_EQ(Codes(s), (std::vector<std::string>{"None", "TransactionConflict"}));
  EXPECT_EQ(s.detail()->cancellation_reasons[1].message, "Transaction is ongoing for the item");
  in_flight.guard.reset();
  // Nothing was left locked or written by the cancelled one; now it goes through.
  EXPECT_FALSE(ReadStoredItem(*storage_, *table_, Encoded("a"))->has_value());
  ASSERT_TRUE(transactions.Write(writes).ok());
  EXPECT_TRUE(ReadStoredItem(*storage_, *table_, Encoded("b"))->has_value());
}

TEST_F(TransactionLocksTest, KeysSharingAStripeLockItOnce) {
  auto [k1, k2] = KeysOnOneStripe(family_, test_storage::DefinitionOf(*table_));
  ASSERT_EQ(LockTable::IdOf(family_, k1).stripe, LockTable::IdOf(family_, k2).stripe);
  Transactions transactions(storage_.get(), &locks_);
  auto a = b_.Put("T", Key("x"));
  auto b = b_.Put("T", Key("y"));
  // A std::mutex locked twice by one thread would deadlock (or abort): this returns.
  ASSERT_TRUE(transactions.Write({{&a, table_, k1}, {&b, table_, k2}}).ok());
  // And both stripes were released.
  WritePath writes(storage_.get(), &locks_);
  EXPECT_TRUE(
      writes
          .Apply(*table_, k1,
                 [](const std::optional<Item>& old) { return Result<std::optional<Item>>(old); })
          .ok());
}

// Another item of a stripe held by a transaction is not in conflict: its writers
// (single-item or transactional) wait for the stripe instead of failing.
TEST_F(TransactionLocksTest, OtherItemsOfABusyStripeWaitRatherThanConflict) {
  // Named copies rather than a structured binding: the lambdas below capture them.
  const auto keys = KeysOnOneStripe(family_, test_storage::DefinitionOf(*table_));
  const std::string& held = keys.first;
  const std::string& other = keys.second;
  auto in_flight = locks_.LockTransaction({LockTable::IdOf(family_, held)});
  ASSERT_TRUE(in_flight.guard.has_value());
  WritePath writes(storage_.get(), &locks_);
  Transactions transactions(storage_.get(), &locks_);
  auto action = b_.Put("T", Key("x"));
  std::atomic<bool> single_done{false}, transaction_done{false};
  Status single_status, transaction_status;
  std::thread single([&] {
    auto result = writes.Apply(*table_, other, [](const std::optional<Item>&) {
      return Result<std::optional<Item>>(std::optional<Item>(Key("x")));
    });
    single_status = result.ok() ? Status::Ok() : result.status();
    single_done = true;
  });
  std::thread transaction([&] {
    transaction_status = StatusOf(transactions.Write({{&action, table_, other}}));
    transaction_done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(single_done.load());  // waiting for the stripe
  EXPECT_FALSE(transaction_done.load());
  in_flight.guard.reset();
  single.join();
  transaction.join();
  EXPECT_TRUE(single_status.ok()) << single_status.message();
  EXPECT_TRUE(transaction_status.ok()) << transaction_status.message();
}

}  // namespace
}  // namespace monotable::transactions_test
