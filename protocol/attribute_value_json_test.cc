#include "protocol/attribute_value_json.h"

#include <gtest/gtest.h>

#include <string>

#include "protocol/base64.h"

namespace monotable::protocol {
namespace {

const std::string kInvalid = "One or more parameter values were invalid: ";

// Decodes one attribute value given as JSON text (wrapped as {"v": ...}).
Result<AttributeValue> Decode(std::string_view value_json) {
  JsonParser parser;
  const std::string body = "{\"v\":" + std::string(value_json) + "}";
  Result<JsonObject> object = parser.ParseObject(body);
  if (!object.ok()) {
    ADD_FAILURE() << "bad test JSON: " << body;
    return object.status();
  }
  JsonElement element;
  if (object->at_key("v").get(element)) return Status::Internal("no v");
  return DecodeAttributeValue(element);
}

std::string Encode(const AttributeValue& value) {
  JsonWriter w;
  WriteAttributeValue(w, value);
  return w.Take();
}

// Decodes, checks the type, and returns the JSON the value encodes back to.
std::string ReEncode(std::string_view json, AttributeType type) {
  Result<AttributeValue> v = Decode(json);
  if (!v.ok()) return "error: " + v.status().message();
  EXPECT_EQ(v->type, type) << json;
  return Encode(*v);
}

void ExpectError(std::string_view json, ErrorCode code, const std::string& message) {
  Result<AttributeValue> v = Decode(json);
  ASSERT_FALSE(v.ok()) << json;
  EXPECT_EQ(v.status().code(), code) << json;
  EXPECT_EQ(v.status().message(), message) << json;
}

TEST(AttributeValueJsonTest, Scalars) {
  EXPECT_EQ(ReEncode(R"({"S":"h\u00e9llo"})", AttributeType::kS), "{\"S\":\"h\xC3\xA9llo\"}");
  EXPECT_EQ(ReEncode(R"({"S":"a\"b\\c\n"})", AttributeType::kS), R"({"S":"a\"b\\c\n"})");
  EXPECT_EQ(ReEncode(R"({"S":""})", AttributeType::kS), R"({"S":""})");
  EXPECT_EQ(ReEncode(R"({"N":"42"})", AttributeType::kN), R"({"N":"42"})");
  EXPECT_EQ(ReEncode(R"({"B":"AAEC/w=="})", AttributeType::kB), R"({"B":"AAEC/w=="})");
  EXPECT_EQ(ReEncode(R"({"B":""})", AttributeType::kB), R"({"B":""})");
  EXPECT_EQ(ReEncode(R"({"BOOL":true})", AttributeType::kBool), R"({"BOOL":true})");
  EXPECT_EQ(ReEncode(R"({"BOOL":false})", AttributeType::kBool), R"({"BOOL":false})");
  EXPECT_EQ(ReEncode(R"({"NULL":true})", AttributeType::kNull), R"({"NULL":true})");

  Result<AttributeValue> b = Decode(R"({"B":"AAEC/w=="})");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->scalar, std::string("\x00\x01\x02\xFF", 4));
}

TEST(AttributeValueJsonTest, NumbersAreCanonicalised) {
  const std::pair<const char*, const char*> cases[] = {
      {"01.50", "1.5"}, {"1E3", "1000"},        {"-0", "0"},        {"+7", "7"},
      {".5", "0.5"},    {"-1.5e-3", "-0.0015"}, {"100.000", "100"},
  };
  for (const auto& [in, out] : cases) {
    Result<AttributeValue> v = Decode(std::string("{\"N\":\"") + in + "\"}");
    ASSERT_TRUE(v.ok()) << in;
    EXPECT_EQ(v->scalar, out) << in;
  }
  EXPECT_EQ(ReEncode(R"({"NS":["1.50","-0","2E1"]})", AttributeType::kNS),
            R"({"NS":["1.5","0","20"]})");
}

TEST(AttributeValueJsonTest, SetsAndContainers) {
  EXPECT_EQ(ReEncode(R"({"SS":["b","a",""]})", AttributeType::kSS), R"({"SS":["b","a",""]})");
  EXPECT_EQ(ReEncode(R"({"BS":["AA==","AQ=="]})", AttributeType::kBS), R"({"BS":["AA==","AQ=="]})");
  EXPECT_EQ(ReEncode(R"({"L":[]})", AttributeType::kL), R"({"L":[]})");
  EXPECT_EQ(ReEncode(R"({"M":{}})", AttributeType::kM), R"({"M":{}})");
  EXPECT_EQ(
      ReEncode(R"({"L":[{"S":"x"},{"N":"1"},{"L":[{"NULL":true}]},{"M":{"k":{"BOOL":false}}}]})",
               AttributeType::kL),
      R"({"L":[{"S":"x"},{"N":"1"},{"L":[{"NULL":true}]},{"M":{"k":{"BOOL":false}}}]})");
  // Map keys come out in byte order.
  EXPECT_EQ(ReEncode(R"({"M":{"b":{"S":"2"},"a":{"S":"1"},"":{"N":"0"}}})", AttributeType::kM),
            R"({"M":{"":{"N":"0"},"a":{"S":"1"},"b":{"S":"2"}}})");
}

TEST(AttributeValueJsonTest, RoundTripsEveryByteInBinary) {
  std::string all;
  for (int i = 0; i < 256; ++i) all.push_back(static_cast<char>(i));
  AttributeValue bs;
  bs.type = AttributeType::kBS;
  bs.set = {all, std::string(1, '\0'), "z"};
  for (const AttributeValue& v : {AttributeValue::Binary(all), bs}) {
    Result<AttributeValue> back = Decode(Encode(v));
    ASSERT_TRUE(back.ok()) << back.status().message();
    EXPECT_EQ(*back, v);
  }
  // Strings with control characters and non-ASCII text survive a round trip too.
  std::string text;
  for (int i = 1; i < 128; ++i) text.push_back(static_cast<char>(i));
  text += "\xE2\x82\xAC\xF0\x9F\x98\x80";
  Result<AttributeValue> s = Decode(Encode(AttributeValue::String(text)));
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->scalar, text);
}

