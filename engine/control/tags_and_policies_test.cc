// Table tags (table_tags.h) and resource policies (resource_policies.h) on a real
// catalog and stream registry: their texts, revisions, and persistence in the table's
// record, or a stream's (which outlives its disabling and its table).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "engine/control/resource_policies.h"
#include "engine/control/table_tags.h"
#include "engine/schema/stream_label.h"

namespace monotable {
namespace {

constexpr int64_t kNow = 1732000000000;
constexpr int64_t kRetentionMs = 60'000;
const std::string kNs = "AKID:us-east-1";
const std::string kArn = "arn:aws:dynamodb:us-east-1:000000000000:table/T1";

class TagsAndPoliciesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("mt-tags-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    Open();
    TableDefinition t;
    t.name = "T1";
    t.attribute_definitions = {{"pk", AttributeType::kS}};
    t.key_schema = {{"pk", KeyType::kHash}};
    t.billing_mode = BillingMode::kPayPerRequest;
    ASSERT_TRUE(catalog_->Create(kNs, t).ok());
  }

  void TearDown() override {
    streams_.reset();
    catalog_.reset();
    storage_.reset();
    std::filesystem::remove_all(dir_);
  }

  // Opens (or reopens, as a restart does) the storage and loads the catalog.
  void Open() {
    streams_.reset();
    catalog_.reset();
    storage_.reset();
    StorageOptions options;
    options.path = dir_.string();
    auto storage = Storage::Open(options);
    ASSERT_TRUE(storage.ok()) << storage.status().message();
    storage_ = std::move(*storage);
    catalog_ = std::make_unique<Catalog>(storage_.get(), &clock_);
    Status loaded = catalog_->Load();
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    streams::StreamOptions stream_options;
    stream_options.retention_ms = kRetentionMs;
    streams_ = std::make_unique<streams::StreamRegistry>(*storage_, clock_, stream_options);
    loaded = streams_->Load();
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    if (auto table = catalog_->Find(kNs, "T1")) {
      ASSERT_TRUE(streams_->Sync(kNs, *table).ok());
    }
  }

  // Changes T1's definition and lets its stream follow, as UpdateTable does.
  void UpdateT1(const std::function<void(TableDefinition&)>& edit) {
    auto table = catalog_->Find(kNs, "T1");
    ASSERT_NE(table, nullptr);
    ASSERT_TRUE(catalog_
                    ->Update(kNs, *table,
                             [&](const TableDefinition& current) -> Result<TableDefinition> {
                               TableDefinition next = current;
                               edit(next);
                               return next;
                             })
                    .ok());
    ASSERT_TRUE(streams_->Sync(kNs, *table).ok());
  }

  // Enables a stream on T1; returns its label.
  std::string EnableStream() {
    std::string label;
    UpdateT1([&](TableDefinition& t) {
      t.stream_view_type = StreamViewType::kKeysOnly;
      t.latest_stream_id = streams_->NewStreamId();
      t.latest_stream_ms = clock_.NowMillis();
      label = StreamLabel(t.latest_stream_ms);
    });
    return label;
  }

  Result<std::string> PutStream(const std::string& label, const std::string& document,
                                std::optional<std::string> expected = std::nullopt) {
    return PutTablePolicy(*catalog_, *streams_, clock_, kNs,
                          {"T1", StreamArn(label), label, document, std::move(expected)});
  }
  Result<ResourcePolicy> GetStream(const std::string& label) {
    return GetTablePolicy(*catalog_, *streams_, kNs, "T1", StreamArn(label), label);
  }
  Result<std::optional<std::string>> DeleteStream(const std::string& label) {
    return DeleteTablePolicy(*catalog_, *streams_, kNs,
                             {"T1", StreamArn(label), label, std::nullopt});
  }
  static std::string StreamArn(const std::string& label) { return kArn + "/stream/" + label; }

  Result<std::string> Put(const std::string& document,
                          std::optional<std::string> expected = std::nullopt) {
    return PutTablePolicy(*catalog_, *streams_, clock_, kNs,
                          {"T1", kArn, std::nullopt, document, std::move(expected)});
  }

