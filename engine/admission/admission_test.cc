// The admission glue with the fake clock: tickets admit before and settle after, refuse
// all-or-nothing with DynamoDB's errors and reasons, refund, refill with time; the
// registry attaches resources by mode, persists partition maps and split histories and
// restores them and the Contributor Insights setting.

#include <gtest/gtest.h>

#include "engine/admission/contributor_insights.h"
#include "engine/admission/table_throughput.h"
#include "engine/admission/ticket.h"
#include "engine/testing/storage_fixture.h"

namespace monotable {
namespace {

using test_storage::SimpleTable;
using throughput::Op;

class AdmissionTest : public test_storage::StorageTest {
 protected:
  std::shared_ptr<Table> Provisioned(const std::string& name, int64_t rcu, int64_t wcu,
                                     throughput::Mode mode = throughput::Mode::kEnforce) {
    TableDefinition definition = SimpleTable(name);
    definition.billing_mode = BillingMode::kProvisioned;
    definition.throughput.read_capacity_units = rcu;
    definition.throughput.write_capacity_units = wcu;
    auto table = Create(std::move(definition));
    registry_ = std::make_unique<ThroughputRegistry>(*storage_, clock_, mode);
    EXPECT_TRUE(registry_->Sync(*table).ok());
    return table;
  }

  // One write of `units` on hash 1 of `table`: its admission status.
  Status Write(const Table& table, double units, uint64_t hash = 1) {
    Ticket ticket;
    ticket.Claim(table, "", hash, Op::kWrite, units);
    return ticket.Admit();
  }

