// Writes the codec and catalog harnesses' seeds with the real encoders: items of every
// attribute type, keys, stream records and iterators, table definitions with indexes,
// tags, TTL and a stream, stream records of the catalog, partition maps. Each seed
// starts with the byte that selects its decoder in fuzz_codecs.cc / fuzz_catalog.cc.
// Run by fuzz/capture_seeds.py:  fuzz_seed_writer CODECS_DIR CATALOG_DIR

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "engine/format/catalog_keys.h"
#include "engine/format/expiry_keys.h"
#include "engine/format/item_codec.h"
#include "engine/format/key_codec.h"
#include "engine/format/stats_record.h"
#include "engine/storage/catalog_codec.h"
#include "engine/streams/record_codec.h"
#include "engine/streams/shard_iterator.h"
#include "engine/streams/stream_info.h"
#include "engine/throughput/partition_map.h"

using namespace monotable;

namespace {

void Write(const std::string& dir, const std::string& name, char selector,
           const std::string& bytes) {
  std::ofstream(dir + "/" + name, std::ios::binary) << selector << bytes;
}

Item SampleItem() {
  return Item{
      {"pk", AttributeValue::String("user#1")},
      {"sk", AttributeValue::NumberText("-12.5")},
      {"b", AttributeValue::Binary(std::string("\x00\xFF\x01", 3))},
      {"t", AttributeValue::Bool(true)},
      {"z", AttributeValue::Null()},
      {"l", AttributeValue::ListOf({AttributeValue::NumberText("1"), AttributeValue::String("")})},
      {"m", AttributeValue::MapOf({{"n", AttributeValue::MapOf({{"o", AttributeValue::Null()}})}})},
      {"ss", AttributeValue::SetOf(AttributeType::kSS, {"a", "b"})},
      {"ns", AttributeValue::SetOf(AttributeType::kNS, {"1", "2E+3"})},
      {"bs", AttributeValue::SetOf(AttributeType::kBS, {"x", "y"})}};
}

TableDefinition SampleTable() {
  TableDefinition t;
  t.name = "Orders";
  t.table_id = "0b7c4d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e";
  t.creation_ms = 1732400000000;
  t.attribute_definitions = {
      {"pk", AttributeType::kS}, {"sk", AttributeType::kN}, {"g", AttributeType::kB}};
  t.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  SecondaryIndexDefinition gsi;
  gsi.name = "byG";
  gsi.key_schema = {{"g", KeyType::kHash}};
  gsi.projection = {ProjectionType::kInclude, {"a", "b"}};
  gsi.column_family = "index.2";
  t.global_secondary_indexes.push_back(gsi);
  SecondaryIndexDefinition lsi;
  lsi.name = "bySk";
  lsi.key_schema = {{"pk", KeyType::kHash}, {"g", KeyType::kRange}};
  lsi.column_family = "index.3";
  t.local_secondary_indexes.push_back(lsi);
  t.column_family = "table.1";
  t.deletion_protection = true;
  t.tags = {{"env", "test"}};
  t.stream_view_type = StreamViewType::kNewImage;
  t.latest_stream_id = 7;
  t.latest_stream_ms = 1732400000123;
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s CODECS_DIR CATALOG_DIR\n", argv[0]);
    return 2;
  }
  const std::string codecs = argv[1], catalog = argv[2];
  const Item item = SampleItem();
  const std::string encoded = item_codec::Encode(item);
  Write(codecs, "item", 0, encoded);
  Write(codecs, "item-attributes", 1, encoded);
  Write(codecs, "item-size", 2, encoded);
  Write(codecs, "key", 3, key_codec::TableKey(item.at("pk"), &item.at("sk")));
  Write(codecs, "expiry", 4,
        expiry_keys::EntryKey(3, 1732400000, key_codec::TableKey(item.at("pk"), nullptr)));
  Write(codecs, "stats", 5, EncodeStats({12, 3456}));
  StreamRecord record;
  record.event = StreamEventName::kModify;
  record.view_type = StreamViewType::kNewAndOldImages;
  record.keys = item_codec::Encode(Item{{"pk", item.at("pk")}, {"sk", item.at("sk")}});
  record.new_image = encoded;
  record.old_image = item_codec::Encode(Item{{"pk", item.at("pk")}, {"sk", item.at("sk")}});
  record.size_bytes = 120;
  record.creation_ms = 1732400000000;
  Write(codecs, "stream-record", 6, streams::EncodeRecord(record));
  Write(codecs, "shard-iterator", 7, streams::EncodeIterator({7, 2, 12345, 1732400000000}));

  Write(catalog, "table", 0, catalog_codec::Encode(SampleTable()));
  streams::StreamInfo info;
  info.id = 7;
  info.ns = "AKID:us-east-1";
  info.table_name = "Orders";
  info.table_id = "0b7c4d1e";
  info.key_schema = {{"pk", KeyType::kHash}};
  info.shards = {{1, "shardId-00000001732400000000-0a1b2c3d", "", 0, UINT64_MAX / 2, 1, 99,
                  1732400000000, 1732400001000},
                 {2, "shardId-00000001732400001000-1a1b2c3d", "shardId-x", UINT64_MAX / 2 + 1,
                  UINT64_MAX, 100, std::nullopt, 1732400001000, 0}};
  info.next_shard = 3;
  Write(catalog, "stream-info", 1, streams::EncodeStreamInfo(info));
  Write(catalog, "partition-map", 2, throughput::PartitionMap::Uniform(4).Encode());
  Write(catalog, "table-key", 3, catalog_keys::TableKey("AKID:us-east-1", "Orders"));
  return 0;
}
