#include "engine/schema/tag_rules.h"

#include <gtest/gtest.h>

namespace monotable {
namespace {

TagInput T(std::string key, std::string value) { return {std::move(key), std::move(value)}; }

std::string MessageOf(const std::vector<TagInput>& tags) {
  Result<std::vector<Tag>> checked = CheckTags(tags);
  EXPECT_FALSE(checked.ok());
  if (checked.ok()) return "";
  EXPECT_EQ(checked.status().code(), ErrorCode::kValidation);
  return checked.status().message();
}

TEST(TagRulesTest, AcceptsTheTagAlphabetOfEveryScript) {
  for (const char* text :
       {"a+b-c=d.e_f:g/h@i", "ключ", "café", "表", "x y", "\u00a0", "\u3000", "7", " "}) {
    EXPECT_TRUE(IsTagText(text, 256)) << text;
  }
  EXPECT_TRUE(IsTagText("", 256));
}

TEST(TagRulesTest, RefusesPunctuationSymbolsAndEmoji) {
  for (const char* text : {"hi!", "d%g", "\"q\"", "a,b", "(x)", "a&b", "a*b", "a;b", "a?b", "a|b",
                           "a\\b", "<a>", "~a", "#", "\U0001F511", "a\u2014b", "\u00a7"}) {
    EXPECT_FALSE(IsTagText(text, 256)) << text;
  }
}

TEST(TagRulesTest, CountsUnicodeCharactersNotBytes) {
  std::string hebrew;
  for (int i = 0; i < 128; ++i) hebrew += "\u05d0";  // two bytes each
  EXPECT_TRUE(IsTagText(hebrew, 128));
  EXPECT_FALSE(IsTagText(hebrew + "\u05d0", 128));
}

TEST(TagRulesTest, KeyAndValueLimits) {
  EXPECT_TRUE(CheckTags({T(std::string(128, 'k'), std::string(256, 'v'))}).ok());
  EXPECT_EQ(MessageOf({T(std::string(129, 'k'), "v")}),
            "The Tag Key provided is invalid, Key: " + std::string(129, 'k'));
  EXPECT_EQ(MessageOf({T("k", std::string(257, 'v'))}),
            "The Tag Value provided is invalid, Value: " + std::string(257, 'v'));
  EXPECT_EQ(MessageOf({T("", "v")}), "The Tag Key provided is invalid, Key: ");
  EXPECT_TRUE(CheckTags({T("k", "")}).ok());
}

TEST(TagRulesTest, MissingMembersAreNull) {
  EXPECT_EQ(MessageOf({TagInput{std::nullopt, "v"}}), "The Tag Key provided is invalid, Key: null");
  EXPECT_EQ(MessageOf({TagInput{"k", std::nullopt}}),
            "The Tag Value provided is invalid, Value: null");
}

TEST(TagRulesTest, ReservedPrefixInAnyCase) {
  EXPECT_EQ(MessageOf({T("ok", "1"), T("aws:zzz", "2")}),
            "Tag Key cannot be prefixed with aws:, Key: aws:zzz");
  EXPECT_EQ(MessageOf({T("AWS:x", "2")}), "Tag Key cannot be prefixed with aws:, Key: AWS:x");
  EXPECT_TRUE(CheckTags({T("aws", "1"), T("awsx:y", "2")}).ok());
  EXPECT_FALSE(CheckTagKeys({"aws:x"}).ok());
}

TEST(TagRulesTest, DuplicatesAndCount) {
  EXPECT_EQ(MessageOf({T("dup", "1"), T("dup", "2")}),
            "Duplicate Tag Keys provided as input: Duplicate Tag Key found dup");
  std::vector<TagInput> fifty, fifty_one;
  std::vector<std::string> keys;
  for (int i = 0; i < 51; ++i) {
    if (i < 50) fifty.push_back(T("k" + std::to_string(i), "v"));
    fifty_one.push_back(T("k" + std::to_string(i), "v"));
    keys.push_back("k" + std::to_string(i));
  }
  EXPECT_TRUE(CheckTags(fifty).ok());
  EXPECT_EQ(MessageOf(fifty_one),
            "Number of Tags exceed the current limit for the provided ResourceArn");
  EXPECT_EQ(CheckTagKeys(keys).message(),
            "Number of Tags exceed the current limit for the provided ResourceArn");
}

TEST(TagRulesTest, MergeReplacesInPlaceAndCountsTheResult) {
  std::vector<Tag> current{{"a", "1"}, {"b", "2"}};
  Result<std::vector<Tag>> merged = MergeTags(current, {{"b", "20"}, {"c", "3"}});
  ASSERT_TRUE(merged.ok());
  EXPECT_EQ(*merged, (std::vector<Tag>{{"a", "1"}, {"b", "20"}, {"c", "3"}}));

  std::vector<Tag> full;
  for (int i = 0; i < 50; ++i) full.push_back({"k" + std::to_string(i), "v"});
  EXPECT_TRUE(MergeTags(full, {{"k0", "new"}}).ok());
  EXPECT_FALSE(MergeTags(full, {{"k50", "v"}}).ok());
}

TEST(TagRulesTest, RemoveIgnoresAbsentKeys) {
  std::vector<Tag> current{{"a", "1"}, {"b", "2"}};
  EXPECT_EQ(RemoveTags(current, {"b", "zzz"}), (std::vector<Tag>{{"a", "1"}}));
}

}  // namespace
}  // namespace monotable
