#include "engine/storage/catalog_codec.h"

#include <gtest/gtest.h>

#include <random>

#include "engine/format/item_codec.h"

namespace monotable {
namespace {

ProvisionedThroughput Throughput(int64_t r, int64_t w, int64_t d, int64_t li, int64_t ld) {
  ProvisionedThroughput t;
  t.read_capacity_units = r;
  t.write_capacity_units = w;
  t.number_of_decreases_today = d;
  t.last_increase_ms = li;
  t.last_decrease_ms = ld;
  return t;
}

TableDefinition FullDefinition() {
  TableDefinition t;
  t.name = "Orders.v2-test_1";
  t.table_id = "0f8fad5b-d9cb-469f-a165-70867728950e";
  t.creation_ms = 1732000000123;
  t.attribute_definitions = {{"pk", AttributeType::kS},
                             {"sk", AttributeType::kN},
                             {"gpk", AttributeType::kB},
                             {"lsk", AttributeType::kS}};
  t.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  t.billing_mode = BillingMode::kProvisioned;
  t.billing_mode_explicit = true;
  t.billing_mode_changed_ms = 1732000000999;
  t.throughput = Throughput(5, 7, 3, 1700000000000, 1710000000000);

  SecondaryIndexDefinition gsi;
  gsi.name = "by-gpk";
  gsi.key_schema = {{"gpk", KeyType::kHash}, {"sk", KeyType::kRange}};
  gsi.projection.type = ProjectionType::kInclude;
  gsi.projection.non_key_attributes = {"a", "b", "c"};
  gsi.throughput = Throughput(1, 2, 0, 0, 0);
  gsi.status = IndexStatus::kCreating;
  gsi.backfilling = true;
  gsi.column_family = "index.43";
  SecondaryIndexDefinition gsi2;
  gsi2.name = "keys-only";
  gsi2.key_schema = {{"gpk", KeyType::kHash}};
  gsi2.projection.type = ProjectionType::kKeysOnly;
  gsi2.throughput = Throughput(40000, 40000, 27, 1, 2);
  gsi2.status = IndexStatus::kDeleting;
  gsi2.column_family = "index.44";
  t.global_secondary_indexes = {gsi, gsi2};

  SecondaryIndexDefinition lsi;
  lsi.name = "by-lsk";
  lsi.key_schema = {{"pk", KeyType::kHash}, {"lsk", KeyType::kRange}};
  lsi.projection.type = ProjectionType::kAll;
  t.local_secondary_indexes = {lsi};

  t.deletion_protection = true;
  t.status = TableStatus::kUpdating;
  t.column_family = "table.42";
  t.tags = {{"env", "prod"}, {"empty", ""}, {"ключ", "значение"}};
  t.resource_policy = ResourcePolicy{R"({"Version":"2012-10-17","Statement":[]})", "1732000001234"};
  return t;
}

void ExpectSameThroughput(const ProvisionedThroughput& a, const ProvisionedThroughput& b) {
  EXPECT_EQ(a.read_capacity_units, b.read_capacity_units);
  EXPECT_EQ(a.write_capacity_units, b.write_capacity_units);
  EXPECT_EQ(a.number_of_decreases_today, b.number_of_decreases_today);
  EXPECT_EQ(a.last_increase_ms, b.last_increase_ms);
  EXPECT_EQ(a.last_decrease_ms, b.last_decrease_ms);
}

void ExpectSameIndexes(const std::vector<SecondaryIndexDefinition>& a,
                       const std::vector<SecondaryIndexDefinition>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].name, b[i].name);
    EXPECT_EQ(a[i].key_schema, b[i].key_schema);
    EXPECT_EQ(a[i].projection.type, b[i].projection.type);
    EXPECT_EQ(a[i].projection.non_key_attributes, b[i].projection.non_key_attributes);
    ASSERT_EQ(a[i].throughput.has_value(), b[i].throughput.has_value()) << a[i].name;
    if (a[i].throughput) ExpectSameThroughput(*a[i].throughput, *b[i].throughput);
    EXPECT_EQ(a[i].status, b[i].status);
    EXPECT_EQ(a[i].backfilling, b[i].backfilling);
    EXPECT_EQ(a[i].column_family, b[i].column_family);
  }
}

