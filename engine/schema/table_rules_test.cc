#include "engine/schema/table_rules.h"

#include <gtest/gtest.h>

#include <string>

// A namespace of the file's own: the unity build compiles the folder's tests together.
namespace monotable::table_rules_test {
namespace {

constexpr int64_t kNow = 1732000000000;  // 2024-11-19T07:06:40Z
constexpr int64_t kDayMs = 24LL * 3600 * 1000;
const std::string kInvalid = "One or more parameter values were invalid: ";

ProvisionedThroughput Units(int64_t r, int64_t w) {
  ProvisionedThroughput t;
  t.read_capacity_units = r;
  t.write_capacity_units = w;
  return t;
}

CreateTableRequest Request() {
  CreateTableRequest r;
  r.table_name = "t1";
  r.attribute_definitions = {{"pk", AttributeType::kS}, {"sk", AttributeType::kN}};
  r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  r.throughput = Units(5, 5);
  return r;
}

SecondaryIndexDefinition Index(std::string name, std::vector<KeySchemaElement> keys) {
  SecondaryIndexDefinition index;
  index.name = std::move(name);
  index.key_schema = std::move(keys);
  return index;
}

std::string Error(const CreateTableRequest& request, ErrorCode code = ErrorCode::kValidation) {
  Result<TableDefinition> r = BuildTableDefinition(request, kNow);
  if (r.ok()) return "<ok>";
  EXPECT_EQ(r.status().code(), code);
  return r.status().message();
}

TEST(BuildTableDefinitionTest, ValidRequestBuildsDefinition) {
  CreateTableRequest request = Request();
  request.throughput->number_of_decreases_today = 9;
  request.deletion_protection = true;
  Result<TableDefinition> t = BuildTableDefinition(request, kNow);
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t->name, "t1");
  EXPECT_EQ(t->key_schema, request.key_schema);
  EXPECT_EQ(t->attribute_definitions, request.attribute_definitions);
  EXPECT_EQ(t->billing_mode, BillingMode::kProvisioned);
  EXPECT_FALSE(t->billing_mode_explicit);
  EXPECT_EQ(t->billing_mode_changed_ms, kNow);
  EXPECT_EQ(t->throughput.read_capacity_units, 5);
  EXPECT_EQ(t->throughput.number_of_decreases_today, 0);
  EXPECT_TRUE(t->deletion_protection);
  EXPECT_EQ(t->status, TableStatus::kActive);
}

TEST(BuildTableDefinitionTest, PayPerRequest) {
  CreateTableRequest request = Request();
  request.billing_mode = BillingMode::kPayPerRequest;
  request.throughput.reset();
  Result<TableDefinition> t = BuildTableDefinition(request, kNow);
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t->billing_mode, BillingMode::kPayPerRequest);
  EXPECT_TRUE(t->billing_mode_explicit);
  EXPECT_EQ(t->throughput.read_capacity_units, 0);
}

