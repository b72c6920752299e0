#include "protocol/json_writer.h"

#include <gtest/gtest.h>

#include <string>

namespace monotable::protocol {
namespace {

std::string Quote(std::string_view value) { return JsonWriter().String(value).Take(); }

TEST(JsonWriterTest, EscapesQuotesBackslashesAndControlCharacters) {
  EXPECT_EQ(Quote(""), R"("")");
  EXPECT_EQ(Quote("plain"), R"("plain")");
  EXPECT_EQ(Quote("a\"b"), R"("a\"b")");
  EXPECT_EQ(Quote("a\\b"), R"("a\\b")");
  EXPECT_EQ(Quote("\n\r\t\b\f"), R"("\n\r\t\b\f")");
  EXPECT_EQ(Quote(std::string("\0", 1)), R"("\u0000")");
  EXPECT_EQ(Quote("\x01\x1f\x0b"), R"("\u0001\u001f\u000b")");
  EXPECT_EQ(Quote("x\x1ey"), R"("x\u001ey")");
  // Everything from 0x20 up, DEL and '/' included, passes through.
  EXPECT_EQ(Quote(" /\x7f~"), "\" /\x7f~\"");
}

TEST(JsonWriterTest, Utf8PassesThroughUnchanged) {
  const std::string text = "h\xC3\xA9llo \xE2\x82\xAC \xF0\x9F\x98\x80";
  EXPECT_EQ(Quote(text), "\"" + text + "\"");
}

TEST(JsonWriterTest, Utf8StringReplacesIllFormedBytes) {
  JsonWriter w;
  w.BeginArray().Utf8String("caf\xC3\xA9").Utf8String("\xC3\"").EndArray();
  EXPECT_EQ(w.str(), "[\"caf\xC3\xA9\",\"\xEF\xBF\xBD\\\"\"]");
}

TEST(JsonWriterTest, EveryControlCharacterIsEscaped) {
  for (int c = 0; c < 0x20; ++c) {
    const std::string quoted = Quote(std::string(1, static_cast<char>(c)));
    EXPECT_EQ(quoted.front(), '"');
    EXPECT_EQ(quoted.back(), '"');
    EXPECT_EQ(quoted[1], '\\') << c;
    for (char ch : quoted) EXPECT_GE(static_cast<unsigned char>(ch), 0x20) << c;
  }
}

TEST(JsonWriterTest, EscapedStringsFollowEarlierText) {
  JsonWriter w;
  w.BeginArray().String("x").String("y\"").EndArray();
  EXPECT_EQ(w.str(), R"(["x","y\""])");
}

TEST(JsonWriterTest, GrowsPastTheExpectedSize) {
  JsonWriter w(1);
  const std::string long_text(1000, 'z');
  w.BeginArray().String(long_text).String("a\nb").EndArray();
  EXPECT_EQ(w.Take(), "[\"" + long_text + "\",\"a\\nb\"]");
}

TEST(JsonWriterTest, CommasBetweenMembersAndElements) {
  JsonWriter w;
  w.BeginObject()
      .Key("a")
      .Int(1)
      .Key("b")
      .BeginArray()
      .Int(1)
      .Int(-2)
      .String("s")
      .Bool(false)
      .EndArray()
      .Key("c")
      .Bool(true)
      .Key("d")
      .BeginObject()
      .EndObject()
      .Key("e")
      .BeginArray()
      .BeginObject()
      .Key("x")
      .Int(0)
      .EndObject()
      .BeginObject()
      .EndObject()
      .BeginArray()
      .EndArray()
      .EndArray()
      .EndObject();
  EXPECT_EQ(w.str(), R"({"a":1,"b":[1,-2,"s",false],"c":true,"d":{},"e":[{"x":0},{},[]]})");
}

TEST(JsonWriterTest, EmptyContainersAndTopLevelValues) {
  EXPECT_EQ(JsonWriter().BeginObject().EndObject().str(), "{}");
  EXPECT_EQ(JsonWriter().BeginArray().EndArray().str(), "[]");
  EXPECT_EQ(JsonWriter().String("x").str(), R"("x")");
  EXPECT_EQ(JsonWriter().Int(INT64_MIN).str(), "-9223372036854775808");
  EXPECT_EQ(JsonWriter().Int(INT64_MAX).str(), "9223372036854775807");
}

TEST(JsonWriterTest, KeysAreEscaped) {
  JsonWriter w;
  w.BeginObject().Key("we\"ird\n").String("v").EndObject();
  EXPECT_EQ(w.str(), R"({"we\"ird\n":"v"})");
}

