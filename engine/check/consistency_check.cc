#include "engine/check/consistency_check.h"

#include <rocksdb/db.h>

#include <map>
#include <memory>

#include "engine/format/item_codec.h"
#include "engine/format/stats_record.h"
#include "engine/index/index_entries.h"
#include "engine/storage/rocks_status.h"
#include "engine/ttl/expiry_index.h"

namespace monotable::check {
namespace {

// One snapshot for the whole check, released on every path.
class Snapshot {
 public:
  explicit Snapshot(const Storage& storage)
      : storage_(storage), snapshot_(storage.db()->GetSnapshot()) {
    options_.snapshot = snapshot_;
    options_.total_order_seek = true;  // every family, prefix extractors or not
  }
  ~Snapshot() { storage_.db()->ReleaseSnapshot(snapshot_); }
  Snapshot(const Snapshot&) = delete;
  Snapshot& operator=(const Snapshot&) = delete;
  const rocksdb::ReadOptions& options() const { return options_; }

 private:
  const Storage& storage_;
  const rocksdb::Snapshot* snapshot_;
  rocksdb::ReadOptions options_;
};

Result<StatsDelta> ReadStats(const Storage& storage, const Snapshot& snapshot,
                             const std::string& key) {
  std::string value;
  rocksdb::Status s = storage.db()->Get(snapshot.options(), storage.catalog(), key, &value);
  if (s.IsNotFound()) return StatsDelta{};
  if (!s.ok()) return FromRocks(s, "reading statistics");
  return DecodeStats(value);
}

void CompareStats(const std::string& what, const StatsDelta& recorded, const StatsDelta& actual,
                  std::vector<std::string>& problems) {
  if (recorded.items != actual.items || recorded.bytes != actual.bytes) {
    problems.push_back(what + ": statistics say " + std::to_string(recorded.items) + " items, " +
                       std::to_string(recorded.bytes) + " bytes, but it holds " +
                       std::to_string(actual.items) + " items, " + std::to_string(actual.bytes) +
                       " bytes");
  }
}

// An index's expected entries: key -> encoded projected item.
using Entries = std::map<std::string, std::string>;

Status CompareIndex(const Storage& storage, const Snapshot& snapshot, const LiveIndex& index,
                    const std::string& what, const Entries& expected, ConsistencyReport& report) {
  std::unique_ptr<rocksdb::Iterator> it(
      storage.db()->NewIterator(snapshot.options(), index.family.get()));
  StatsDelta actual;
  auto next = expected.begin();
  int64_t missing = 0, stale = 0, wrong = 0;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const std::string key = it->key().ToString();
    while (next != expected.end() && next->first < key) ++missing, ++next;
    if (next == expected.end() || next->first != key) {
      ++stale;
    } else {
      if (next->second != it->value().ToString()) ++wrong;
      ++next;
    }
    MT_ASSIGN_OR_RETURN(
        item, item_codec::Decode(std::string_view(it->value().data(), it->value().size())));
    actual.items += 1;
    actual.bytes += static_cast<int64_t>(ItemSize(item));
  }
  if (!it->status().ok()) return FromRocks(it->status(), "reading an index");
  missing += std::distance(next, expected.end());
  if (missing || stale || wrong) {
    report.problems.push_back(what + ": " + std::to_string(missing) + " entries missing, " +
                              std::to_string(stale) + " stale, " + std::to_string(wrong) +
                              " with a wrong projection (" + std::to_string(expected.size()) +
                              " expected)");
  }
  report.index_entries += actual.items;
  MT_ASSIGN_OR_RETURN(recorded, ReadStats(storage, snapshot, index.stats_key));
  CompareStats(what, recorded, actual, report.problems);
  return Status::Ok();
}

Status CheckTable(const Storage& storage, const Snapshot& snapshot, const std::string& ns,
                  const Table& table, ConsistencyReport& report) {
  const auto layout = table.layout();
  const TableDefinition& definition = *layout->definition;
  const std::string what = "table '" + ns + "/" + definition.name + "'";
  std::vector<const LiveIndex*> indexes;
  for (const LiveIndex& index : layout->indexes) {
    if (index.definition->backfilling) {
      report.skipped.push_back(what + ": index '" + index.definition->name + "' is backfilling");
    } else {
      indexes.push_back(&index);
    }
  }
  std::vector<Entries> expected(indexes.size());
  StatsDelta actual;
  std::unique_ptr<rocksdb::Iterator> it(
      storage.db()->NewIterator(snapshot.options(), table.family()));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const std::string_view key(it->key().data(), it->key().size());
    MT_ASSIGN_OR_RETURN(
        item, item_codec::Decode(std::string_view(it->value().data(), it->value().size())));
    actual.items += 1;
    actual.bytes += static_cast<int64_t>(ItemSize(item));
    for (size_t i = 0; i < indexes.size(); ++i) {
      if (auto entry = EntryFor(definition, *indexes[i]->definition, key, item)) {
        expected[i].emplace(std::move(entry->key), item_codec::Encode(entry->projected()));
      }
    }
  }
  if (!it->status().ok()) return FromRocks(it->status(), "reading a table");
  report.items += actual.items;
  MT_ASSIGN_OR_RETURN(recorded, ReadStats(storage, snapshot, table.stats_key()));
  CompareStats(what, recorded, actual, report.problems);
  for (size_t i = 0; i < indexes.size(); ++i) {
    MT_RETURN_IF_ERROR(CompareIndex(storage, snapshot, *indexes[i],
                                    what + " index '" + indexes[i]->definition->name + "'",
                                    expected[i], report));
  }
  if (definition.time_to_live.enabled && definition.time_to_live.backfilling) {
    report.skipped.push_back(what + ": the expiry index is backfilling");
  } else if (Status ttl = ttl::Verify(storage, table); !ttl.ok()) {
    report.problems.push_back(what + ": " + ttl.message());
  }
  return Status::Ok();
}

}  // namespace

Result<ConsistencyReport> CheckConsistency(const Storage& storage, const Catalog& catalog) {
  ConsistencyReport report;
  Snapshot snapshot(storage);
  for (const auto& [ns, table] : catalog.All()) {
    ++report.tables;
    MT_RETURN_IF_ERROR(CheckTable(storage, snapshot, ns, *table, report));
  }
  return report;
}

}  // namespace monotable::check