TEST(BuildTableDefinitionTest, KeySchemaShape) {
  CreateTableRequest r = Request();
  r.key_schema = {{"pk", KeyType::kRange}, {"sk", KeyType::kHash}};
  EXPECT_EQ(Error(r), "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  r.key_schema = {};
  EXPECT_EQ(Error(r), "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kHash}};
  EXPECT_EQ(Error(r), "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
  r.key_schema = {{"pk", KeyType::kHash}, {"pk", KeyType::kRange}};
  EXPECT_EQ(Error(r),
            "Both the Hash Key and the Range Key element in the KeySchema have the same name");
  // A repeated name is reported before the key types.
  r.key_schema = {{"pk", KeyType::kHash}, {"pk", KeyType::kHash}};
  EXPECT_EQ(Error(r),
            "Both the Hash Key and the Range Key element in the KeySchema have the same name");
}

TEST(BuildTableDefinitionTest, AttributeDefinitions) {
  CreateTableRequest r = Request();
  // More key elements than definitions: DynamoDB's terser KeySchema message.
  r.attribute_definitions = {{"pk", AttributeType::kS}};
  EXPECT_EQ(Error(r), "Invalid KeySchema: Some index key attribute have no definition");
  r.attribute_definitions = {{"other", AttributeType::kS}, {"x", AttributeType::kB}};
  EXPECT_EQ(Error(r), kInvalid +
                          "Some index key attributes are not defined in AttributeDefinitions. "
                          "Keys: [pk, sk], AttributeDefinitions: [other, x]");
  r.attribute_definitions = {
      {"pk", AttributeType::kS}, {"sk", AttributeType::kN}, {"unused", AttributeType::kS}};
  EXPECT_EQ(Error(r), kInvalid +
                          "Number of attributes in KeySchema does not exactly match number of "
                          "attributes defined in AttributeDefinitions");
  r.attribute_definitions = {
      {"pk", AttributeType::kS}, {"sk", AttributeType::kN}, {"pk", AttributeType::kN}};
  EXPECT_EQ(Error(r), "Attribute Name is duplicated: pk");
}

TEST(BuildTableDefinitionTest, BillingModeAndThroughput) {
  CreateTableRequest r = Request();
  r.throughput.reset();
  EXPECT_EQ(Error(r), kInvalid +
                          "ReadCapacityUnits and WriteCapacityUnits must both be specified when "
                          "BillingMode is PROVISIONED");
  r.billing_mode = BillingMode::kProvisioned;
  EXPECT_NE(Error(r), "<ok>");
  r.billing_mode = BillingMode::kPayPerRequest;
  r.throughput = Units(1, 1);
  EXPECT_EQ(Error(r), kInvalid +
                          "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when "
                          "BillingMode is PAY_PER_REQUEST");
  r.billing_mode.reset();
  r.throughput = Units(40000, 40000);
  EXPECT_EQ(Error(r), "<ok>");
  r.throughput = Units(40001, 1);
  EXPECT_EQ(Error(r, ErrorCode::kLimitExceeded),
            "Subscriber limit exceeded: Provisioned throughput for the table exceeds the "
            "account limit of 40000 units");
}

TEST(BuildTableDefinitionTest, SecondaryIndexes) {
  CreateTableRequest r = Request();
  r.attribute_definitions.push_back({"g", AttributeType::kS});
  SecondaryIndexDefinition gsi = Index("gsi", {{"g", KeyType::kHash}});
  gsi.throughput = Units(1, 1);
  r.global_secondary_indexes = {gsi};
  EXPECT_EQ(Error(r), "<ok>");

  r.global_secondary_indexes[0].throughput.reset();
  EXPECT_EQ(Error(r), kInvalid + "ProvisionedThroughput is not specified for index: gsi");
  r.billing_mode = BillingMode::kPayPerRequest;
  r.throughput.reset();
  EXPECT_EQ(Error(r), "<ok>");
  r.global_secondary_indexes[0].throughput = Units(1, 1);
  EXPECT_EQ(Error(r), kInvalid +
                          "ProvisionedThroughput should not be specified for index: gsi when "
                          "BillingMode is PAY_PER_REQUEST");
  r.global_secondary_indexes[0].throughput.reset();

  // An index key that is not defined lists that index's keys.
  r.global_secondary_indexes.push_back(Index("gsi2", {{"nope", KeyType::kHash}}));
  EXPECT_EQ(Error(r), kInvalid +
                          "Some index key attributes are not defined in AttributeDefinitions. "
                          "Keys: [nope], AttributeDefinitions: [pk, sk, g]");
  r.global_secondary_indexes[1] = Index("gsi", {{"g", KeyType::kHash}});
  EXPECT_EQ(Error(r), kInvalid + "Duplicate index name: gsi");
  r.global_secondary_indexes[1] = Index("gsi2", {{"g", KeyType::kRange}});
  EXPECT_EQ(Error(r), "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  // DynamoDB's GSI keys of several attributes are not done: refused, not cut to two.
  r.global_secondary_indexes[1] =
      Index("gsi2", {{"g", KeyType::kHash}, {"sk", KeyType::kRange}, {"pk", KeyType::kRange}});
  EXPECT_EQ(Error(r), kInvalid +
                          "monotable does not support keys of several attributes: a KeySchema "
                          "holds one HASH and at most one RANGE element");
  r.global_secondary_indexes.resize(1);

  r.local_secondary_indexes = {Index("lsi", {{"pk", KeyType::kHash}, {"g", KeyType::kRange}})};
  EXPECT_EQ(Error(r), "<ok>");
  r.local_secondary_indexes[0] = Index("lsi", {{"g", KeyType::kHash}, {"sk", KeyType::kRange}});
  EXPECT_EQ(Error(r), kInvalid +
                          "Index KeySchema does not have the same leading hash key as table "
                          "KeySchema for index: lsi. index hash key: g, table hash key: pk");
}

TEST(BuildTableDefinitionTest, LocalIndexNeedsTableRangeKey) {
  CreateTableRequest r = Request();
  r.key_schema = {{"pk", KeyType::kHash}};
  r.local_secondary_indexes = {Index("lsi", {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}})};
  EXPECT_EQ(Error(r), kInvalid +
                          "Table KeySchema does not have a range key, which is required when "
                          "specifying a LocalSecondaryIndex");
}

TEST(BuildTableDefinitionTest, IndexCountLimits) {
  CreateTableRequest r = Request();
  r.billing_mode = BillingMode::kPayPerRequest;
  r.throughput.reset();
  for (int i = 0; i < 21; ++i) {
    r.global_secondary_indexes.push_back(
        Index(std::string("g").append(std::to_string(i)), {{"pk", KeyType::kHash}}));
  }
  EXPECT_EQ(Error(r), kInvalid + "GlobalSecondaryIndex count exceeds the per-table limit of 20");
  r.global_secondary_indexes.resize(20);
  EXPECT_EQ(Error(r), "<ok>");
  r.global_secondary_indexes.clear();
  for (int i = 0; i < 6; ++i) {
    r.local_secondary_indexes.push_back(
        Index("l" + std::to_string(i), {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}}));
  }
  EXPECT_EQ(Error(r), kInvalid + "Number of LocalSecondaryIndexes exceeds per-table limit of 5");
  r.local_secondary_indexes.resize(5);
  EXPECT_EQ(Error(r), "<ok>");
}

// ---- UpdateTable ----

TableDefinition Provisioned(int64_t r, int64_t w) {
  Result<TableDefinition> t = BuildTableDefinition(Request(), kNow - 1000);
  EXPECT_TRUE(t.ok());
  t->throughput = Units(r, w);
  return *t;
}

UpdateTableRequest Update(std::optional<BillingMode> mode,
                          std::optional<ProvisionedThroughput> throughput) {
  UpdateTableRequest u;
  u.table_name = "t1";
  u.billing_mode = mode;
  u.throughput = throughput;
  return u;
}

TEST(ApplyTableUpdateTest, NothingToUpdate) {
  Result<TableDefinition> r = ApplyTableUpdate(Provisioned(5, 5), Update({}, {}), kNow);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.status().message(),
            "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
            "GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, "
            "MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, "
            "DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is "
            "required");
}

UpdateTableRequest::IndexUpdate CreateGsi(const std::string& name, const std::string& key) {
  UpdateTableRequest::IndexUpdate u;
  u.index.name = name;
  u.index.key_schema = {{key, KeyType::kHash}};
  u.index.throughput = ProvisionedThroughput{1, 1};
  return u;
}

UpdateTableRequest::IndexUpdate DeleteGsi(const std::string& name) {
  UpdateTableRequest::IndexUpdate u;
  u.action = UpdateTableRequest::IndexUpdate::Action::kDelete;
  u.index.name = name;
  return u;
}

TEST(ApplyTableUpdateTest, CreatedGsiIsCreatingAndBackfilling) {
  UpdateTableRequest u = Update({}, {});
  u.attribute_definitions = {{"g", AttributeType::kN}};
  u.index_updates = {CreateGsi("byG", "g")};
  Result<TableDefinition> r = ApplyTableUpdate(Provisioned(5, 5), u, kNow);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->global_secondary_indexes.size(), 1u);
  EXPECT_EQ(r->global_secondary_indexes[0].status, IndexStatus::kCreating);
  EXPECT_TRUE(r->global_secondary_indexes[0].backfilling);
  EXPECT_EQ(r->AttributeTypeOf("g"), AttributeType::kN);
}

