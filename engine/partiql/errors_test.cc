#include "engine/partiql/errors.h"

#include <gtest/gtest.h>

namespace monotable::partiql {
namespace {

TEST(PartiqlErrors, Envelope) {
  Status s = Malformed("Unexpected term");
  EXPECT_EQ(s.code(), ErrorCode::kValidation);
  EXPECT_EQ(s.message(), "Statement wasn't well formed, can't be processed: Unexpected term");
  EXPECT_EQ(ExpectedToken("RIGHT_PAREN").message(),
            "Statement wasn't well formed, can't be processed: Expected RIGHT_PAREN");
}

TEST(PartiqlErrors, FormatLocationCountsCharactersFromOne) {
  EXPECT_EQ(FormatLocation("SELECT x", 7, 1), "1:8:1");
  EXPECT_EQ(FormatLocation("a\nbc def", 5, 3), "2:4:3");
  // 'é' is two bytes and one character, before and inside the token.
  EXPECT_EQ(FormatLocation("'\xC3\xA9' abc", 5, 3), "1:5:3");
  EXPECT_EQ(FormatLocation("x '\xC3\xA9'", 2, 4), "1:3:3");
}

TEST(PartiqlErrors, TextsWithoutEnvelope) {
  EXPECT_EQ(UnsupportedOperation("IsType").message(), "Unsupported operation: IsType");
  EXPECT_EQ(UnexpectedPathComponent("SELECT attribute_exists(a) FROM t", 7, 16).message(),
            "Unexpected path component at 1:8:16");
  EXPECT_EQ(ReservedKeywordInSelectList("from").message(),
            "Statement wasn't well formed, can't be processed: Expected identifier or an "
            "expression but found unexpected keyword 'from' in a select list.");
  EXPECT_EQ(StarArgument("size").message(),
            "Statement wasn't well formed, can't be processed: size(*) is not allowed");
}

}  // namespace
}  // namespace monotable::partiql
