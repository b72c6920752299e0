// Backups and point-in-time restores through the engine's facade, on a fake clock: the
// backup holds the table as of the request, a point-in-time restore undoes exactly the
// changes after the chosen millisecond, and the window follows the clock.
#include <gtest/gtest.h>

#include "engine/engine.h"
#include "engine/format/item_codec.h"
#include "engine/testing/in_memory_engine.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

constexpr int64_t kStart = 1732000000000;
using test_values::S;

class BackupTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto clock = std::make_unique<FakeClock>(kStart);
    clock_ = clock.get();
    engine_ = test_engine::OpenInMemory(std::move(clock));
    ASSERT_NE(engine_, nullptr);
    CreateTableRequest r;
    r.table_name = "src";
    r.attribute_definitions = {{"pk", AttributeType::kS}};
    r.key_schema = {{"pk", KeyType::kHash}};
    r.billing_mode = BillingMode::kPayPerRequest;
    ASSERT_TRUE(engine_->CreateTable(ctx_, r).ok());
  }

  void Put(const std::string& table, const std::string& pk, const std::string& v) {
    PutItemRequest r;
    r.table_name = table;
    r.item = {{"pk", S(pk)}, {"v", S(v)}};
    ASSERT_TRUE(engine_->PutItem(ctx_, r).ok());
  }
  void Delete(const std::string& pk) {
    DeleteItemRequest r;
    r.table_name = "src";
    r.key = {{"pk", S(pk)}};
    ASSERT_TRUE(engine_->DeleteItem(ctx_, r).ok());
  }
  // pk -> v of every item of `table`.
  std::map<std::string, std::string> Contents(const std::string& table) {
    ScanRequest r;
    r.table_name = table;
    auto page = engine_->Scan(ctx_, r);
    EXPECT_TRUE(page.ok()) << page.status().message();
    std::map<std::string, std::string> out;
    if (page.ok()) {
      for (const auto& encoded : page->items) {
        auto item = item_codec::Decode(encoded);
        EXPECT_TRUE(item.ok());
        if (item.ok()) out[item->at("pk").scalar] = item->at("v").scalar;
      }
    }
    return out;
  }

  RequestContext ctx_{"ns"};
  FakeClock* clock_ = nullptr;
  std::unique_ptr<Engine> engine_;
};

TEST_F(BackupTest, BackupHoldsTheTableAsOfTheRequest) {
  Put("src", "a", "1");
  Put("src", "b", "1");
  auto backup = engine_->CreateBackup(ctx_, "src", "b1");
  ASSERT_TRUE(backup.ok()) << backup.status().message();
  Put("src", "a", "2");
  Put("src", "c", "2");
  engine_->WaitForBackups();
  auto described = engine_->DescribeBackup(ctx_, backup->id);
  ASSERT_TRUE(described.ok());
  EXPECT_EQ(described->status, BackupStatus::kAvailable);
  EXPECT_EQ(described->item_count, 2);
  RestoreFromBackupRequest restore{backup->id, "dst", {}};
  auto table = engine_->RestoreTableFromBackup(ctx_, restore);
  ASSERT_TRUE(table.ok()) << table.status().message();
  EXPECT_EQ(table->definition.status, TableStatus::kCreating);
  engine_->WaitForBackups();
  EXPECT_EQ(Contents("dst"), (std::map<std::string, std::string>{{"a", "1"}, {"b", "1"}}));
  auto deleted = engine_->DeleteBackup(ctx_, backup->id);
  ASSERT_TRUE(deleted.ok());
  EXPECT_EQ(engine_->DescribeBackup(ctx_, backup->id).status().code(), ErrorCode::kBackupNotFound);
}

TEST_F(BackupTest, PointInTimeRestoreUndoesExactlyTheLaterChanges) {
  ASSERT_TRUE(engine_->UpdateContinuousBackups(ctx_, "src", true, std::nullopt).ok());
  clock_->Advance(2000);  // past the enabling margin
  Put("src", "a", "1");
  Put("src", "b", "1");
  Put("src", "gone", "1");
  const int64_t moment = clock_->NowMillis();
  clock_->Advance(1);
  Put("src", "a", "2");
  Put("src", "a", "3");
  Put("src", "new", "3");
  Delete("gone");
  clock_->Advance(10);
  RestoreToPointInTimeRequest r{"src", "then", moment, {}};
  ASSERT_TRUE(engine_->RestoreTableToPointInTime(ctx_, r).ok());
  engine_->WaitForBackups();
  EXPECT_EQ(Contents("then"),
            (std::map<std::string, std::string>{{"a", "1"}, {"b", "1"}, {"gone", "1"}}));
  auto window = engine_->DescribeContinuousBackups(ctx_, "src");
  ASSERT_TRUE(window.ok());
  EXPECT_EQ(window->latest_restorable_ms, clock_->NowMillis());
  EXPECT_EQ(window->earliest_restorable_ms, kStart + 1000);
  r.restore_ms = kStart;  // before the window
  EXPECT_EQ(engine_->RestoreTableToPointInTime(ctx_, r).status().code(),
            ErrorCode::kInvalidRestoreTime);
}

