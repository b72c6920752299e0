#include "engine/expr/reserved_words.h"

#include <gtest/gtest.h>

#include "engine/expr/parser.h"

namespace monotable::expr {
namespace {

TEST(ReservedWordsTest, TheDeveloperGuideList) {
  EXPECT_EQ(ReservedWordCount(), 573u);
  for (std::string_view w : {"ABORT", "ZONE", "STATUS", "name", "Comment", "size", "SET", "and",
                             "FLATTERN", "INNTER", "LOGED", "TTL", "uuid", "Value", "year"}) {
    EXPECT_TRUE(IsReservedWord(w)) << w;
  }
  for (std::string_view w :
       {"", "a", "pk", "ABORTS", "Statuses", "if_not_exists", "attribute_exists", "list_append",
        "begins_with", "contains_", "SIZE1", "TRANSACTIONS", "averyveryverylongattributename"}) {
    EXPECT_FALSE(IsReservedWord(w)) << w;
  }
}

// The word the parser records is the one the resolvers report: the first in their
// order, which is not always the text's (a SET's value comes after its path).
std::string FirstWordOf(std::string_view text, ExpressionKind kind) {
  auto parsed = ParseExpression(text, kind);
  EXPECT_TRUE(parsed.ok()) << text;
  return parsed.ok() ? parsed.value()->reserved_word : "<parse error>";
}

TEST(ReservedWordsTest, TheParserRecordsTheFirstWordInResolveOrder) {
  EXPECT_EQ(FirstWordOf("SET a = :v, b = :w", ExpressionKind::kUpdate), "");
  EXPECT_EQ(FirstWordOf("SET a = Zone, Year = :v", ExpressionKind::kUpdate), "Zone");
  EXPECT_EQ(FirstWordOf("SET a = :v REMOVE b.#n, c[1].Status", ExpressionKind::kUpdate), "Status");
  EXPECT_EQ(FirstWordOf("ADD n1 :one SET a = if_not_exists(Value, :z)", ExpressionKind::kUpdate),
            "Value");
  EXPECT_EQ(
      FirstWordOf("attribute_exists(ok) AND (year = :v OR zone < :w)", ExpressionKind::kCondition),
      "year");
  EXPECT_EQ(FirstWordOf("PK = :p AND begins_with(SK, :s)", ExpressionKind::kKeyCondition), "");
  EXPECT_EQ(FirstWordOf("a, b.Comment, name", ExpressionKind::kProjection), "Comment");
}

}  // namespace
}  // namespace monotable::expr
