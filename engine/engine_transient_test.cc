// Transient statuses through the facade, on a fake clock: exact and instant
// (schema/transient_status.h, docs/REALISM.md). Every Result is checked before its value
// is read: Result is a variant, and the value of an error Result (or the status of a
// value) throws std::bad_variant_access, "std::get: wrong index".
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "engine/engine.h"
#include "engine/testing/in_memory_engine.h"
#include "engine/testing/value_builders.h"

// A named namespace: this file shares a unity batch with engine_test.cc.
namespace monotable::engine_transient_test {

constexpr int64_t kTransientStart = 1732000000000;

class EngineTransientTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto clock = std::make_unique<FakeClock>(kTransientStart);
    clock_ = clock.get();
    EngineOptions options;
    options.transient_statuses = {.create_table_ms = 2000,
                                  .update_table_ms = 1000,
                                  .delete_table_ms = 2000,
                                  .create_index_ms = 5000,
                                  .delete_index_ms = 2000};
    engine_ = test_engine::OpenInMemory(std::move(clock), options);
    ASSERT_NE(engine_, nullptr);
  }

  Result<TableDescription> Create() {
    CreateTableRequest r;
    r.table_name = "t";
    r.attribute_definitions = {{"pk", AttributeType::kS}};
    r.key_schema = {{"pk", KeyType::kHash}};
    r.billing_mode = BillingMode::kPayPerRequest;
    return engine_->CreateTable(ctx_, r);
  }

  // The table's status as DescribeTable shows it; nullopt when it is not found.
  std::optional<TableStatus> Status() {
    auto described = engine_->DescribeTable(ctx_, "t");
    if (!described.ok()) {
      EXPECT_EQ(described.status().code(), ErrorCode::kResourceNotFound);
      return std::nullopt;
    }
    return described->definition.status;
  }

  monotable::Status Put() {
    PutItemRequest r;
    r.table_name = "t";
    r.item = {{"pk", test_values::S("a")}, {"g", test_values::S("x")}};
    auto put = engine_->PutItem(ctx_, std::move(r));
    return put.ok() ? monotable::Status::Ok() : put.status();
  }

  // An UpdateTable that changes deletion protection alone.
  Result<TableDescription> Protect(bool on) {
    UpdateTableRequest r;
    r.table_name = "t";
    r.deletion_protection = on;
    return engine_->UpdateTable(ctx_, r);
  }

  Result<TableDescription> ChangeIndex(UpdateTableRequest::IndexUpdate::Action action,
                                       const std::string& name) {
    UpdateTableRequest r;
    r.table_name = "t";
    UpdateTableRequest::IndexUpdate change;
    change.action = action;
    change.index.name = name;
    if (action == UpdateTableRequest::IndexUpdate::Action::kCreate) {
      r.attribute_definitions = {{"g", AttributeType::kS}};
      change.index.key_schema = {{"g", KeyType::kHash}};
    }
    r.index_updates.push_back(change);
    return engine_->UpdateTable(ctx_, r);
  }

  std::vector<std::string> Listed() {
    auto listed = engine_->ListTables(ctx_, ListTablesRequest{});
    EXPECT_TRUE(listed.ok()) << listed.status().message();
    return listed.ok() ? listed->table_names : std::vector<std::string>{};
  }

  FakeClock* clock_ = nullptr;
  std::unique_ptr<Engine> engine_;
  RequestContext ctx_{"AKID:us-east-1"};
};