TEST(JsonWriterTest, RawIsOneValue) {
  JsonWriter w;
  w.BeginObject()
      .Key("a")
      .Raw(R"({"x":[1,2]})")
      .Key("b")
      .BeginArray()
      .Raw("1")
      .Raw("true")
      .EndArray()
      .EndObject();
  EXPECT_EQ(w.str(), R"({"a":{"x":[1,2]},"b":[1,true]})");
}

TEST(JsonWriterTest, EpochSeconds) {
  auto seconds = [](int64_t ms) { return JsonWriter().EpochSeconds(ms).Take(); };
  EXPECT_EQ(seconds(1732000000000), "1732000000");
  EXPECT_EQ(seconds(1732000000123), "1732000000.123");
  EXPECT_EQ(seconds(1732000000005), "1732000000.005");
  EXPECT_EQ(seconds(1732000000050), "1732000000.050");
  EXPECT_EQ(seconds(1500), "1.500");
  EXPECT_EQ(seconds(0), "0");
  EXPECT_EQ(seconds(999), "0.999");
  JsonWriter w;
  w.BeginObject().Key("CreationDateTime").EpochSeconds(1000).Key("n").Int(1).EndObject();
  EXPECT_EQ(w.str(), R"({"CreationDateTime":1,"n":1})");
}

// The escaper skips 8-byte words with nothing to escape; every position of a special
// byte in and around a word boundary must still be found.
TEST(JsonWriterTest, EscapesAtEveryPositionOfLongStrings) {
  for (char special : {'"', '\\', '\n', '\x1f', '\x01'}) {
    for (size_t length = 1; length <= 26; ++length) {
      for (size_t at = 0; at < length; ++at) {
        std::string value(length, 'a');
        value[at] = special;
        value[length - 1 - at] = special;  // a second one, mirrored
        std::string expected = "\"";
        for (char c : value) {
          if (c == '"')
            expected += "\\\"";
          else if (c == '\\')
            expected += "\\\\";
          else if (c == '\n')
            expected += "\\n";
          else if (c == '\x1f')
            expected += "\\u001f";
          else if (c == '\x01')
            expected += "\\u0001";
          else
            expected += c;
        }
        expected += "\"";
        ASSERT_EQ(Quote(value), expected) << "length " << length << " at " << at;
      }
    }
  }
}

// Plain strings are copied in words, halves or single bytes depending on their length:
// every byte of every length must arrive in place.
TEST(JsonWriterTest, PlainStringsOfEveryLengthAreCopiedExactly) {
  for (size_t length = 0; length <= 40; ++length) {
    std::string value;
    for (size_t i = 0; i < length; ++i) value.push_back(static_cast<char>('A' + i % 26));
    JsonWriter w(1);  // growing on the way, too
    w.BeginArray().String(value).String(value).EndArray();
    const std::string quoted = "\"" + value + "\"";
    EXPECT_EQ(w.str(), "[" + quoted + "," + quoted + "]") << length;
  }
}

TEST(JsonWriterTest, Utf8BytesAreNeverEscapedInLongStrings) {
  std::string value;
  for (int i = 0; i < 40; ++i) value += "\xc3\xa9";  // é, bytes >= 0x80
  EXPECT_EQ(Quote(value), "\"" + value + "\"");
}

TEST(JsonWriterTest, DoublesAlwaysShowAFraction) {
  JsonWriter w;
  w.BeginArray().Double(1).Double(0.5).Double(12.5).Double(0).Double(256).EndArray();
  EXPECT_EQ(w.str(), "[1.0,0.5,12.5,0.0,256.0]");
}

TEST(JsonWriterTest, TakeMovesTheText) {
  JsonWriter w;
  w.BeginArray().Int(7).EndArray();
  EXPECT_EQ(w.Take(), "[7]");
}

}  // namespace
}  // namespace monotable::protocol
