// The request log's `items=` text: what the server writes, the rehearsal reads back.
#include "protocol/touched_items.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace monotable::protocol {
namespace {

ItemTouch Touch(std::string table, std::string index, bool write, AttributeValue pk,
                std::optional<AttributeValue> sk, uint64_t bytes, double units) {
  return {std::move(table), std::move(index), write, std::move(pk), std::move(sk), bytes, units};
}

TEST(TouchedItems, EncodesEachEntryWithItsTargetKeysSizeAndUnits) {
  const std::vector<ItemTouch> items = {
      Touch("Orders", "", true, AttributeValue::String("user#1"), AttributeValue::NumberText("42"),
            310, 1),
      Touch("Orders", "ByDay", false, AttributeValue::String("2026-12-03"), std::nullopt, 8192,
            0.5)};
  EXPECT_EQ(EncodeTouchedItems(items),
            "Orders/write/S:user%231/N:42/310/1;Orders:ByDay/read/S:2026-12-03//8192/0.5");
  EXPECT_EQ(EncodeTouchedItems({}), "");
}

TEST(TouchedItems, EscapesEverySeparatorSoThatAnyKeyReadsBack) {
  // Separators, the escape itself, spaces, a line break, UTF-8 and bytes of every value.
  std::string bytes;
  for (int b = 0; b < 256; ++b) bytes.push_back(static_cast<char>(b));
  const std::vector<ItemTouch> items = {
      Touch("T-1.x_y", "", false, AttributeValue::String("a/b;c:d%e f\ng\xC3\xA9"),
            AttributeValue::Binary(bytes), 0, 0),
      Touch("T", "G", true, AttributeValue::NumberText("-1500.25"), std::nullopt, 409600, 400)};
  const std::string text = EncodeTouchedItems(items);
  EXPECT_EQ(text.find(' '), std::string::npos);
  EXPECT_EQ(text.find('\n'), std::string::npos);
  auto decoded = DecodeTouchedItems(text);
  ASSERT_TRUE(decoded.ok()) << decoded.status().message();
  ASSERT_EQ(decoded->size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const ItemTouch& a = items[i];
    const ItemTouch& b = (*decoded)[i];
    EXPECT_EQ(a.table, b.table);
    EXPECT_EQ(a.index, b.index);
    EXPECT_EQ(a.write, b.write);
    EXPECT_EQ(a.partition_key, b.partition_key);
    EXPECT_EQ(a.sort_key.has_value(), b.sort_key.has_value());
    if (a.sort_key && b.sort_key) {
      EXPECT_EQ(*a.sort_key, *b.sort_key);
    }
    EXPECT_EQ(a.bytes, b.bytes);
    EXPECT_EQ(a.units, b.units);
  }
}

TEST(TouchedItems, RefusesMalformedEntries) {
  for (const char* bad :
       {"", "T/read/S:a", "T/read/S:a//1/1/x", "T/peek/S:a//1/1", "T/read/X:a//1/1",
        "T/read/a//1/1", "T/read/S:a b//1/1", "T/read/S:%4//1/1", "T/read/S:%GG//1/1",
        "T/read/S:a//-1/1", "T/read/S:a//1/-1", "T/read/S:a//1/nan", ":G/read/S:a//1/1",
        "T:/read/S:a//1/1", "T/read/S:a//1/1;", "T/read/N:x//1/1",
        // A keyless entry (a Scan page) is a read without a sort key.
        "T/write///1/1", "T/read//S:a/1/1"}) {
    EXPECT_FALSE(DecodeTouchedItems(bad).ok()) << bad;
  }
  auto one = DecodeTouchedItems("T/read/S://0/0");
  ASSERT_TRUE(one.ok());
  EXPECT_EQ((*one)[0].partition_key, AttributeValue::String(""));
}

TEST(TouchedItems, AScanPageIsAKeylessRead) {
  ItemTouch page{"T", "G", false, AttributeValue(), std::nullopt, 1048576, 128.5};
  const std::string text = EncodeTouchedItems({page});
  EXPECT_EQ(text, "T:G/read///1048576/128.5");
  auto decoded = DecodeTouchedItems(text);
  ASSERT_TRUE(decoded.ok()) << decoded.status().message();
  ASSERT_EQ(decoded->size(), 1u);
  EXPECT_EQ((*decoded)[0].partition_key.type, AttributeType::kNull);
  EXPECT_FALSE((*decoded)[0].sort_key.has_value());
  EXPECT_EQ((*decoded)[0].index, "G");
  EXPECT_EQ((*decoded)[0].bytes, 1048576u);
  EXPECT_EQ((*decoded)[0].units, 128.5);
}

}  // namespace
}  // namespace monotable::protocol