void ExpectSameDefinition(const TableDefinition& a, const TableDefinition& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.table_id, b.table_id);
  EXPECT_EQ(a.creation_ms, b.creation_ms);
  EXPECT_EQ(a.attribute_definitions, b.attribute_definitions);
  EXPECT_EQ(a.key_schema, b.key_schema);
  EXPECT_EQ(a.billing_mode, b.billing_mode);
  EXPECT_EQ(a.billing_mode_explicit, b.billing_mode_explicit);
  EXPECT_EQ(a.billing_mode_changed_ms, b.billing_mode_changed_ms);
  ExpectSameThroughput(a.throughput, b.throughput);
  ExpectSameIndexes(a.global_secondary_indexes, b.global_secondary_indexes);
  ExpectSameIndexes(a.local_secondary_indexes, b.local_secondary_indexes);
  EXPECT_EQ(a.deletion_protection, b.deletion_protection);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.column_family, b.column_family);
  EXPECT_EQ(a.tags, b.tags);
  EXPECT_EQ(a.resource_policy, b.resource_policy);
}

TEST(CatalogCodecTest, RoundTripsFullDefinition) {
  const TableDefinition t = FullDefinition();
  Result<TableDefinition> decoded = catalog_codec::Decode(catalog_codec::Encode(t));
  ASSERT_TRUE(decoded.ok()) << decoded.status().message();
  ExpectSameDefinition(*decoded, t);
  EXPECT_EQ(decoded->hash_key(), "pk");
  ASSERT_NE(decoded->range_key(), nullptr);
  EXPECT_EQ(*decoded->range_key(), "sk");
  EXPECT_EQ(decoded->AttributeTypeOf("gpk"), AttributeType::kB);
  EXPECT_EQ(decoded->AttributeTypeOf("missing"), AttributeType::kNull);
}

TEST(CatalogCodecTest, RoundTripsTheStream) {
  TableDefinition t = FullDefinition();
  t.stream_view_type = StreamViewType::kNewAndOldImages;
  t.latest_stream_id = 12;
  t.latest_stream_ms = 1732000000456;
  Result<TableDefinition> decoded = catalog_codec::Decode(catalog_codec::Encode(t));
  ASSERT_TRUE(decoded.ok()) << decoded.status().message();
  EXPECT_EQ(decoded->stream_view_type, StreamViewType::kNewAndOldImages);
  EXPECT_EQ(decoded->latest_stream_id, 12u);
  EXPECT_EQ(decoded->latest_stream_ms, 1732000000456);
  t.stream_view_type.reset();  // disabled: the latest stream is still named
  decoded = catalog_codec::Decode(catalog_codec::Encode(t));
  ASSERT_TRUE(decoded.ok());
  EXPECT_FALSE(decoded->stream_view_type.has_value());
  EXPECT_EQ(decoded->latest_stream_id, 12u);
}

TEST(CatalogCodecTest, RoundTripsMinimalDefinition) {
  TableDefinition t;
  t.name = "abc";
  t.key_schema = {{"id", KeyType::kHash}};
  t.attribute_definitions = {{"id", AttributeType::kN}};
  t.billing_mode = BillingMode::kPayPerRequest;
  t.column_family = "table.0";
  Result<TableDefinition> decoded = catalog_codec::Decode(catalog_codec::Encode(t));
  ASSERT_TRUE(decoded.ok()) << decoded.status().message();
  ExpectSameDefinition(*decoded, t);
  EXPECT_EQ(decoded->range_key(), nullptr);
  EXPECT_TRUE(decoded->global_secondary_indexes.empty());
  EXPECT_TRUE(decoded->tags.empty());
  EXPECT_FALSE(decoded->resource_policy.has_value());
}

TEST(CatalogCodecTest, RoundTripsEveryEnumValue) {
  for (TableStatus status : {TableStatus::kCreating, TableStatus::kActive, TableStatus::kDeleting,
                             TableStatus::kUpdating}) {
    TableDefinition t = FullDefinition();
    t.status = status;
    t.billing_mode =
        status == TableStatus::kActive ? BillingMode::kPayPerRequest : BillingMode::kProvisioned;
    Result<TableDefinition> decoded = catalog_codec::Decode(catalog_codec::Encode(t));
    ASSERT_TRUE(decoded.ok());
    EXPECT_EQ(decoded->status, status);
    EXPECT_EQ(decoded->billing_mode, t.billing_mode);
  }
}

TEST(CatalogCodecTest, PersistedEnumValuesAreFrozen) {
  EXPECT_EQ(static_cast<int>(KeyType::kHash), 1);
  EXPECT_EQ(static_cast<int>(KeyType::kRange), 2);
  EXPECT_EQ(static_cast<int>(BillingMode::kProvisioned), 1);
  EXPECT_EQ(static_cast<int>(BillingMode::kPayPerRequest), 2);
  EXPECT_EQ(static_cast<int>(TableStatus::kCreating), 1);
  EXPECT_EQ(static_cast<int>(TableStatus::kActive), 2);
  EXPECT_EQ(static_cast<int>(TableStatus::kDeleting), 3);
  EXPECT_EQ(static_cast<int>(TableStatus::kUpdating), 4);
  EXPECT_EQ(static_cast<int>(ProjectionType::kAll), 1);
  EXPECT_EQ(static_cast<int>(ProjectionType::kKeysOnly), 2);
  EXPECT_EQ(static_cast<int>(ProjectionType::kInclude), 3);
}