TEST(AttributeValueJsonTest, NullFieldsCountAsAbsent) {
  Result<AttributeValue> v = Decode(R"({"S":"x","N":null,"BOOL":null})");
  ASSERT_TRUE(v.ok()) << v.status().message();
  EXPECT_EQ(*v, AttributeValue::String("x"));
}

TEST(AttributeValueJsonTest, EmptyOrAmbiguousValues) {
  const std::string empty =
      "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";
  const std::string many =
      "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the "
      "supported datatypes";
  ExpectError("{}", ErrorCode::kValidation, empty);
  ExpectError(R"({"S":null})", ErrorCode::kValidation, empty);
  ExpectError(R"({"X":"y"})", ErrorCode::kValidation, empty);
  ExpectError(R"({"S":"a","N":"1"})", ErrorCode::kValidation, many);
  ExpectError(R"({"NULL":true,"BOOL":true})", ErrorCode::kValidation, many);
}

TEST(AttributeValueJsonTest, SetErrors) {
  ExpectError(R"({"SS":[]})", ErrorCode::kValidation, kInvalid + "An string set  may not be empty");
  ExpectError(R"({"NS":[]})", ErrorCode::kValidation, kInvalid + "An number set  may not be empty");
  ExpectError(R"({"BS":[]})", ErrorCode::kValidation, kInvalid + "Binary sets should not be empty");
  ExpectError(R"({"SS":["a","b","a"]})", ErrorCode::kValidation,
              kInvalid + "Input collection [a, b, a] contains duplicates.");
  ExpectError(R"({"NS":["1","1.0"]})", ErrorCode::kValidation,
              "Input collection contains duplicates");
  ExpectError(R"({"NS":["100","1E2"]})", ErrorCode::kValidation,
              "Input collection contains duplicates");
  ExpectError(R"({"BS":["AA==","AA=="]})", ErrorCode::kValidation,
              kInvalid + "Input collection [AA==, AA==]of type BS contains duplicates.");
  ExpectError(R"({"NS":["1","x"]})", ErrorCode::kValidation,
              "The parameter cannot be converted to a numeric value: x");
  ExpectError(R"({"SS":"a"})", ErrorCode::kSerialization,
              "Unexpected value type in payload: STRING_VALUE where a list was expected");
  ExpectError(R"({"SS":[1]})", ErrorCode::kSerialization,
              "NUMBER_VALUE cannot be converted to String");
  // Distinct members are fine, including ones that differ only in case.
  EXPECT_TRUE(Decode(R"({"SS":["a","A"]})").ok());
  EXPECT_TRUE(Decode(R"({"NS":["1","-1","0.1"]})").ok());
}

