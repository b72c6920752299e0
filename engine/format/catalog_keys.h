#pragma once
// The catalog column family's key layout and the names of the column families that
// hold tables and indexes (on-disk format: do not change). Pure functions; thread-safe.
//
//   't' ns '\0' name                    -> a table definition (storage/catalog_codec.h)
//   's' family                          -> a table's or index's statistics (stats_record.h)
//   'c' family '\0' partition prefix    -> an item collection's size (stats_record.h)
//   'p' family                          -> a table's or GSI's throughput partition map
//                                          (format/partition_map_codec.h)
//   'w' family '\0' job                 -> how far a background walk of the table stored
//                                          in `family` got (index/table_walk.h): the last
//                                          item key it wrote a batch for
//   'l' family                          -> a table's or GSI's split history
//                                          (format/split_log_codec.h)
//   'i' family                          -> a table's or GSI's Contributor Insights
//                                          setting (admission/contributor_insights.h)
//   'S' stream id (8 bytes, big-endian)  -> a DynamoDB stream and its shards
//                                          (streams/stream_info_codec.h)
//   'v'                                 -> the on-disk format version, decimal ASCII
//                                          (storage/format_version.h)
//
// Families are named "table.<n>" and "index.<n>", n unique over the database's life.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace monotable::catalog_keys {

inline constexpr char kTablePrefix = 't';
inline constexpr char kStatsPrefix = 's';
inline constexpr char kItemCollectionPrefix = 'c';
inline constexpr char kPartitionMapPrefix = 'p';
inline constexpr char kWalkProgressPrefix = 'w';
inline constexpr char kStreamPrefix = 'S';
// The whole key of the format version record (one byte, no suffix).
inline constexpr std::string_view kFormatVersionKey = "v";

// The record key of a table definition.
std::string TableKey(std::string_view ns, std::string_view name);
// The namespace of a table record key; nullopt when the key is not one.
std::optional<std::string> NamespaceOfTableKey(std::string_view key);

// The statistics record of a table or index column family.
std::string StatsKey(std::string_view family);

// The throughput partition map of a table or GSI column family: keyed by family, so that
// a table or index created again under the same name starts afresh.
std::string PartitionMapKey(std::string_view family);
inline constexpr char kSplitLogPrefix = 'l';
// Its split history, beside it and removed with it.
std::string SplitLogKey(std::string_view family);
inline constexpr char kInsightsPrefix = 'i';
std::string InsightsKey(std::string_view family);

// The record of a DynamoDB stream: its table, view type, status and shards.
std::string StreamKey(uint64_t stream_id);

// Every item collection record of the table stored in `family` starts with this.
std::string ItemCollectionPrefix(std::string_view family);
// The record of one item collection (key_codec::PartitionPrefix of its partition key).
std::string ItemCollectionKey(std::string_view family, std::string_view partition_prefix);

// Every walk progress record of the table stored in `family` starts with this.
std::string WalkProgressPrefix(std::string_view family);
// The progress record of one walk of that table: `job` names what the walk does (the
// family of the GSI it fills, or "ttl" for the expiry index).
std::string WalkProgressKey(std::string_view family, std::string_view job);

// Column family names: "table.<number>" and "index.<number>".
std::string TableFamily(uint64_t number);
std::string IndexFamily(uint64_t number);
// The number that makes a family name unique ("table.7", "index.8" -> 7, 8); 0 if none.
uint64_t FamilyNumber(std::string_view family);

}  // namespace monotable::catalog_keys