  std::filesystem::path dir_;
  FakeClock clock_{kNow};
  std::unique_ptr<Storage> storage_;
  std::unique_ptr<Catalog> catalog_;
  std::unique_ptr<streams::StreamRegistry> streams_;
};

TEST_F(TagsAndPoliciesTest, TagsAndPolicySurviveAReopen) {
  ASSERT_TRUE(TagTable(*catalog_, kNs, {"T1", kArn, {{"a", "1"}, {"b", "2"}}}).ok());
  ASSERT_TRUE(TagTable(*catalog_, kNs, {"T1", kArn, {{"a", "10"}}}).ok());
  ASSERT_TRUE(UntagTable(*catalog_, kNs, {"T1", kArn, {"b", "absent"}}).ok());
  ASSERT_TRUE(Put("{}").ok());
  Open();
  auto tags = TableTags(*catalog_, kNs, "T1", kArn);
  ASSERT_TRUE(tags.ok());
  EXPECT_EQ(*tags, (std::vector<Tag>{{"a", "10"}}));
  auto policy = GetTablePolicy(*catalog_, *streams_, kNs, "T1", kArn);
  ASSERT_TRUE(policy.ok());
  EXPECT_EQ(policy->revision_id, std::to_string(kNow));
}

TEST_F(TagsAndPoliciesTest, TagErrors) {
  Status empty = TagTable(*catalog_, kNs, {"T1", kArn, {}});
  EXPECT_EQ(empty.message(), "Atleast one Tag needs to be provided as Input.");
  EXPECT_EQ(UntagTable(*catalog_, kNs, {"T1", kArn, {}}).message(),
            "Atleast one Tag Key needs to be provided as Input.");
  Status missing = TagTable(*catalog_, kNs, {"T2", kArn + "x", {{"k", "v"}}});
  EXPECT_EQ(missing.code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(missing.message(),
            "Requested resource not found: ResourceArn: " + kArn + "x not found");
  // Validation comes before the lookup.
  EXPECT_EQ(TagTable(*catalog_, kNs, {"T2", kArn, {{"aws:k", "v"}}}).code(),
            ErrorCode::kValidation);
  // ListTagsOfResource of a table that does not exist is denied (table_tags.h).
  auto listed = TableTags(*catalog_, kNs, "T2", kArn + "x");
  EXPECT_EQ(listed.status().code(), ErrorCode::kAccessDenied);
  EXPECT_EQ(listed.status().message(), "Access is denied");
}

TEST_F(TagsAndPoliciesTest, RevisionsAreChangeTimesAndStrictlyIncrease) {
  auto first = Put("{\"a\":1}");
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(*first, std::to_string(kNow));
  EXPECT_EQ(*Put("{\"a\":1}"), *first);  // the same document: no change
  // A change within the same millisecond still gets a newer revision.
  EXPECT_EQ(*Put("{\"a\":2}"), std::to_string(kNow + 1));
  clock_.Advance(5000);
  EXPECT_EQ(*Put("{\"a\":3}", std::to_string(kNow + 1)), std::to_string(kNow + 5000));
  auto policy = GetTablePolicy(*catalog_, *streams_, kNs, "T1", kArn);
  ASSERT_TRUE(policy.ok());
  EXPECT_EQ(*policy, (ResourcePolicy{"{\"a\":3}", std::to_string(kNow + 5000)}));
}

TEST_F(TagsAndPoliciesTest, ExpectedRevisionMismatches) {
  const std::string prefix = "Resource-based policy not found for the provided ResourceArn: ";
  auto none = Put("{}", "123");
  EXPECT_EQ(none.status().code(), ErrorCode::kPolicyNotFound);
  EXPECT_EQ(none.status().message(), prefix + kArn);
  ASSERT_TRUE(Put("{}", "NO_POLICY").ok());
  EXPECT_EQ(Put("{\"b\":1}", "NO_POLICY").status().message(),
            prefix +
                "Requested policy update expecting none to be present for table T1, but a "
                "policy exists with revision id " +
                std::to_string(kNow) + ".");
  auto stale =
      DeleteTablePolicy(*catalog_, *streams_, kNs, {"T1", kArn, std::nullopt, std::string("1")});
  EXPECT_EQ(stale.status().message(),
            prefix +
                "Requested update for policy with revision id 1, but the policy associated "
                "to target table T1 has revision id " +
                std::to_string(kNow) + ".");
  auto removed =
      DeleteTablePolicy(*catalog_, *streams_, kNs, {"T1", kArn, std::nullopt, std::nullopt});
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(*removed, std::optional<std::string>(std::to_string(kNow)));
  auto again =
      DeleteTablePolicy(*catalog_, *streams_, kNs, {"T1", kArn, std::nullopt, std::nullopt});
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(again->has_value());
  EXPECT_EQ(GetTablePolicy(*catalog_, *streams_, kNs, "T1", kArn).status().code(),
            ErrorCode::kPolicyNotFound);
  EXPECT_EQ(GetTablePolicy(*catalog_, *streams_, kNs, "T9", kArn).status().message(),
            "Requested resource not found: Table: T9 not found");
}

// A stream's policy needs the stream, whether or not its table exists: T1 never had
// one, T9 does not exist (a label no stream has: ResourceNotFoundException naming the
// stream, as DynamoDB answers a bogus stream label).
TEST_F(TagsAndPoliciesTest, StreamPolicyOfAStreamNotKept) {
  const std::string label = "2026-10-08T23:07:31.275";
  const std::string expected =
      "Requested resource not found: Stream: " + label + " not found for Table: T1";
  EXPECT_EQ(PutStream(label, "{}").status().message(), expected);
  EXPECT_EQ(GetStream(label).status().message(), expected);
  EXPECT_EQ(DeleteStream(label).status().message(), expected);
  auto missing = GetTablePolicy(*catalog_, *streams_, kNs, "T9", kArn + "9/stream/" + label, label);
  EXPECT_EQ(missing.status().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(missing.status().message(),
            "Requested resource not found: Stream: " + label + " not found for Table: T9");
}

// A stream's policy is its own slot (not the table's), kept with the stream: it can
// still be read and changed once the stream is disabled and once its table is deleted
// (rbac-attach-resource-policy-streams), survives a restart, and goes with the stream
// when its retention ends.
TEST_F(TagsAndPoliciesTest, StreamPolicyOutlivesTheStreamsDisablingAndItsTable) {
  const std::string label = EnableStream();
  auto put = PutStream(label, "{\"s\":1}");
  ASSERT_TRUE(put.ok()) << put.status().message();
  EXPECT_EQ(*put, std::to_string(kNow));
  EXPECT_EQ(GetTablePolicy(*catalog_, *streams_, kNs, "T1", kArn).status().code(),
            ErrorCode::kPolicyNotFound);
  ASSERT_TRUE(Put("{\"t\":1}").ok());  // the table's own: another slot, same millisecond
  EXPECT_EQ(GetStream(label)->document, "{\"s\":1}");

  UpdateT1([](TableDefinition& t) { t.stream_view_type.reset(); });  // disabled
  clock_.Advance(10);
  EXPECT_EQ(*PutStream(label, "{\"s\":2}", std::to_string(kNow)), std::to_string(kNow + 10));

  ASSERT_TRUE(catalog_->Drop(kNs, "T1").ok());
  clock_.Advance(10);
  EXPECT_EQ(GetTablePolicy(*catalog_, *streams_, kNs, "T1", kArn).status().message(),
            "Requested resource not found: Table: T1 not found");
  EXPECT_EQ(*GetStream(label), (ResourcePolicy{"{\"s\":2}", std::to_string(kNow + 10)}));
  EXPECT_EQ(*PutStream(label, "{\"s\":3}"), std::to_string(kNow + 20));

  Open();  // a restart reads the stream's record back
  EXPECT_EQ(*GetStream(label), (ResourcePolicy{"{\"s\":3}", std::to_string(kNow + 20)}));
  auto removed = DeleteStream(label);
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(*removed, std::optional<std::string>(std::to_string(kNow + 20)));
  EXPECT_EQ(GetStream(label).status().message(),
            "Resource-based policy not found for the provided ResourceArn: " + StreamArn(label));
  ASSERT_TRUE(PutStream(label, "{\"s\":4}").ok());

  clock_.Advance(kRetentionMs);  // the stream's last shard passes retention
  ASSERT_TRUE(streams_->MaintainAll().ok());
  const std::string gone =
      "Requested resource not found: Stream: " + label + " not found for Table: T1";
  EXPECT_EQ(GetStream(label).status().message(), gone);
  EXPECT_EQ(PutStream(label, "{}").status().message(), gone);
  Open();
  EXPECT_EQ(GetStream(label).status().message(), gone);
}

// Each stream of a table keeps its own policy: an older, disabled stream's is not the
// new stream's.
TEST_F(TagsAndPoliciesTest, EachStreamOfATableHasItsOwnPolicy) {
  const std::string first = EnableStream();
  ASSERT_TRUE(PutStream(first, "{\"first\":1}").ok());
  UpdateT1([](TableDefinition& t) { t.stream_view_type.reset(); });
  clock_.Advance(1000);
  const std::string second = EnableStream();
  ASSERT_NE(first, second);
  EXPECT_EQ(GetStream(second).status().code(), ErrorCode::kPolicyNotFound);
  ASSERT_TRUE(PutStream(second, "{\"second\":1}").ok());
  EXPECT_EQ(GetStream(first)->document, "{\"first\":1}");
  EXPECT_EQ(GetStream(second)->document, "{\"second\":1}");
}

}  // namespace
}  // namespace monotable