TEST(ApplyTableUpdateTest, IndexUpdateErrors) {
  UpdateTableRequest undefined = Update({}, {});
  undefined.index_updates = {CreateGsi("byG", "g")};
  Result<TableDefinition> r = ApplyTableUpdate(Provisioned(5, 5), undefined, kNow);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "One or more parameter values were invalid: AttributeDefinitions is not specified "
            "for index: byG");
  undefined.attribute_definitions = {{"h", AttributeType::kS}};
  r = ApplyTableUpdate(Provisioned(5, 5), undefined, kNow);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "One or more parameter values were invalid: Some index key attributes are not "
            "defined in AttributeDefinitions. Keys: [g], AttributeDefinitions: [h]");

  UpdateTableRequest two = Update({}, {});
  two.attribute_definitions = {{"g", AttributeType::kS}};
  two.index_updates = {CreateGsi("a", "g"), CreateGsi("b", "g")};
  r = ApplyTableUpdate(Provisioned(5, 5), two, kNow);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kLimitExceeded);

  UpdateTableRequest missing = Update({}, {});
  missing.index_updates = {DeleteGsi("nope")};
  r = ApplyTableUpdate(Provisioned(5, 5), missing, kNow);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(r.status().message(), "Requested resource not found: Index: nope not found");
}