TEST_F(EngineTransientTest, ATableIsCreatingForItsDelayAndRefusesItems) {
  auto created = Create();
  ASSERT_TRUE(created.ok()) << created.status().message();
  EXPECT_EQ(created->definition.status, TableStatus::kCreating);
  EXPECT_EQ(Status(), TableStatus::kCreating);
  const monotable::Status refused = Put();
  EXPECT_EQ(refused.code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(refused.message(), "Requested resource not found");
  clock_->Advance(1999);
  EXPECT_EQ(Status(), TableStatus::kCreating);
  clock_->Advance(1);
  EXPECT_EQ(Status(), TableStatus::kActive);
  EXPECT_TRUE(Put().ok());
}

TEST_F(EngineTransientTest, ANewIndexIsCreatingAndBackfillingThenActive) {
  ASSERT_TRUE(Create().ok());
  clock_->Advance(2000);
  UpdateTableRequest update;
  update.table_name = "t";
  update.attribute_definitions = {{"g", AttributeType::kS}};
  UpdateTableRequest::IndexUpdate add;
  add.index.name = "byG";
  add.index.key_schema = {{"g", KeyType::kHash}};
  update.index_updates.push_back(add);
  auto updated = engine_->UpdateTable(ctx_, update);
  ASSERT_TRUE(updated.ok()) << updated.status().message();
  EXPECT_EQ(updated->definition.status, TableStatus::kUpdating);
  ScanRequest scan;
  scan.table_name = "t";
  scan.index_name = "byG";
  auto refused = engine_->Scan(ctx_, scan);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().message(), "Cannot read from backfilling global secondary index: byG");
  clock_->Advance(4999);
  auto described = engine_->DescribeTable(ctx_, "t");
  ASSERT_TRUE(described.ok()) << described.status().message();
  ASSERT_EQ(described->definition.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(described->definition.global_secondary_indexes[0].status, IndexStatus::kCreating);
  EXPECT_TRUE(described->definition.global_secondary_indexes[0].backfilling);
  clock_->Advance(1);
  // The index is ACTIVE once its delay has passed and its backfill (on its own thread,
  // of an empty table) is done: waited for, within a bound far beyond it.
  auto index_active = [&] {
    auto shown = engine_->DescribeTable(ctx_, "t");
    return shown.ok() && shown->definition.global_secondary_indexes.size() == 1 &&
           shown->definition.global_secondary_indexes[0].status == IndexStatus::kActive;
  };
  for (int i = 0; i < 1000 && !index_active(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  described = engine_->DescribeTable(ctx_, "t");
  ASSERT_TRUE(described.ok()) << described.status().message();
  EXPECT_EQ(described->definition.status, TableStatus::kActive);
  EXPECT_EQ(described->definition.global_secondary_indexes[0].status, IndexStatus::kActive);
  EXPECT_TRUE(engine_->Scan(ctx_, scan).ok());
}

TEST_F(EngineTransientTest, ADeletedTableIsDeletingUntilItsDelayPasses) {
  ASSERT_TRUE(Create().ok());
  clock_->Advance(2000);
  auto deleted = engine_->DeleteTable(ctx_, "t");
  ASSERT_TRUE(deleted.ok()) << deleted.status().message();
  EXPECT_EQ(deleted->definition.status, TableStatus::kDeleting);
  EXPECT_EQ(Status(), TableStatus::kDeleting);
  EXPECT_EQ(Put().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(Create().status().code(), ErrorCode::kResourceInUse);
  clock_->Advance(2000);
  EXPECT_EQ(Status(), std::nullopt);
  EXPECT_TRUE(Create().ok());  // the name is free again
}

TEST_F(EngineTransientTest, ADeletingTableIsListedAndDeletingItAgainAnswersItsDescription) {
  ASSERT_TRUE(Create().ok());
  clock_->Advance(2000);
  ASSERT_TRUE(engine_->DeleteTable(ctx_, "t").ok());
  EXPECT_EQ(Listed(), std::vector<std::string>{"t"});
  // "If table is already in the DELETING state, no error is returned."
  auto again = engine_->DeleteTable(ctx_, "t");
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_EQ(again->definition.status, TableStatus::kDeleting);
  clock_->Advance(1999);
  EXPECT_EQ(Listed(), std::vector<std::string>{"t"});
  clock_->Advance(1);
  EXPECT_TRUE(Listed().empty());
  EXPECT_EQ(engine_->DeleteTable(ctx_, "t").status().code(), ErrorCode::kResourceNotFound);
}

TEST_F(EngineTransientTest, ATableUpdatingRefusesAnotherUpdateAndDeletionUntilItsDelayPasses) {
  ASSERT_TRUE(Create().ok());
  clock_->Advance(2000);
  ASSERT_TRUE(Protect(true).ok());
  const std::string in_use =
      "Attempt to change a resource which is still in use: Table is being updated: t";
  auto refused = Protect(false);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kResourceInUse);
  EXPECT_EQ(refused.status().message(), in_use);
  auto not_deleted = engine_->DeleteTable(ctx_, "t");
  ASSERT_FALSE(not_deleted.ok());
  EXPECT_EQ(not_deleted.status().code(), ErrorCode::kResourceInUse);
  EXPECT_EQ(not_deleted.status().message(), in_use);
  EXPECT_TRUE(Put().ok());  // items are served while UPDATING
  clock_->Advance(999);
  EXPECT_EQ(Protect(false).status().code(), ErrorCode::kResourceInUse);
  clock_->Advance(1);
  EXPECT_TRUE(Protect(false).ok());
}

TEST_F(EngineTransientTest, AnIndexShownCreatingOrDeletingHoldsBackTheNextIndexChange) {
  using Action = UpdateTableRequest::IndexUpdate::Action;
  ASSERT_TRUE(Create().ok());
  clock_->Advance(2000);
  ASSERT_TRUE(ChangeIndex(Action::kCreate, "byG").ok());
  clock_->Advance(1000);  // the table's own UPDATING is over; byG is still CREATING
  // "After the index begins backfilling, you can use UpdateTable to perform other
  // operations", but not a second online index change.
  EXPECT_TRUE(Protect(true).ok());
  clock_->Advance(1000);
  auto second = ChangeIndex(Action::kCreate, "byG2");
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.status().code(), ErrorCode::kLimitExceeded);
  clock_->Advance(3000);            // byG's CREATING delay is over
  for (int i = 0; i < 1000; ++i) {  // its backfill, of an empty table, on its own thread
    auto shown = engine_->DescribeTable(ctx_, "t");
    ASSERT_TRUE(shown.ok()) << shown.status().message();
    const auto& indexes = shown->definition.global_secondary_indexes;
    if (indexes.size() == 1 && indexes[0].status == IndexStatus::kActive) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_TRUE(ChangeIndex(Action::kDelete, "byG").ok());
  clock_->Advance(1000);  // UpdateTable's delay is over; byG is DELETING for one more second
  auto while_deleting = Protect(false);
  ASSERT_FALSE(while_deleting.ok());
  EXPECT_EQ(while_deleting.status().message(),
            "Attempt to change a resource which is still in use: Table is being updated: t");
  clock_->Advance(1000);
  EXPECT_TRUE(Protect(false).ok());
}

}  // namespace monotable::engine_transient_test
