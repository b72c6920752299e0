#include "protocol/utf8.h"

#include <gtest/gtest.h>

namespace monotable::protocol {
namespace {

TEST(Utf8Test, SequenceLengthsOfWellFormedCharacters) {
  EXPECT_EQ(Utf8SequenceLength("a", 0), 1u);
  EXPECT_EQ(Utf8SequenceLength("\xC3\xA9", 0), 2u);          // é
  EXPECT_EQ(Utf8SequenceLength("\xE2\x82\xAC", 0), 3u);      // €
  EXPECT_EQ(Utf8SequenceLength("\xF0\x9F\x98\x80", 0), 4u);  // 😀
  EXPECT_EQ(Utf8SequenceLength("x\xC3\xA9", 1), 2u);
}

TEST(Utf8Test, IllFormedSequencesHaveNoLength) {
  EXPECT_EQ(Utf8SequenceLength("\xC3", 0), 0u);              // truncated
  EXPECT_EQ(Utf8SequenceLength("\xA9", 0), 0u);              // stray continuation
  EXPECT_EQ(Utf8SequenceLength("\xC0\xAF", 0), 0u);          // overlong '/'
  EXPECT_EQ(Utf8SequenceLength("\xE0\x80\xAF", 0), 0u);      // overlong
  EXPECT_EQ(Utf8SequenceLength("\xED\xA0\x80", 0), 0u);      // surrogate U+D800
  EXPECT_EQ(Utf8SequenceLength("\xF4\x90\x80\x80", 0), 0u);  // beyond U+10FFFF
  EXPECT_EQ(Utf8SequenceLength("\xFF", 0), 0u);
  EXPECT_EQ(Utf8SequenceLength("\xE2\x82", 0), 0u);
}

TEST(Utf8Test, WellFormedTextIsKept) {
  EXPECT_EQ(ToValidUtf8("Invalid Base64 character: '\xC3\xA9'"),
            "Invalid Base64 character: '\xC3\xA9'");
  EXPECT_EQ(ToValidUtf8(""), "");
}

TEST(Utf8Test, EachIllFormedByteBecomesAReplacementCharacter) {
  // The fuzzer's finding: one byte of a two-byte character echoed alone.
  EXPECT_EQ(ToValidUtf8("character: '\xC3'"), "character: '\xEF\xBF\xBD'");
  EXPECT_EQ(ToValidUtf8("\xFF\xFE"
                        "a"),
            "\xEF\xBF\xBD\xEF\xBF\xBD"
            "a");
  EXPECT_EQ(ToValidUtf8("\xE2\x82"), "\xEF\xBF\xBD\xEF\xBF\xBD");
}

}  // namespace
}  // namespace monotable::protocol