TEST(ApplyTableUpdateTest, UnchangedThroughput) {
  Result<TableDefinition> r = ApplyTableUpdate(Provisioned(5, 7), Update({}, Units(5, 7)), kNow);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.status().message(),
            "The provisioned throughput for the table will not change. The requested value "
            "equals the current value. Current ReadCapacityUnits provisioned for the table: 5. "
            "Requested ReadCapacityUnits: 5. Current WriteCapacityUnits provisioned for the "
            "table: 7. Requested WriteCapacityUnits: 7. Refer to the Amazon DynamoDB Developer "
            "Guide for "
            "current limits and how to request higher limits.");
}

TEST(ApplyTableUpdateTest, IncreaseAndDecrease) {
  Result<TableDefinition> up = ApplyTableUpdate(Provisioned(5, 5), Update({}, Units(10, 5)), kNow);
  ASSERT_TRUE(up.ok()) << up.status().message();
  EXPECT_EQ(up->throughput.read_capacity_units, 10);
  EXPECT_EQ(up->throughput.last_increase_ms, kNow);
  EXPECT_EQ(up->throughput.number_of_decreases_today, 0);

  Result<TableDefinition> down = ApplyTableUpdate(*up, Update({}, Units(1, 5)), kNow + 1);
  ASSERT_TRUE(down.ok()) << down.status().message();
  EXPECT_EQ(down->throughput.read_capacity_units, 1);
  EXPECT_EQ(down->throughput.number_of_decreases_today, 1);
  EXPECT_EQ(down->throughput.last_decrease_ms, kNow + 1);
  EXPECT_EQ(down->throughput.last_increase_ms, kNow);
  EXPECT_EQ(down->billing_mode, BillingMode::kProvisioned);

  Result<TableDefinition> over = ApplyTableUpdate(*up, Update({}, Units(40001, 5)), kNow);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.status().code(), ErrorCode::kLimitExceeded);
}

TEST(ApplyTableUpdateTest, DecreaseCounterLimitAndDailyReset) {
  TableDefinition t = Provisioned(1000, 1000);
  int64_t now = kNow - kNow % kDayMs + 1000;  // early in a UTC day
  for (int i = 1; i <= 27; ++i) {
    Result<TableDefinition> next = ApplyTableUpdate(t, Update({}, Units(1000 - i, 1000)), now);
    ASSERT_TRUE(next.ok()) << i << ": " << next.status().message();
    EXPECT_EQ(next->throughput.number_of_decreases_today, i);
    t = *next;
    now += 1000;
  }
  Result<TableDefinition> refused = ApplyTableUpdate(t, Update({}, Units(1, 1000)), now);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kLimitExceeded);
  EXPECT_NE(refused.status().message().find("Number of decreases today: 27"), std::string::npos);
  // Increases stay allowed and do not count.
  Result<TableDefinition> increased = ApplyTableUpdate(t, Update({}, Units(2000, 1000)), now);
  ASSERT_TRUE(increased.ok());
  EXPECT_EQ(increased->throughput.number_of_decreases_today, 27);
  // The next UTC day starts a new count.
  Result<TableDefinition> tomorrow = ApplyTableUpdate(t, Update({}, Units(1, 1000)), now + kDayMs);
  ASSERT_TRUE(tomorrow.ok()) << tomorrow.status().message();
  EXPECT_EQ(tomorrow->throughput.number_of_decreases_today, 1);
}

