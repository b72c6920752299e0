#include "engine/format/item_codec.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_values::List;
using test_values::Map;
using test_values::Nest;
using test_values::SampleItem;
using test_values::Set;

void ExpectRoundTrip(const Item& item) {
  const std::string bytes = item_codec::Encode(item);
  Result<Item> decoded = item_codec::Decode(bytes);
  ASSERT_TRUE(decoded.ok()) << decoded.status().message();
  EXPECT_EQ(*decoded, item);
  // Deterministic: re-encoding gives the same bytes.
  EXPECT_EQ(item_codec::Encode(*decoded), bytes);
}

TEST(ItemCodecTest, RoundTripsAllTypes) { ExpectRoundTrip(SampleItem()); }

TEST(ItemCodecTest, EncodedSizeIsTheItemSize) {
  const Item items[] = {
      SampleItem(),
      Item{},
      Item{{"deep", Nest(32, AttributeValue::NumberText("12345.678"))}},
      Item{{"pk", AttributeValue::String(std::string(70000, 'p'))},
           {"n", AttributeValue::NumberText("-0.000000000000000000000000000000000001")}},
  };
  for (const Item& item : items) {
    Result<size_t> size = item_codec::EncodedItemSize(item_codec::Encode(item));
    ASSERT_TRUE(size.ok()) << size.status().message();
    EXPECT_EQ(*size, ItemSize(item));
  }
}

TEST(ItemCodecTest, DecodesOnlyTheNamedAttributes) {
  const Item item = SampleItem();
  Result<Item> some = item_codec::DecodeAttributes(item_codec::Encode(item), {"s", "m", "zz"});
  ASSERT_TRUE(some.ok()) << some.status().message();
  EXPECT_EQ(*some, (Item{{"s", item.at("s")}, {"m", item.at("m")}}));  // "zz" is absent
  const std::string bytes = item_codec::Encode(item);
  EXPECT_FALSE(item_codec::DecodeAttributes(bytes.substr(0, bytes.size() - 1), {"s"}).ok());
}

TEST(ItemCodecTest, RoundTripsEmptyItem) {
  EXPECT_EQ(item_codec::Encode(Item{}), std::string("\x02\x00\x00", 3));
  ExpectRoundTrip(Item{});
}

// Frozen on-disk formats: these bytes must decode the same forever.
const Item kGoldenItem{{"a", AttributeValue::String("x")},
                       {"b", AttributeValue::Bool(true)},
                       {"c", AttributeValue::Null()},
                       {"d", List({AttributeValue::NumberText("1")})},
                       {"e", Set(AttributeType::kSS, {"p"})}};
const std::string kGoldenBody(
    "\x05"
    "\x01"
    "a"
    "\x01\x01"
    "x"
    "\x01"
    "b"
    "\x04\x01"
    "\x01"
    "c"
    "\x05"
    "\x01"
    "d"
    "\x07\x01"
    "\x02\x01"
    "1"
    "\x01"
    "e"
    "\x08\x01"
    "\x01"
    "p",
    26);

TEST(ItemCodecTest, GoldenBytesOfVersion2) {
  // Size 15: a 1+1, b 1+1, c 1+1, d 1 + (3 + number "1" 2 + 1), e 1+1.
  const std::string expected = std::string("\x02\x0F", 2) + kGoldenBody;
  EXPECT_EQ(item_codec::Encode(kGoldenItem), expected);
  std::string appended = "prefix";
  item_codec::EncodeTo(kGoldenItem, &appended);
  EXPECT_EQ(appended, "prefix" + expected);
  EXPECT_EQ(*item_codec::EncodedItemSize(expected), 15u);
}

TEST(ItemCodecTest, Version1IsStillRead) {
  const std::string v1 = "\x01" + kGoldenBody;
  Result<Item> decoded = item_codec::Decode(v1);
  ASSERT_TRUE(decoded.ok()) << decoded.status().message();
  EXPECT_EQ(*decoded, kGoldenItem);
  // Without a size in front, the size is found by walking the item.
  EXPECT_EQ(*item_codec::EncodedItemSize(v1), 15u);
  EXPECT_FALSE(item_codec::EncodedItemSize(v1.substr(0, v1.size() - 1)).ok());
}

TEST(ItemCodecTest, RoundTripsDeepNesting) {
  for (int depth : {1, 2, 31, 32}) {
    Item item{{"deep", Nest(depth, AttributeValue::String("leaf"))}};
    ExpectRoundTrip(item);
  }
}

TEST(ItemCodecTest, RoundTripsLargeValues) {
  std::vector<std::string> strings, numbers, binaries;
  for (int i = 0; i < 5000; ++i) {
    strings.push_back("member-" + std::to_string(i));
    numbers.push_back(std::to_string(i * 7 - 10000));
    binaries.emplace_back(1 + i % 300, static_cast<char>(i));
  }
  AttributeList long_list;
  for (int i = 0; i < 1000; ++i) long_list.push_back(AttributeValue::NumberText(std::to_string(i)));
  Item item{{"ss", Set(AttributeType::kSS, strings)},
            {"ns", Set(AttributeType::kNS, numbers)},
            {"bs", Set(AttributeType::kBS, binaries)},
            {"big", AttributeValue::String(std::string(300 * 1024, 'z'))},
            {"list", List(long_list)}};
  ExpectRoundTrip(item);
}

TEST(ItemCodecTest, SetOrderIsPreserved) {
  Item item{{"ss", Set(AttributeType::kSS, {"c", "a", "b"})}};
  Result<Item> decoded = item_codec::Decode(item_codec::Encode(item));
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(decoded->at("ss").set, (std::vector<std::string>{"c", "a", "b"}));
}