TEST(AttributeValueJsonTest, ScalarErrors) {
  ExpectError(R"({"NULL":false})", ErrorCode::kValidation,
              kInvalid + "Null attribute value types must have the value of true");
  ExpectError(R"({"N":"abc"})", ErrorCode::kValidation,
              "The parameter cannot be converted to a numeric value: abc");
  ExpectError(R"({"N":""})", ErrorCode::kValidation,
              "The parameter cannot be converted to a numeric value: ");
  ExpectError(R"({"N":"1e126"})", ErrorCode::kValidation,
              "Number overflow. Attempting to store a number with magnitude larger than "
              "supported range");
  ExpectError(R"({"B":"abc"})", ErrorCode::kSerialization,
              "Base64 encoded length is expected a multiple of 4 bytes but found: 3");
  ExpectError(R"({"B":"ab!="})", ErrorCode::kSerialization, "Invalid Base64 character: '!'");
  ExpectError(R"({"BS":["AA=="," AA="]})", ErrorCode::kSerialization,
              "Invalid Base64 character: ' '");
  // A non-ASCII character is named whole, never as one byte of it (not UTF-8), and
  // lengths count characters as the service's (Java) strings do: UTF-16 units.
  ExpectError("{\"B\":\"ab\xC3\xA9=\"}", ErrorCode::kSerialization,
              "Invalid Base64 character: '\xC3\xA9'");
  ExpectError(
      "{\"B\":\"\xF0\x9F\x98\x80"
      "AA\"}",
      ErrorCode::kSerialization, "Invalid Base64 character: '\xF0\x9F\x98\x80'");
  ExpectError(
      "{\"B\":\"\xF0\x9F\x98\x80"
      "AAAA\"}",
      ErrorCode::kSerialization,
      "Base64 encoded length is expected a multiple of 4 bytes but found: 6");
}

TEST(AttributeValueJsonTest, AttributeNamesUpTo65535Bytes) {
  // The fuzzer's finding: a 70,000-byte name was accepted. The service takes 65,535
  // bytes and refuses 65,536, in a map at any depth.
  const std::string longest(65535, 'n');
  const std::string too_long(65536, 'n');
  EXPECT_TRUE(Decode(R"({"M":{")" + longest + R"(":{"S":"x"}}})").ok());
  const std::string message =
      "1 validation error detected: Attribute name is too large, must be less than 65536 bytes";
  ExpectError(R"({"M":{")" + too_long + R"(":{"S":"x"}}})", ErrorCode::kValidation, message);
  ExpectError(R"({"L":[{"M":{"a":{"M":{")" + too_long + R"(":{"N":"1"}}}}}]})",
              ErrorCode::kValidation, message);
  EXPECT_TRUE(CheckAttributeNameSize(longest).ok());
  EXPECT_EQ(CheckAttributeNameSize(std::string(70000, 'n')).message(), message);
}

TEST(AttributeValueJsonTest, WrongJsonTypes) {
  const auto ser = ErrorCode::kSerialization;
  ExpectError(R"({"S":5})", ser, "NUMBER_VALUE cannot be converted to String");
  ExpectError(R"({"S":1.5})", ser, "NUMBER_VALUE cannot be converted to String");
  ExpectError(R"({"S":true})", ser, "TRUE_VALUE cannot be converted to String");
  ExpectError(R"({"S":false})", ser, "FALSE_VALUE cannot be converted to String");
  ExpectError(R"({"S":["x"]})", ser, "Start of list found where not expected");
  ExpectError(R"({"S":{}})", ser, "Start of structure or map found where not expected.");
  ExpectError(R"({"N":5})", ser, "NUMBER_VALUE cannot be converted to String");
  ExpectError(R"({"B":5})", ser, "NUMBER_VALUE cannot be converted to Blob");
  ExpectError(R"({"BOOL":"true"})", ser, "STRING_VALUE cannot be converted to Boolean");
  ExpectError(R"({"NULL":1})", ser, "NUMBER_VALUE cannot be converted to Boolean");
  ExpectError(R"({"L":"x"})", ser,
              "Unexpected value type in payload: STRING_VALUE where a list was expected");
  ExpectError(R"({"L":{}})", ser, "Start of structure or map found where not expected.");
  ExpectError(R"({"M":[]})", ser, "Start of list found where not expected");
  ExpectError(R"({"M":"x"})", ser,
              "Unexpected value type in payload: STRING_VALUE where a structure was expected");
  ExpectError(R"("just a string")", ser,
              "Unexpected value type in payload: STRING_VALUE where a structure was expected");
  ExpectError("7", ser,
              "Unexpected value type in payload: NUMBER_VALUE where a structure was expected");
  // Errors inside containers propagate.
  ExpectError(R"({"L":[{"S":"ok"},{"S":5}]})", ser, "NUMBER_VALUE cannot be converted to String");
  ExpectError(R"({"M":{"a":{}}})", ErrorCode::kValidation,
              "Supplied AttributeValue is empty, must contain exactly one of the supported "
              "datatypes");
}

