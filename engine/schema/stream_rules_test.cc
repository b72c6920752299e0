// StreamSpecification in CreateTable and UpdateTable (table_rules.h): DynamoDB's
// validation and messages.
#include <gtest/gtest.h>

#include "engine/schema/table_rules.h"

// A namespace of the file's own: the unity build compiles the folder's tests together.
namespace monotable::stream_rules_test {
namespace {

constexpr int64_t kNow = 1732000000000;
constexpr char kInvalid[] = "One or more parameter values were invalid: ";

CreateTableRequest Request(std::optional<StreamSpecificationRequest> stream) {
  CreateTableRequest r;
  r.table_name = "t1";
  r.attribute_definitions = {{"pk", AttributeType::kS}};
  r.key_schema = {{"pk", KeyType::kHash}};
  r.billing_mode = BillingMode::kPayPerRequest;
  r.stream = stream;
  return r;
}

UpdateTableRequest Update(bool enabled, std::optional<StreamViewType> view) {
  UpdateTableRequest u;
  u.table_name = "t1";
  u.stream = StreamSpecificationRequest{enabled, view};
  return u;
}

std::string UpdateError(const TableDefinition& current, const UpdateTableRequest& update) {
  Result<TableDefinition> r = ApplyTableUpdate(current, update, kNow);
  EXPECT_FALSE(r.ok());
  return r.ok() ? "" : r.status().message();
}

TEST(StreamRulesTest, CreateTableTakesAnEnabledStreamWithItsViewType) {
  auto t = BuildTableDefinition(
      Request(StreamSpecificationRequest{true, StreamViewType::kOldImage}), kNow);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->stream_view_type, StreamViewType::kOldImage);
  auto off = BuildTableDefinition(Request(StreamSpecificationRequest{false, std::nullopt}), kNow);
  ASSERT_TRUE(off.ok());
  EXPECT_FALSE(off->stream_view_type.has_value());
  // CreateTable's own wording (nubo-db/dynoxide#115 and ack-api-quirks, from AWS).
  auto bad = BuildTableDefinition(Request(StreamSpecificationRequest{true, std::nullopt}), kNow);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(),
            std::string(kInvalid) +
                "Table is being created with a stream enabled, UpdateViewType is required");
  auto disabled_with_view = BuildTableDefinition(
      Request(StreamSpecificationRequest{false, StreamViewType::kNewImage}), kNow);
  ASSERT_FALSE(disabled_with_view.ok());
  EXPECT_EQ(disabled_with_view.status().message(),
            std::string(kInvalid) +
                "Table is being created with a stream disabled, UpdateViewType should not be "
                "specified");
}

TEST(StreamRulesTest, UpdateTableEnablesAndDisables) {
  TableDefinition table = *BuildTableDefinition(Request(std::nullopt), kNow);
  auto enabled = ApplyTableUpdate(table, Update(true, StreamViewType::kKeysOnly), kNow);
  ASSERT_TRUE(enabled.ok());
  EXPECT_EQ(enabled->stream_view_type, StreamViewType::kKeysOnly);
  auto disabled = ApplyTableUpdate(*enabled, Update(false, std::nullopt), kNow);
  ASSERT_TRUE(disabled.ok());
  EXPECT_FALSE(disabled->stream_view_type.has_value());
}

TEST(StreamRulesTest, UpdateTableErrors) {
  TableDefinition table = *BuildTableDefinition(Request(std::nullopt), kNow);
  EXPECT_EQ(UpdateError(table, Update(false, std::nullopt)),
            "Table has no stream to disable: TableName: t1");
  EXPECT_EQ(UpdateError(table, Update(true, std::nullopt)),
            std::string(kInvalid) + "If stream is being enabled then UpdateViewType is required");
  EXPECT_EQ(UpdateError(table, Update(false, StreamViewType::kNewImage)),
            std::string(kInvalid) +
                "If stream is being disabled, then UpdateViewType must not be specified");
  table.stream_view_type = StreamViewType::kNewImage;
  for (StreamViewType view : {StreamViewType::kNewImage, StreamViewType::kNewAndOldImages}) {
    EXPECT_EQ(UpdateError(table, Update(true, view)),
              "Table already has an enabled stream: TableName: t1");
  }
}

}  // namespace
}  // namespace monotable::stream_rules_test