TEST(CatalogCodecTest, RecordIsAnItemWithFrozenFieldNames) {
  Result<Item> item = item_codec::Decode(catalog_codec::Encode(FullDefinition()));
  ASSERT_TRUE(item.ok());
  for (const char* field :
       {"name", "id", "created", "attrs", "keys", "billing", "billing_explicit", "billing_changed",
        "throughput", "gsi", "lsi", "deletion_protection", "status", "cf", "tags", "policy"}) {
    EXPECT_TRUE(item->count(field)) << field;
  }
  EXPECT_EQ(item->at("name").scalar, "Orders.v2-test_1");
  EXPECT_EQ(item->at("cf").scalar, "table.42");
  EXPECT_EQ(item->at("billing").scalar, "1");
  EXPECT_EQ(item->at("status").scalar, "4");
}

TEST(CatalogCodecTest, EveryProperPrefixIsCorrupt) {
  const std::string bytes = catalog_codec::Encode(FullDefinition());
  for (size_t n = 0; n < bytes.size(); ++n) {
    Result<TableDefinition> decoded = catalog_codec::Decode(std::string_view(bytes).substr(0, n));
    ASSERT_FALSE(decoded.ok()) << n;
    EXPECT_EQ(decoded.status().code(), ErrorCode::kInternal);
  }
}

// Re-encodes the record after `edit` changes its item form.
template <typename Edit>
Result<TableDefinition> DecodeEdited(Edit edit) {
  Result<Item> item = item_codec::Decode(catalog_codec::Encode(FullDefinition()));
  EXPECT_TRUE(item.ok());
  edit(*item);
  return catalog_codec::Decode(item_codec::Encode(*item));
}

TEST(CatalogCodecTest, MissingOrMistypedFieldsAreCorrupt) {
  for (const char* field : {"name", "id", "created", "attrs", "keys", "billing", "throughput",
                            "gsi", "lsi", "status", "cf"}) {
    Result<TableDefinition> missing = DecodeEdited([&](Item& item) { item.erase(field); });
    ASSERT_FALSE(missing.ok()) << field;
    EXPECT_EQ(missing.status().code(), ErrorCode::kInternal);
    EXPECT_EQ(missing.status().message(), "catalog record is corrupt");

    Result<TableDefinition> mistyped =
        DecodeEdited([&](Item& item) { item[field] = AttributeValue::Bool(true); });
    EXPECT_FALSE(mistyped.ok()) << field;
  }
  // A number field whose text is not an integer.
  EXPECT_FALSE(DecodeEdited([](Item& item) {
                 item["created"] = AttributeValue::NumberText("not a number");
               }).ok());
  // A key schema element without its type.
  EXPECT_FALSE(DecodeEdited([](Item& item) { item["keys"].list[0].map.erase("t"); }).ok());
  // A GSI without its projection.
  EXPECT_FALSE(DecodeEdited([](Item& item) { item["gsi"].list[0].map.erase("p"); }).ok());
  // A throughput record without read units.
  EXPECT_FALSE(DecodeEdited([](Item& item) { item["throughput"].map.erase("r"); }).ok());
  // An empty key schema.
  EXPECT_FALSE(DecodeEdited([](Item& item) { item["keys"].list.clear(); }).ok());
  // A tag without its value; a policy without its revision id.
  EXPECT_FALSE(DecodeEdited([](Item& item) { item["tags"].list[0].map.erase("v"); }).ok());
  EXPECT_FALSE(DecodeEdited([](Item& item) { item["policy"].map.erase("r"); }).ok());
}

TEST(CatalogCodecTest, GarbageIsCorrupt) {
  EXPECT_FALSE(catalog_codec::Decode("").ok());
  EXPECT_FALSE(catalog_codec::Decode("not a record").ok());
  EXPECT_FALSE(catalog_codec::Decode(item_codec::Encode(Item{})).ok());
  std::mt19937_64 rng(77);
  const std::string original = catalog_codec::Encode(FullDefinition());
  for (int i = 0; i < 5000; ++i) {
    std::string bytes = original;
    bytes[rng() % bytes.size()] = static_cast<char>(rng());
    Result<TableDefinition> decoded = catalog_codec::Decode(bytes);  // must not crash
    if (!decoded.ok()) {
      EXPECT_EQ(decoded.status().code(), ErrorCode::kInternal);
    }
  }
}

}  // namespace
}  // namespace monotable