  std::unique_ptr<ThroughputRegistry> registry_;
};

TEST_F(AdmissionTest, ProvisionedWritesAreRefusedWithTheTableReasonAndRefillWithTime) {
  auto table = Provisioned("T", 5, 5);
  int admitted = 0;
  while (Write(*table, 1).ok() && admitted < 1000) ++admitted;
  EXPECT_GE(admitted, 1);
  EXPECT_LT(admitted, 1000);
  Status refused = Write(*table, 1);
  EXPECT_EQ(refused.code(), ErrorCode::kProvisionedThroughputExceeded);
  EXPECT_NE(refused.message().find("provisioned throughput for the table was exceeded"),
            std::string::npos);
  ASSERT_NE(refused.detail(), nullptr);
  ASSERT_EQ(refused.detail()->throttling_reasons.size(), 1u);
  EXPECT_EQ(refused.detail()->throttling_reasons[0].reason,
            "TableWriteProvisionedThroughputExceeded");
  EXPECT_EQ(refused.detail()->throttling_reasons[0].table_name, "T");
  // One second later, 5 more units are there: exactly five writes of one unit.
  clock_.Advance(1000);
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(Write(*table, 1).ok()) << i;
  EXPECT_FALSE(Write(*table, 1).ok());
}

TEST_F(AdmissionTest, ARefusedRequestConsumesNothing) {
  auto table = Provisioned("T", 5, 5);
  while (Write(*table, 1).ok()) {
  }
  const double before = table->throughput()->table->Snapshot(1).totals.write_units;
  EXPECT_FALSE(Write(*table, 1).ok());
  EXPECT_EQ(table->throughput()->table->Snapshot(1).totals.write_units, before);
}

TEST_F(AdmissionTest, RefundGivesBackAnAdmittedRound) {
  auto table = Provisioned("T", 5, 5);
  clock_.Advance(1000);
  {
    Ticket ticket;
    ticket.Claim(*table, "", uint64_t{1}, Op::kWrite, 4);
    ASSERT_TRUE(ticket.Admit().ok());
    ticket.Refund();  // the work was not done
  }
  // The 4 units came back: four more single writes fit beside the one left.
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(Write(*table, 1).ok()) << i;
}

TEST_F(AdmissionTest, SettleChargesWhatWasReallyConsumed) {
  auto table = Provisioned("T", 10, 10);
  clock_.Advance(1000);
  {
    Ticket ticket;
    const int claim = ticket.Claim(*table, "", uint64_t{1}, Op::kRead, 0.5);
    ASSERT_TRUE(ticket.Admit().ok());
    ticket.SetActual(claim, 3);
  }
  EXPECT_DOUBLE_EQ(table->throughput()->table->Snapshot(1).totals.read_units, 3);
}

TEST_F(AdmissionTest, OnDemandTablesAreThrottledWithThrottlingException) {
  TableDefinition definition = SimpleTable("OD");
  definition.billing_mode = BillingMode::kPayPerRequest;
  definition.on_demand_throughput = OnDemandThroughput{-1, 2};
  auto table = Create(std::move(definition));
  ThroughputRegistry registry(*storage_, clock_, throughput::Mode::kEnforce);
  ASSERT_TRUE(registry.Sync(*table).ok());
  Status status = Status::Ok();
  for (int i = 0; i < 10 && status.ok(); ++i) status = Write(*table, 1);
  EXPECT_EQ(status.code(), ErrorCode::kThrottling);
  ASSERT_NE(status.detail(), nullptr);
  EXPECT_EQ(status.detail()->throttling_reasons[0].reason,
            "TableWriteMaxOnDemandThroughputExceeded");
}

TEST_F(AdmissionTest, ObserveModeCountsButNeverRefuses) {
  auto table = Provisioned("T", 1, 1, throughput::Mode::kObserve);
  for (int i = 0; i < 20; ++i) EXPECT_TRUE(Write(*table, 1).ok());
  EXPECT_GT(table->throughput()->table->throttled(
                throughput::ThrottlingReason::kTableWriteProvisionedThroughputExceeded),
            0u);
}

TEST_F(AdmissionTest, ModeOffAttachesNothingAndClaimsNothing) {
  auto table = Provisioned("T", 1, 1, throughput::Mode::kOff);
  EXPECT_EQ(table->throughput(), nullptr);
  Ticket ticket;
  EXPECT_EQ(ticket.Claim(*table, "", uint64_t{1}, Op::kWrite, 100), -1);
  EXPECT_TRUE(ticket.empty());
  EXPECT_TRUE(ticket.Admit().ok());
}

TEST_F(AdmissionTest, SplitPartitionMapsArePersistedAndRestored) {
  auto table = Provisioned("T", 5, 5);
  EXPECT_EQ(table->throughput()->table->partition_map().size(), 1u);
  // UpdateTable to 9,000 RCU: ceil(9000/3000 + 5/1000) = 4 partitions.
  TableDefinition grown = test_storage::DefinitionOf(*table);
  grown.throughput.read_capacity_units = 9000;
  ASSERT_TRUE(catalog_
                  ->Update("ns", *table,
                           [&](const TableDefinition&) -> Result<TableDefinition> { return grown; })
                  .ok());
  ASSERT_TRUE(registry_->Sync(*table).ok());
  const throughput::PartitionMap map = table->throughput()->table->partition_map();
  EXPECT_EQ(map.size(), 4u);
  // A new registry (a restart) attaches the persisted map to a table seen anew.
  table->set_throughput(nullptr);
  ThroughputRegistry restarted(*storage_, clock_, throughput::Mode::kEnforce);
  ASSERT_TRUE(restarted.Sync(*table).ok());
  EXPECT_EQ(table->throughput()->table->partition_map(), map);
  // With the split history: three capacity splits, 1 -> 2 -> 3 -> 4 partitions.
  const throughput::SplitLog log = table->throughput()->table->split_log();
  ASSERT_EQ(log.events().size(), 3u);
  EXPECT_EQ(log.events()[0].reason, throughput::SplitReason::kCapacity);
  EXPECT_EQ(log.events()[0].parent, (throughput::HashRange{0, UINT64_MAX}));
}

TEST_F(AdmissionTest, TheContributorInsightsSettingIsPersistedAndApplied) {
  auto table = Provisioned("T", 5, 5);
  const std::string family = test_storage::DefinitionOf(*table).column_family;
  auto none = ReadInsightsSetting(*storage_, family);
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(none->mode, throughput::InsightsMode::kDisabled);
  InsightsSetting setting{throughput::InsightsMode::kThrottledOnly, 1234, 5678};
  ASSERT_TRUE(WriteInsightsSetting(*storage_, family, setting).ok());
  auto read = ReadInsightsSetting(*storage_, family);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read->mode, throughput::InsightsMode::kThrottledOnly);
  EXPECT_EQ(read->enabled_ms, 1234);
  EXPECT_EQ(read->updated_ms, 5678);
  table->set_throughput(nullptr);
  ThroughputRegistry restarted(*storage_, clock_, throughput::Mode::kEnforce);
  ASSERT_TRUE(restarted.Sync(*table).ok());
  EXPECT_EQ(table->throughput()->table->insights().mode(),
            throughput::InsightsMode::kThrottledOnly);
}

TEST_F(AdmissionTest, StoredKeyClaimsFeedContributorInsights) {
  auto table = Provisioned("T", 100, 100);
  throughput::Resource& resource = *table->throughput()->table;
  resource.insights().SetMode(throughput::InsightsMode::kAccessedAndThrottled);
  const std::string hot = key_codec::TableKey(AttributeValue::String("hot"), nullptr);
  const std::string cold = key_codec::TableKey(AttributeValue::String("cold"), nullptr);
  clock_.Advance(1000);
  for (int i = 0; i < 5; ++i) {
    Ticket ticket;
    ticket.Claim(*table, "", std::string_view(hot), Op::kWrite, 1);
    ASSERT_TRUE(ticket.Admit().ok());
  }
  {
    Ticket ticket;
    ticket.Claim(*table, "", std::string_view(cold), Op::kWrite, 1);
    ASSERT_TRUE(ticket.Admit().ok());
  }
  const auto top = resource.insights().Top(2);
  ASSERT_EQ(top.accessed_partition_keys.size(), 2u);
  EXPECT_EQ(top.accessed_partition_keys[0].key, hot);  // no sort key: the whole key
  EXPECT_EQ(top.accessed_partition_keys[0].count, 5);
}

}  // namespace
}  // namespace monotable
