#include "engine/schema/key_validation.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/base/limits.h"
#include "engine/format/key_codec.h"
#include "engine/testing/value_builders.h"

// A namespace of the file's own: the unity build compiles the folder's tests together.
namespace monotable::key_validation_test {
namespace {

const std::string kInvalid = "One or more parameter values were invalid: ";
const std::string kNotSchema = "The provided key element does not match the schema";

TableDefinition HashOnly(AttributeType type = AttributeType::kS) {
  TableDefinition t;
  t.name = "t";
  t.attribute_definitions = {{"pk", type}};
  t.key_schema = {{"pk", KeyType::kHash}};
  return t;
}

TableDefinition Composite(AttributeType hash = AttributeType::kS,
                          AttributeType range = AttributeType::kN) {
  TableDefinition t;
  t.name = "t";
  t.attribute_definitions = {{"pk", hash}, {"sk", range}};
  t.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  return t;
}

using test_values::B;
using test_values::N;
using test_values::S;

std::string PutError(const TableDefinition& t, const Item& item) {
  Result<std::string> r = ValidateItemAndBuildKey(t, item);
  if (r.ok()) return "<ok>";
  EXPECT_EQ(r.status().code(), ErrorCode::kValidation);
  return r.status().message();
}

std::string KeyError(const TableDefinition& t, const Item& key) {
  Result<std::string> r = ValidateKeyAndBuildKey(t, key);
  if (r.ok()) return "<ok>";
  EXPECT_EQ(r.status().code(), ErrorCode::kValidation);
  return r.status().message();
}

TEST(KeyValidationTest, BuildsTheTableKey) {
  const TableDefinition t = Composite();
  Item item{{"pk", S("a")}, {"sk", N("1.5")}, {"other", S("x")}};
  Result<std::string> put = ValidateItemAndBuildKey(t, item);
  ASSERT_TRUE(put.ok()) << put.status().message();
  const AttributeValue sk = N("1.5");
  EXPECT_EQ(*put, key_codec::TableKey(S("a"), &sk));
  Result<std::string> get = ValidateKeyAndBuildKey(t, Item{{"pk", S("a")}, {"sk", N("1.5")}});
  ASSERT_TRUE(get.ok()) << get.status().message();
  EXPECT_EQ(*get, *put);

  Result<std::string> hash_only = ValidateItemAndBuildKey(HashOnly(), Item{{"pk", S("a")}});
  ASSERT_TRUE(hash_only.ok());
  EXPECT_EQ(*hash_only, key_codec::TableKey(S("a"), nullptr));
}

TEST(KeyValidationTest, ReportsTheItemSizeItChecked) {
  // "pk"+"a" = 3, "sk"+1.5 (2 digits: 2 bytes) = 4, "other"+"xyz" = 8.
  const Item item{{"pk", S("a")}, {"sk", N("1.5")}, {"other", S("xyz")}};
  size_t size = 0;
  ASSERT_TRUE(ValidateItemAndBuildKey(Composite(), item, &size).ok());
  EXPECT_EQ(size, 15u);
  EXPECT_EQ(size, ItemSize(item));
}

TEST(KeyValidationTest, MissingKeyInItem) {
  EXPECT_EQ(PutError(Composite(), Item{{"sk", N("1")}}),
            kInvalid + "Missing the key pk in the item");
  EXPECT_EQ(PutError(Composite(), Item{{"pk", S("a")}}),
            kInvalid + "Missing the key sk in the item");
  EXPECT_EQ(PutError(HashOnly(), Item{}), kInvalid + "Missing the key pk in the item");
}

TEST(KeyValidationTest, TypeMismatchInItem) {
  EXPECT_EQ(PutError(Composite(), Item{{"pk", N("1")}, {"sk", N("1")}}),
            kInvalid + "Type mismatch for key pk expected: S actual: N");
  EXPECT_EQ(PutError(Composite(), Item{{"pk", S("a")}, {"sk", S("1")}}),
            kInvalid + "Type mismatch for key sk expected: N actual: S");
  EXPECT_EQ(PutError(HashOnly(AttributeType::kB), Item{{"pk", AttributeValue::Null()}}),
            kInvalid + "Type mismatch for key pk expected: B actual: NULL");
}

TEST(KeyValidationTest, EmptyKeyValues) {
  const std::string prefix =
      "One or more parameter values are not valid. The AttributeValue for a key attribute "
      "cannot contain an empty ";
  EXPECT_EQ(PutError(HashOnly(), Item{{"pk", S("")}}), prefix + "string value. Key: pk");
  EXPECT_EQ(PutError(HashOnly(AttributeType::kB), Item{{"pk", B("")}}),
            prefix + "binary value. Key: pk");
  EXPECT_EQ(PutError(Composite(AttributeType::kS, AttributeType::kS),
                     Item{{"pk", S("a")}, {"sk", S("")}}),
            prefix + "string value. Key: sk");
  // The same checks apply to the keys of GetItem/DeleteItem.
  EXPECT_EQ(KeyError(HashOnly(), Item{{"pk", S("")}}), prefix + "string value. Key: pk");
  EXPECT_EQ(KeyError(HashOnly(AttributeType::kB), Item{{"pk", B("")}}),
            prefix + "binary value. Key: pk");
  // Empty strings are fine outside the key.
  EXPECT_EQ(PutError(HashOnly(), Item{{"pk", S("a")}, {"x", S("")}, {"y", B("")}}), "<ok>");
}

TEST(KeyValidationTest, HashKeySizeLimit) {
  const std::string too_big =
      kInvalid + "Size of hashkey has exceeded the maximum size limit of2048 bytes";
  EXPECT_EQ(PutError(HashOnly(), Item{{"pk", S(std::string(2048, 'h'))}}), "<ok>");
  EXPECT_EQ(PutError(HashOnly(), Item{{"pk", S(std::string(2049, 'h'))}}), too_big);
  EXPECT_EQ(PutError(HashOnly(AttributeType::kB), Item{{"pk", B(std::string(2048, '\0'))}}),
            "<ok>");
  EXPECT_EQ(PutError(HashOnly(AttributeType::kB), Item{{"pk", B(std::string(2049, '\0'))}}),
            too_big);
  // Size counts UTF-8 bytes: 1024 two-byte characters are 2048 bytes.
  std::string accents;
  for (int i = 0; i < 1024; ++i) accents += "\xC3\xA9";
  EXPECT_EQ(PutError(HashOnly(), Item{{"pk", S(accents)}}), "<ok>");
  EXPECT_EQ(PutError(HashOnly(), Item{{"pk", S(accents + "x")}}), too_big);
  EXPECT_EQ(KeyError(HashOnly(), Item{{"pk", S(std::string(2049, 'h'))}}), too_big);
}

TEST(KeyValidationTest, SortKeySizeLimit) {
  const TableDefinition t = Composite(AttributeType::kS, AttributeType::kS);
  const std::string too_big =
      kInvalid + "Aggregated size of all range keys has exceeded the size limit of 1024 bytes";
  EXPECT_EQ(PutError(t, Item{{"pk", S("a")}, {"sk", S(std::string(1024, 's'))}}), "<ok>");
  EXPECT_EQ(PutError(t, Item{{"pk", S("a")}, {"sk", S(std::string(1025, 's'))}}), too_big);
  EXPECT_EQ(KeyError(t, Item{{"pk", S("a")}, {"sk", S(std::string(1025, 's'))}}), too_big);
  // The hash key may be larger than the sort key limit.
  EXPECT_EQ(PutError(t, Item{{"pk", S(std::string(2000, 'p'))}, {"sk", S("s")}}), "<ok>");
}

TEST(KeyValidationTest, ItemSizeLimit) {
  const std::string too_big = "Item size has exceeded the maximum allowed size";
  // Size = "pk" (2) + "a" (1) + "data" (4) + payload.
  const size_t payload = limits::kMaxItemBytes - 7;
  EXPECT_EQ(PutError(HashOnly(), Item{{"pk", S("a")}, {"data", S(std::string(payload, 'd'))}}),
            "<ok>");
  EXPECT_EQ(PutError(HashOnly(), Item{{"pk", S("a")}, {"data", S(std::string(payload + 1, 'd'))}}),
            too_big);
  // Attribute names count towards the limit.
  EXPECT_EQ(PutError(HashOnly(), Item{{"pk", S("a")}, {"datax", S(std::string(payload, 'd'))}}),
            too_big);
}

// A GSI's partition key value is limited to 2048 bytes and its sort key to 1024, an LSI's
// sort key to 1024; an index being backfilled refuses nothing (its backfill and the
// writes leave a violating item out of it), an ACTIVE one refuses the write.
TEST(KeyValidationTest, IndexKeySizeLimits) {
  TableDefinition t = Composite(AttributeType::kS, AttributeType::kS);
  t.attribute_definitions.push_back({"gh", AttributeType::kS});
  t.attribute_definitions.push_back({"gr", AttributeType::kB});
  t.attribute_definitions.push_back({"lr", AttributeType::kS});
  SecondaryIndexDefinition gsi;
  gsi.name = "G";
  gsi.key_schema = {{"gh", KeyType::kHash}, {"gr", KeyType::kRange}};
  t.global_secondary_indexes.push_back(gsi);
  SecondaryIndexDefinition lsi;
  lsi.name = "L";
  lsi.key_schema = {{"pk", KeyType::kHash}, {"lr", KeyType::kRange}};
  t.local_secondary_indexes.push_back(lsi);
  auto with = [](std::string name, AttributeValue value) {
    Item item{{"pk", S("a")}, {"sk", S("b")}};
    item[name] = std::move(value);
    return item;
  };
  auto limit = [&](const std::string& attr, size_t actual, size_t max, const std::string& index) {
    return kInvalid + "Size limit exceeded for Index Key " + attr +
           " Actual Size: " + std::to_string(actual) + " bytes Max Size: " + std::to_string(max) +
           " bytes IndexName: " + index;
  };
  EXPECT_EQ(PutError(t, with("gh", S(std::string(2048, 'g')))), "<ok>");
  EXPECT_EQ(PutError(t, with("gh", S(std::string(2049, 'g')))), limit("gh", 2049, 2048, "G"));
  EXPECT_EQ(PutError(t, with("gr", B(std::string(1024, '\0')))), "<ok>");
  EXPECT_EQ(PutError(t, with("gr", B(std::string(1025, '\0')))), limit("gr", 1025, 1024, "G"));
  EXPECT_EQ(PutError(t, with("lr", S(std::string(1025, 'l')))), limit("lr", 1025, 1024, "L"));
  EXPECT_TRUE(IndexKeyValueFits(S(std::string(2048, 'g')), KeyType::kHash));
  EXPECT_FALSE(IndexKeyValueFits(S(std::string(1025, 'g')), KeyType::kRange));
  EXPECT_FALSE(IndexKeyValueFits(S(""), KeyType::kHash));
  EXPECT_TRUE(IndexKeyValueFits(N("1"), KeyType::kRange));

  t.global_secondary_indexes[0].status = IndexStatus::kCreating;
  t.global_secondary_indexes[0].backfilling = true;
  EXPECT_EQ(PutError(t, with("gh", S(std::string(2049, 'g')))), "<ok>");
  EXPECT_EQ(PutError(t, with("gh", N("1"))), "<ok>");
  EXPECT_EQ(CheckIndexKeyValues(t, t.global_secondary_indexes[0], with("gh", N("1"))).message(),
            kInvalid + "Type mismatch for Index Key gh Expected: S Actual: N IndexName: G");
}

TEST(KeyValidationTest, KeyMustMatchSchemaExactly) {
  const TableDefinition t = Composite();
  EXPECT_EQ(KeyError(t, Item{{"pk", S("a")}}), kNotSchema);
  EXPECT_EQ(KeyError(t, Item{{"sk", N("1")}}), kNotSchema);
  EXPECT_EQ(KeyError(t, Item{}), kNotSchema);
  EXPECT_EQ(KeyError(t, Item{{"pk", S("a")}, {"sk", N("1")}, {"x", S("y")}}), kNotSchema);
  EXPECT_EQ(KeyError(t, Item{{"pk", S("a")}, {"other", N("1")}}), kNotSchema);
  EXPECT_EQ(KeyError(t, Item{{"pk", N("1")}, {"sk", N("1")}}), kNotSchema);
  EXPECT_EQ(KeyError(t, Item{{"pk", S("a")}, {"sk", S("1")}}), kNotSchema);
  EXPECT_EQ(KeyError(HashOnly(), Item{{"pk", S("a")}, {"sk", N("1")}}), kNotSchema);
  EXPECT_EQ(KeyError(HashOnly(), Item{{"pk", S("a")}}), "<ok>");
}

}  // namespace
}  // namespace monotable::key_validation_test