TEST(ItemCodecTest, UnknownVersionFails) {
  std::string bytes = item_codec::Encode(SampleItem());
  for (char version : {'\x00', '\x03', '\x7F', '\xFF'}) {
    bytes[0] = version;
    Result<Item> decoded = item_codec::Decode(bytes);
    ASSERT_FALSE(decoded.ok());
    EXPECT_EQ(decoded.status().code(), ErrorCode::kInternal);
    EXPECT_EQ(decoded.status().message(), "stored item has an unknown format version");
  }
  Result<Item> empty = item_codec::Decode("");
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().code(), ErrorCode::kInternal);
}

TEST(ItemCodecTest, EveryProperPrefixFails) {
  const std::string bytes = item_codec::Encode(SampleItem());
  for (size_t n = 0; n < bytes.size(); ++n) {
    Result<Item> decoded = item_codec::Decode(std::string_view(bytes).substr(0, n));
    ASSERT_FALSE(decoded.ok()) << "prefix of length " << n;
    EXPECT_EQ(decoded.status().code(), ErrorCode::kInternal);
  }
}

TEST(ItemCodecTest, TrailingBytesFail) {
  std::string bytes = item_codec::Encode(SampleItem());
  bytes.push_back('\0');
  Result<Item> decoded = item_codec::Decode(bytes);
  ASSERT_FALSE(decoded.ok());
  EXPECT_EQ(decoded.status().message(), "stored item is corrupt");
}

TEST(ItemCodecTest, InvalidTypeTagsFail) {
  // 0x01 version, one attribute named "a", then a bad type tag.
  for (char tag : {'\x00', '\x0B', '\x80', '\xFF'}) {
    std::string bytes(
        "\x01\x01\x01"
        "a",
        4);
    bytes.push_back(tag);
    EXPECT_FALSE(item_codec::Decode(bytes).ok()) << static_cast<int>(tag);
  }
}

TEST(ItemCodecTest, HugeCountsAndLengthsFailWithoutAllocating) {
  // Attribute count far beyond the remaining bytes.
  EXPECT_FALSE(item_codec::Decode(std::string("\x01\xFF\xFF\xFF\xFF\x0F", 6)).ok());
  // Name length far beyond the remaining bytes.
  EXPECT_FALSE(item_codec::Decode(std::string("\x01\x01\xFF\xFF\xFF\xFF\x0F"
                                              "a",
                                              8))
                   .ok());
  // A set count far beyond the remaining bytes.
  EXPECT_FALSE(item_codec::Decode(std::string("\x01\x01\x01"
                                              "a\x08\xFF\xFF\xFF\x7F",
                                              9))
                   .ok());
  // A list count far beyond the remaining bytes.
  EXPECT_FALSE(item_codec::Decode(std::string("\x01\x01\x01"
                                              "a\x07\xFF\xFF\xFF\x7F",
                                              9))
                   .ok());
  // A varint that never ends (11 continuation bytes).
  std::string endless("\x01", 1);
  endless.append(11, '\xFF');
  EXPECT_FALSE(item_codec::Decode(endless).ok());
}

TEST(ItemCodecTest, AbsurdNestingIsCorruption) {
  // 1000 nested single-element lists: far beyond any depth DynamoDB allows.
  std::string bytes(
      "\x01\x01\x01"
      "a",
      4);
  for (int i = 0; i < 1000; ++i) bytes.append("\x07\x01", 2);
  bytes.push_back('\x05');
  Result<Item> decoded = item_codec::Decode(bytes);
  ASSERT_FALSE(decoded.ok());
  EXPECT_EQ(decoded.status().code(), ErrorCode::kInternal);
}

// The same item in the v1 format: v2 without the size varint.
std::string AsVersion1(const std::string& v2) {
  size_t body = 1;
  while (static_cast<unsigned char>(v2[body]) >= 0x80) ++body;
  // Appended rather than `"\x01" + ...`: GCC 12 warns falsely (-Wrestrict) on that.
  std::string v1 = "\x01";
  return v1.append(v2, body + 1);
}

TEST(ItemCodecTest, RandomCorruptionNeverCrashes) {
  const std::string v2 = item_codec::Encode(SampleItem());
  for (const std::string& original : {v2, AsVersion1(v2)}) {
    std::mt19937_64 rng(1234);
    int failures = 0;
    for (int i = 0; i < 20000; ++i) {
      std::string bytes = original;
      const int flips = 1 + static_cast<int>(rng() % 4);
      for (int f = 0; f < flips; ++f) {
        bytes[rng() % bytes.size()] = static_cast<char>(rng());
      }
      if (rng() % 4 == 0) bytes.resize(rng() % bytes.size());
      Result<Item> decoded = item_codec::Decode(bytes);
      Result<size_t> size = item_codec::EncodedItemSize(bytes);
      // v1 finds its size by walking the item, so it finds the same corruption.
      if (bytes[0] == '\x01') {
        EXPECT_EQ(size.ok(), decoded.ok());
      }
      if (!decoded.ok()) {
        ++failures;
        EXPECT_EQ(decoded.status().code(), ErrorCode::kInternal);
        continue;
      }
      // Where the bytes are a canonical encoding (no duplicate or unordered names, the
      // right size in front), the size agrees.
      ASSERT_TRUE(size.ok());
      if (item_codec::Encode(*decoded) == bytes) {
        EXPECT_EQ(*size, ItemSize(*decoded));
      }
      // Whatever decodes is a well-formed item that survives a round trip.
      Result<Item> again = item_codec::Decode(item_codec::Encode(*decoded));
      ASSERT_TRUE(again.ok());
      EXPECT_EQ(*again, *decoded);
    }
    EXPECT_GT(failures, 1000);  // corruption is usually detected
  }
}

}  // namespace
}  // namespace monotable
