// Table tags (table_tags.h) and resource policies (resource_policies.h) on a real
// catalog in memory: their texts, revisions, and persistence in the table record.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "engine/control/resource_policies.h"
#include "engine/control/table_tags.h"

namespace monotable {
namespace {

constexpr int64_t kNow = 1732000000000;
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
    catalog_.reset();
    storage_.reset();
    std::filesystem::remove_all(dir_);
  }

  // Opens (or reopens, as a restart does) the storage and loads the catalog.
  void Open() {
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
  }

  Result<std::string> Put(const std::string& document,
                          std::optional<std::string> expected = std::nullopt) {
    return PutTablePolicy(*catalog_, clock_, kNs,
                          {"T1", kArn, std::nullopt, document, std::move(expected)});
  }

  std::filesystem::path dir_;
  FakeClock clock_{kNow};
  std::unique_ptr<Storage> storage_;
  std::unique_ptr<Catalog> catalog_;
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
  auto policy = GetTablePolicy(*catalog_, kNs, "T1", kArn);
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
  auto policy = GetTablePolicy(*catalog_, kNs, "T1", kArn);
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
  auto stale = DeleteTablePolicy(*catalog_, kNs, {"T1", kArn, std::nullopt, std::string("1")});
  EXPECT_EQ(stale.status().message(),
            prefix +
                "Requested update for policy with revision id 1, but the policy associated "
                "to target table T1 has revision id " +
                std::to_string(kNow) + ".");
  auto removed = DeleteTablePolicy(*catalog_, kNs, {"T1", kArn, std::nullopt, std::nullopt});
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(*removed, std::optional<std::string>(std::to_string(kNow)));
  auto again = DeleteTablePolicy(*catalog_, kNs, {"T1", kArn, std::nullopt, std::nullopt});
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(again->has_value());
  EXPECT_EQ(GetTablePolicy(*catalog_, kNs, "T1", kArn).status().code(), ErrorCode::kPolicyNotFound);
  EXPECT_EQ(GetTablePolicy(*catalog_, kNs, "T9", kArn).status().message(),
            "Requested resource not found: Table: T9 not found");
}

// A stream's policy needs the stream: T1 never had one (rbac-attach-resource-policy-streams).
TEST_F(TagsAndPoliciesTest, StreamPolicyOfAStreamTheTableDoesNotHave) {
  const std::string label = "2026-10-08T23:07:31.275";
  auto put = PutTablePolicy(*catalog_, clock_, kNs,
                            {"T1", kArn + "/stream/" + label, label, "{}", std::nullopt});
  EXPECT_EQ(put.status().message(),
            "Requested resource not found: Stream: " + label + " not found for Table: T1");
  EXPECT_EQ(GetTablePolicy(*catalog_, kNs, "T1", kArn, label).status().code(),
            ErrorCode::kResourceNotFound);
}

}  // namespace
}  // namespace monotable