// `levels` values nested inside each other, alternating lists and maps.
std::string Nested(int levels) {
  std::string json = R"({"S":"leaf"})";
  for (int i = 1; i < levels; ++i) {
    json = (i % 2) ? R"({"L":[)" + json + "]}" : R"({"M":{"k":)" + json + "}}";
  }
  return json;
}

TEST(AttributeValueJsonTest, NestingDepthLimit) {
  const std::string too_deep =
      "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels "
      "beyond supported limit";
  Result<AttributeValue> ok = Decode(Nested(32));
  EXPECT_TRUE(ok.ok()) << ok.status().message();
  ExpectError(Nested(33), ErrorCode::kValidation, too_deep);
  ExpectError(Nested(200), ErrorCode::kValidation, too_deep);

  // Top-level attributes of an item count as the first level.
  JsonParser parser;
  Result<JsonObject> item32 = parser.ParseObject("{\"a\":" + Nested(32) + "}");
  ASSERT_TRUE(item32.ok());
  EXPECT_TRUE(DecodeItem(*item32).ok());
  JsonParser parser2;
  Result<JsonObject> item33 = parser2.ParseObject("{\"a\":" + Nested(33) + "}");
  ASSERT_TRUE(item33.ok());
  EXPECT_EQ(DecodeItem(*item33).status().message(), too_deep);
}

TEST(AttributeValueJsonTest, Items) {
  JsonParser parser;
  Result<JsonObject> object =
      parser.ParseObject(R"({"pk":{"S":"a"},"n":{"N":"2.50"},"l":{"L":[{"B":"AA=="}]}})");
  ASSERT_TRUE(object.ok());
  Result<Item> item = DecodeItem(*object);
  ASSERT_TRUE(item.ok()) << item.status().message();
  ASSERT_EQ(item->size(), 3u);
  EXPECT_EQ(item->at("pk"), AttributeValue::String("a"));
  EXPECT_EQ(item->at("n"), AttributeValue::NumberText("2.5"));
  JsonWriter w;
  WriteItem(w, *item);
  EXPECT_EQ(w.str(), R"({"l":{"L":[{"B":"AA=="}]},"n":{"N":"2.5"},"pk":{"S":"a"}})");

  JsonParser parser2;
  Result<JsonObject> empty = parser2.ParseObject("{}");
  ASSERT_TRUE(empty.ok());
  Result<Item> none = DecodeItem(*empty);
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->empty());

  JsonParser parser3;
  Result<JsonObject> bad = parser3.ParseObject(R"({"pk":{"S":"a"},"x":{"NULL":false}})");
  ASSERT_TRUE(bad.ok());
  EXPECT_EQ(DecodeItem(*bad).status().code(), ErrorCode::kValidation);
}

TEST(AttributeValueJsonTest, ParserRejectsNonObjects) {
  JsonParser parser;
  Result<JsonObject> malformed = parser.ParseObject("{\"a\":");
  ASSERT_FALSE(malformed.ok());
  EXPECT_EQ(malformed.status().code(), ErrorCode::kSerialization);
  Result<JsonObject> array = parser.ParseObject("[1]");
  ASSERT_FALSE(array.ok());
  EXPECT_EQ(array.status().code(), ErrorCode::kSerialization);
  EXPECT_EQ(array.status().message(), "Expected a JSON object as the request body");
}

}  // namespace
}  // namespace monotable::protocol