TEST_F(BackupTest, DeletingATableWithPitrLeavesASystemBackup) {
  ASSERT_TRUE(engine_->UpdateContinuousBackups(ctx_, "src", true, std::nullopt).ok());
  Put("src", "a", "1");
  Put("src", "b", "2");
  ASSERT_TRUE(engine_->DeleteTable(ctx_, "src").ok());
  engine_->WaitForBackups();
  ListBackupsRequest list;
  EXPECT_TRUE(engine_->ListBackups(ctx_, list)->backups.empty());  // USER by default
  list.type = BackupTypeFilter::kSystem;
  auto system = engine_->ListBackups(ctx_, list);
  ASSERT_TRUE(system.ok());
  ASSERT_EQ(system->backups.size(), 1u);
  const BackupInfo& backup = system->backups[0];
  EXPECT_EQ(backup.name, "src$DeletedTableBackup");
  EXPECT_TRUE(backup.system);
  EXPECT_EQ(backup.status, BackupStatus::kAvailable);
  EXPECT_EQ(backup.item_count, 2);
  EXPECT_EQ(backup.expiry_ms, backup.creation_ms + 35LL * 24 * 3600 * 1000);
  Status refused = engine_->DeleteBackup(ctx_, backup.id).status();
  EXPECT_EQ(refused.code(), ErrorCode::kValidation);
  EXPECT_EQ(refused.message(),
            "Invalid Request: User is not allowed to delete the system backup " + backup.id);
  RestoreFromBackupRequest restore{backup.id, "src", {}};
  ASSERT_TRUE(engine_->RestoreTableFromBackup(ctx_, restore).ok());
  engine_->WaitForBackups();
  EXPECT_EQ(Contents("src"), (std::map<std::string, std::string>{{"a", "1"}, {"b", "2"}}));
  // Without point-in-time recovery no backup is left.
  ASSERT_TRUE(engine_->DeleteTable(ctx_, "src").ok());
  engine_->WaitForBackups();
  list.type = BackupTypeFilter::kAll;
  EXPECT_EQ(engine_->ListBackups(ctx_, list)->backups.size(), 1u);
}

TEST_F(BackupTest, ATableBeingRestoredCannotBeUpdatedOrDeleted) {
  Put("src", "a", "1");
  auto small = engine_->CreateBackup(ctx_, "src", "small");
  ASSERT_TRUE(small.ok());
  engine_->WaitForBackups();
  // The worker runs one job at a time: long copies queued first keep the restore behind
  // them CREATING while the requests below run. Four of them, so that even a test thread
  // descheduled on a loaded machine finds the restore still waiting.
  for (int i = 0; i < 20000; ++i) Put("src", "k" + std::to_string(i), "v");
  for (int copy = 0; copy < 4; ++copy) {
    ASSERT_TRUE(engine_->CreateBackup(ctx_, "src", "large" + std::to_string(copy)).ok());
  }
  RestoreFromBackupRequest restore{small->id, "dst", {}};
  ASSERT_TRUE(engine_->RestoreTableFromBackup(ctx_, restore).ok());
  ASSERT_EQ(engine_->DescribeTable(ctx_, "dst")->definition.status, TableStatus::kCreating);
  const std::string busy =
      "Attempt to change a resource which is still in use: Table is being created: dst";
  Status deleted = engine_->DeleteTable(ctx_, "dst").status();
  EXPECT_EQ(deleted.code(), ErrorCode::kResourceInUse);
  EXPECT_EQ(deleted.message(), busy);
  UpdateTableRequest update;
  update.table_name = "dst";
  update.deletion_protection = true;
  Status updated = engine_->UpdateTable(ctx_, update).status();
  EXPECT_EQ(updated.code(), ErrorCode::kResourceInUse);
  EXPECT_EQ(updated.message(), busy);
  engine_->WaitForBackups();
  EXPECT_TRUE(engine_->DeleteTable(ctx_, "dst").ok());
}

}  // namespace
}  // namespace monotable
