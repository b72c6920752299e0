#include "protocol/base64.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace monotable::protocol {
namespace {

std::string DecodeError(std::string_view text) {
  Result<std::string> r = Base64Decode(text);
  if (r.ok()) return "<ok>";
  EXPECT_EQ(r.status().code(), ErrorCode::kSerialization) << text;
  return r.status().message();
}

TEST(Base64Test, Rfc4648Vectors) {
  const std::pair<const char*, const char*> vectors[] = {
      {"", ""},
      {"f", "Zg=="},
      {"fo", "Zm8="},
      {"foo", "Zm9v"},
      {"foob", "Zm9vYg=="},
      {"fooba", "Zm9vYmE="},
      {"foobar", "Zm9vYmFy"},
  };
  for (const auto& [plain, encoded] : vectors) {
    EXPECT_EQ(Base64Encode(plain), encoded);
    Result<std::string> decoded = Base64Decode(encoded);
    ASSERT_TRUE(decoded.ok()) << encoded;
    EXPECT_EQ(*decoded, plain);
  }
}

TEST(Base64Test, FullAlphabetAndHighBytes) {
  EXPECT_EQ(Base64Encode(std::string("\xFB\xEF\xBE", 3)), "++++");
  EXPECT_EQ(Base64Encode(std::string("\xFF\xFF\xFF", 3)), "////");
  EXPECT_EQ(Base64Encode(std::string("\x00\x00\x00", 3)), "AAAA");
  EXPECT_EQ(Base64Encode(std::string("\x00", 1)), "AA==");
  Result<std::string> decoded = Base64Decode("+/+/");
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(*decoded, std::string("\xFB\xFF\xBF", 3));
}

TEST(Base64Test, AppendKeepsExistingText) {
  std::string out = "B:";
  AppendBase64(&out, "foo");
  AppendBase64(&out, "f");
  EXPECT_EQ(out, "B:Zm9vZg==");
}

TEST(Base64Test, RandomRoundTrips) {
  std::mt19937_64 rng(8);
  for (int i = 0; i < 2000; ++i) {
    std::string bytes(rng() % 64, '\0');
    for (char& c : bytes) c = static_cast<char>(rng());
    const std::string encoded = Base64Encode(bytes);
    EXPECT_EQ(encoded.size(), (bytes.size() + 2) / 3 * 4);
    Result<std::string> decoded = Base64Decode(encoded);
    ASSERT_TRUE(decoded.ok()) << encoded;
    EXPECT_EQ(*decoded, bytes);
  }
  std::string all;
  for (int i = 0; i < 256; ++i) all.push_back(static_cast<char>(i));
  Result<std::string> decoded = Base64Decode(Base64Encode(all));
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(*decoded, all);
}

TEST(Base64Test, LengthMustBeMultipleOfFour) {
  for (const char* text : {"A", "AB", "ABC", "ABCDE", "Zg=", "Zg"}) {
    EXPECT_EQ(DecodeError(text),
              "Base64 encoded length is expected a multiple of 4 bytes but found: " +
                  std::to_string(std::string_view(text).size()))
        << text;
  }
}

TEST(Base64Test, InvalidCharacters) {
  EXPECT_EQ(DecodeError("Zm9v!A=="), "Invalid Base64 character: '!'");
  EXPECT_EQ(DecodeError("Zm-_"), "Invalid Base64 character: '-'");  // URL-safe alphabet
  EXPECT_EQ(DecodeError("Zm9 "), "Invalid Base64 character: ' '");
  EXPECT_EQ(DecodeError("Zm9\n"), "Invalid Base64 character: '\n'");
  EXPECT_EQ(DecodeError(std::string("Zm9\0", 4)),
            std::string("Invalid Base64 character: '\0'", 29));
  EXPECT_NE(DecodeError("Zm9\xC3"), "<ok>");
}

TEST(Base64Test, PaddingOnlyAtTheEnd) {
  EXPECT_NE(DecodeError("Zg==Zg=="), "<ok>");  // padding in a middle quantum
  EXPECT_NE(DecodeError("Z==="), "<ok>");      // three pad characters
  EXPECT_NE(DecodeError("===="), "<ok>");
  EXPECT_NE(DecodeError("Zg=A"), "<ok>");  // data after padding
  EXPECT_NE(DecodeError("=Zg="), "<ok>");
  EXPECT_EQ(DecodeError("Zg=="), "<ok>");
  EXPECT_EQ(DecodeError("Zm8="), "<ok>");
}

}  // namespace
}  // namespace monotable::protocol