TEST(ApplyTableUpdateTest, SwitchToPayPerRequestAndBack) {
  const TableDefinition provisioned = Provisioned(5, 5);
  Result<TableDefinition> ppr =
      ApplyTableUpdate(provisioned, Update(BillingMode::kPayPerRequest, {}), kNow);
  ASSERT_TRUE(ppr.ok()) << ppr.status().message();
  EXPECT_EQ(ppr->billing_mode, BillingMode::kPayPerRequest);
  EXPECT_TRUE(ppr->billing_mode_explicit);
  EXPECT_EQ(ppr->billing_mode_changed_ms, kNow);
  EXPECT_EQ(ppr->throughput.read_capacity_units, 0);
  EXPECT_EQ(ppr->throughput.write_capacity_units, 0);

  Result<TableDefinition> with_units =
      ApplyTableUpdate(provisioned, Update(BillingMode::kPayPerRequest, Units(1, 1)), kNow);
  ASSERT_FALSE(with_units.ok());
  EXPECT_EQ(with_units.status().message(),
            kInvalid +
                "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when "
                "BillingMode is PAY_PER_REQUEST");
  // A pay-per-request table cannot take throughput without switching mode.
  EXPECT_FALSE(ApplyTableUpdate(*ppr, Update({}, Units(1, 1)), kNow).ok());

  Result<TableDefinition> no_units =
      ApplyTableUpdate(*ppr, Update(BillingMode::kProvisioned, {}), kNow + 5);
  ASSERT_FALSE(no_units.ok());
  EXPECT_EQ(no_units.status().message(),
            kInvalid + "ProvisionedThroughput must be specified when BillingMode is PROVISIONED");

  Result<TableDefinition> back =
      ApplyTableUpdate(*ppr, Update(BillingMode::kProvisioned, Units(3, 4)), kNow + 5);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(back->billing_mode, BillingMode::kProvisioned);
  EXPECT_EQ(back->billing_mode_changed_ms, kNow + 5);
  EXPECT_EQ(back->throughput.read_capacity_units, 3);
  EXPECT_EQ(back->throughput.write_capacity_units, 4);
  EXPECT_EQ(back->throughput.number_of_decreases_today, 0);
}

TEST(ApplyTableUpdateTest, BillingModeProvisionedComesWithAChange) {
  // ack-api-quirks DDB-TABLE-057 (probed live): PROVISIONED alone is refused, also on a
  // provisioned table, and PROVISIONED with the current units is the no-op error.
  const TableDefinition provisioned = Provisioned(5, 5);
  ASSERT_FALSE(provisioned.billing_mode_explicit);
  Result<TableDefinition> alone =
      ApplyTableUpdate(provisioned, Update(BillingMode::kProvisioned, {}), kNow);
  ASSERT_FALSE(alone.ok());
  EXPECT_EQ(alone.status().message(),
            kInvalid + "ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
  Result<TableDefinition> same =
      ApplyTableUpdate(provisioned, Update(BillingMode::kProvisioned, Units(5, 5)), kNow);
  ASSERT_FALSE(same.ok());
  EXPECT_EQ(same.status().message().rfind("The provisioned throughput for the table will not "
                                          "change. The requested value equals the current value.",
                                          0),
            0u);
  Result<TableDefinition> changed =
      ApplyTableUpdate(provisioned, Update(BillingMode::kProvisioned, Units(6, 5)), kNow);
  ASSERT_TRUE(changed.ok()) << changed.status().message();
  EXPECT_TRUE(changed->billing_mode_explicit);
  EXPECT_EQ(changed->billing_mode_changed_ms, provisioned.billing_mode_changed_ms);
  EXPECT_EQ(changed->throughput.read_capacity_units, 6);
}

TEST(ApplyTableUpdateTest, DeletionProtection) {
  UpdateTableRequest u = Update({}, {});
  u.deletion_protection = true;
  Result<TableDefinition> on = ApplyTableUpdate(Provisioned(5, 5), u, kNow);
  ASSERT_TRUE(on.ok()) << on.status().message();
  EXPECT_TRUE(on->deletion_protection);
  u.deletion_protection = false;
  Result<TableDefinition> off = ApplyTableUpdate(*on, u, kNow);
  ASSERT_TRUE(off.ok());
  EXPECT_FALSE(off->deletion_protection);
  EXPECT_EQ(off->throughput.read_capacity_units, 5);
}

}  // namespace
}  // namespace monotable::table_rules_test
