#include "protocol/encoded_item_json.h"

#include <gtest/gtest.h>

#include "engine/format/item_codec.h"
#include "engine/testing/value_builders.h"
#include "protocol/attribute_value_json.h"

namespace monotable::protocol {
namespace {

using test_values::Nest;
using test_values::SampleItem;

// What the response would say for the decoded item.
std::string DecodedJson(const Item& item) {
  JsonWriter w;
  WriteItem(w, item);
  return w.Take();
}

std::string EncodedJson(const Item& item) {
  JsonWriter w;
  Status status = WriteEncodedItem(w, item_codec::Encode(item));
  EXPECT_TRUE(status.ok()) << status.message();
  return w.Take();
}

TEST(EncodedItemJsonTest, WritesWhatTheDecodedItemWrites) {
  const Item items[] = {
      SampleItem(),  // every type, escapes, binary bytes 0-255, empty containers
      Item{},
      Item{{"deep", Nest(32, AttributeValue::String("leaf \"quoted\"\n"))}},
      Item{{"PK", test_values::S("USER#1")}, {"SK", test_values::S("ORDER#2025-08-01")}},
  };
  for (const Item& item : items) EXPECT_EQ(EncodedJson(item), DecodedJson(item));
}

TEST(EncodedItemJsonTest, SpellsOutTypes) {
  Item item{{"b", test_values::B("hi")},
            {"l", test_values::List({test_values::N("1"), AttributeValue::Bool(false)})},
            {"m", test_values::Map({{"x", AttributeValue::Null()}})},
            {"ns", test_values::Set(AttributeType::kNS, {"1", "2"})}};
  EXPECT_EQ(EncodedJson(item), R"({"b":{"B":"aGk="},"l":{"L":[{"N":"1"},{"BOOL":false}]},)"
                               R"("m":{"M":{"x":{"NULL":true}}},"ns":{"NS":["1","2"]}})");
}

TEST(EncodedItemJsonTest, ItemsAreSeparatedInAnArray) {
  JsonWriter w;
  w.BeginArray();
  ASSERT_TRUE(WriteEncodedItem(w, item_codec::Encode(Item{{"a", test_values::S("1")}})).ok());
  ASSERT_TRUE(WriteEncodedItem(w, item_codec::Encode(Item{})).ok());
  w.EndArray();
  EXPECT_EQ(w.str(), R"([{"a":{"S":"1"}},{}])");
}

TEST(EncodedItemJsonTest, CorruptBytesAreAnInternalError) {
  const std::string bytes = item_codec::Encode(SampleItem());
  for (size_t length : {size_t{0}, size_t{1}, bytes.size() / 2, bytes.size() - 1}) {
    JsonWriter w;
    Status status = WriteEncodedItem(w, std::string_view(bytes).substr(0, length));
    EXPECT_EQ(status.code(), ErrorCode::kInternal) << length;
  }
}

}  // namespace
}  // namespace monotable::protocol
