#include "engine/expr/reserved_words.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace monotable::expr
