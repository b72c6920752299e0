#include "engine/read/query_scan.h"

#include <algorithm>
#include <memory>

#include "engine/admission/table_throughput.h"
#include "engine/admission/ticket.h"
#include "engine/expr/key_condition.h"
#include "engine/format/key_codec.h"
#include "engine/read/page_reader.h"
#include "engine/read/read_target.h"
#include "engine/read/sort_key_range.h"
#include "engine/schema/key_validation.h"
#include "engine/storage/bounded_iterator.h"
#include "engine/storage/stored_items.h"

namespace monotable {
namespace {

constexpr char kStartKeyNotInSchema[] =
    "The provided starting key is invalid: The provided key element does not match the schema";

Status CheckFilterHasNoKeys(const QueryRequest& request, const ReadTarget& target) {
  for (const auto& name : expr::TopLevelAttributes(request.filter)) {
    for (const auto& k : target.key_schema) {
      if (name == k.name) {
        return Status::Validation(request.filter_parameter +
                                  " can only contain non-primary key attributes: Primary key "
                                  "attribute: " +
                                  name);
      }
    }
  }
  return Status::Ok();
}

// The stored key of an ExclusiveStartKey: exactly the key attributes of the table (and
// of the index). Query and Scan word a bad table key differently.
Result<std::string> StartKey(const ReadTarget& target, const Item& key, bool query) {
  auto encoded = StoredKeyOf(target, key);
  if (encoded.ok() || target.index != nullptr) return encoded;
  if (!query) return Status::Validation(kStartKeyNotInSchema);
  bool same_names = key.size() == target.page_key_names.size();
  for (const auto& name : target.page_key_names) same_names &= key.count(name) > 0;
  return Status::Validation(same_names ? "The provided key element does not match the schema"
                                       : "The provided starting key is invalid");
}

// The partitions of what a Scan reads (the table, which an LSI shares, or a GSI), from
// `first_hash` to the end of its segment (`end`, exclusive; nullopt: the hash space).
// nullopt when the throughput model has no resource for it (the page is then charged
// as one).
std::optional<ScanPartitions> ScanPartitionsOf(const Table& table, const ReadTarget& target,
                                               uint64_t first_hash, std::optional<uint64_t> end) {
  auto throughput = table.throughput();
  if (!throughput) return std::nullopt;
  const bool global = target.index && target.index->global;
  const throughput::Resource* resource =
      global ? throughput->FindIndex(target.index->definition->name) : throughput->table.get();
  if (resource == nullptr) return std::nullopt;
  // By hash: a Scan page's charge is per hash range (sort-key pieces of one item
  // collection count as one).
  const throughput::PartitionMap map = resource->partition_map().HashOnly();
  ScanPartitions partitions;
  for (size_t i = 0; i < map.size(); ++i) partitions.begins.push_back(map.Range(i).begin);
  partitions.first_hash = first_hash;
  partitions.last_hash = end ? *end - 1 : UINT64_MAX;
  return partitions;
}

// The sort key part of a stored key, given what follows the partition prefix.
std::string_view SortComponent(const ReadTarget& target, std::string_view rest) {
  if (target.sort_key_is_last() || target.key_schema.size() < 2) return rest;
  const size_t length = key_codec::EncodedValueLength(
      rest, target.table().AttributeTypeOf(target.key_schema[1].name));
  return length == std::string_view::npos ? rest : rest.substr(0, length);
}

// Where a page's items come from: the stored items, or for an LSI that lacks wanted
// attributes, the table's items they point to.
PageSource SourceOf(const Storage& storage, const Table& table, const ReadTarget& target,
                    const ReadPageRequest& request, const rocksdb::Snapshot* state) {
  PageSource source{target.page_key_names, {}, std::nullopt, {}, std::nullopt};
  if (target.index) source.charge = {target.index->definition->name, target.index->global};
  if (!target.fetch_from_table) return source;
  if (request.select == Select::kAllProjectedAttributes) {
    std::vector<std::string> projected = target.page_key_names;
    const auto& non_key = target.index->definition->projection.non_key_attributes;
    for (const auto& name : non_key) {
      if (std::find(projected.begin(), projected.end(), name) == projected.end()) {
        projected.push_back(name);
      }
    }
    source.returned = expr::Projection::OfAttributes(projected);
  }
  source.resolve = [&storage, &table, &target, state](Item stored) -> Result<std::optional<Item>> {
    const TableDefinition& definition = target.table();
    const std::string* range = definition.range_key();
    const std::string key =
        key_codec::TableKey(stored.at(definition.hash_key()), range ? &stored.at(*range) : nullptr);
    return ReadStoredItem(storage, table, key, state);
  };
  return source;
}

// Reads one page under admission: the minimum read is claimed before the page on the
// partition of `hash` of what the page reads (a GSI, or the table, which an LSI shares),
// and settled with what the page consumed there.
// The name of the GSI a page reads; empty for the table or an LSI (which shares the
// table's capacity).
std::string ChargedIndex(const ReadTarget& target) {
  const bool global = target.index && target.index->global;
  return global ? target.index->definition->name : std::string();
}

// What a page consumed where it is charged (ChargedIndex).
double ChargedUnits(const ReadPage& page, const std::string& index) {
  if (index.empty()) return page.consumed.Total().read_units;
  auto it = page.consumed.global_secondary_indexes.find(index);
  return it == page.consumed.global_secondary_indexes.end() ? 0 : it->second.read_units;
}

// `piece_sort_key`: where in its item collection the page begins (a stored key's bytes
// after the partition prefix; empty: at the collection's first piece), so that a
// collection split by sort key is charged on the piece the page reads.
template <typename ReadPageFn>
Result<ReadPage> AdmittedPage(const Table& table, const ReadTarget& target, uint64_t hash,
                              std::string_view piece_sort_key, bool consistent,
                              ReadPageFn read_page) {
  const std::string index = ChargedIndex(target);
  Ticket ticket;
  const int claim = ticket.ClaimPiece(table, index, hash, piece_sort_key, throughput::Op::kRead,
                                      capacity::ReadUnits(0, consistent));
  MT_RETURN_IF_ERROR(ticket.Admit());
  MT_ASSIGN_OR_RETURN(page, read_page());
  if (claim >= 0) ticket.SetActual(claim, ChargedUnits(page, index));
  return std::move(page);
}

// --log-requests: the sort key where a Query page begins, as far as the request says:
// its ExclusiveStartKey's, else its condition's bound in the direction it reads (none
// when it reads from the collection's end, or for an LSI, charged on the table's keys).
std::optional<AttributeValue> LoggedStartSortKey(const QueryRequest& request,
                                                 const ReadTarget& target,
                                                 const std::optional<expr::SortKeyCondition>& sort,
                                                 bool own_keys) {
  if (!own_keys || target.key_schema.size() < 2) return std::nullopt;
  if (request.exclusive_start_key) {
    auto it = request.exclusive_start_key->find(target.key_schema[1].name);
    if (it != request.exclusive_start_key->end()) return it->second;
  }
  if (!sort) return std::nullopt;
  using Kind = expr::SortKeyCondition::Kind;
  if (request.scan_forward) {
    if (sort->OpenBelow()) return std::nullopt;
    return sort->value;
  }
  if (sort->kind == Kind::kBetween) return sort->upper;
  if (sort->OpenAbove() || sort->kind == Kind::kBeginsWith) return std::nullopt;
  return sort->value;  // = v, < v, <= v
}

}  // namespace

Result<ReadPage> QueryPage(const Storage& storage, const Table& table, const QueryRequest& request,
                           const Clock* clock, const rocksdb::Snapshot* state,
                           const PartitionState* by_partition, ItemTouches* touches) {
  MT_ASSIGN_OR_RETURN(target, ResolveReadTarget(table, request, clock));
  const TableDefinition& definition = target.table();
  const std::string& hash_name = target.key_schema[0].name;
  expr::KeyAttributes keys;
  keys.hash_name = hash_name;
  keys.hash_type = definition.AttributeTypeOf(hash_name);
  if (target.key_schema.size() > 1) {
    keys.range_name = target.key_schema[1].name;
    keys.range_type = definition.AttributeTypeOf(keys.range_name);
  }
  MT_ASSIGN_OR_RETURN(key_condition, expr::AnalyzeKeyCondition(request.key_condition, keys));
  MT_RETURN_IF_ERROR(CheckFilterHasNoKeys(request, target));

  const std::string prefix = key_codec::PartitionPrefix(key_condition.partition_value);
  std::shared_ptr<const rocksdb::Snapshot> partition_state;  // held for the page
  if (by_partition != nullptr) {
    partition_state = (*by_partition)(key_codec::HashOfKey(prefix));
    state = partition_state.get();
  }
  const SortKeyRange sort_range(key_condition.sort, target.sort_key_is_last());
  std::string skip_key;
  if (request.exclusive_start_key) {
    MT_ASSIGN_OR_RETURN(start, StartKey(target, *request.exclusive_start_key, true));
    if (start.compare(0, prefix.size(), prefix) != 0) {
      return Status::Validation(
          "The provided starting key is outside query boundaries based on provided conditions");
    }
    if (sort_range.Classify(SortComponent(target, std::string_view(start).substr(prefix.size()))) !=
        RangePosition::kInside) {
      return Status::Validation("The provided starting key does not match the range key predicate");
    }
    skip_key = std::move(start);
  }

  BoundedIterator it(storage, target.family, prefix + std::string(sort_range.lower()),
                     sort_range.UpperExclusive(prefix), state);
  // Without a start key, the first (last) key within the bounds starts the page.
  if (request.scan_forward && skip_key.empty()) {
    it->SeekToFirst();
  } else if (request.scan_forward) {
    it->Seek(skip_key);
  } else if (skip_key.empty()) {
    it->SeekToLast();
  } else {
    it->SeekForPrev(skip_key);
  }
  auto classify = [&](std::string_view key) {
    if (key.substr(0, prefix.size()) != prefix) {
      return key < prefix ? RangePosition::kBefore : RangePosition::kAfter;
    }
    return sort_range.Classify(SortComponent(target, key.substr(prefix.size())));
  };
  // The page begins at the first key it will read. An LSI's keys are not the table's,
  // whose pieces it is charged on (and a table with an LSI never splits by sort key).
  const bool own_keys = !target.index || target.index->global;
  // A view of the iterator's key: ClaimPiece copies it, before the page moves on.
  const std::string_view piece =
      own_keys && it->Valid() ? it->key().ToStringView().substr(prefix.size()) : std::string_view();
  Result<ReadPage> page = AdmittedPage(
      table, target, key_codec::HashOfKey(prefix), piece, request.consistent_read, [&] {
        return ReadOnePage(*it, request.scan_forward, classify, skip_key,
                           SourceOf(storage, table, target, request, state), request);
      });
  // --log-requests: the page as one read of its item collection (charged once, on the
  // piece where it begins); a throttled page with what it was refused, unknown (0).
  if (touches != nullptr && (page.ok() || IsThrottled(page.status()))) {
    ItemTouch touch{definition.name,
                    ChargedIndex(target),
                    false,
                    key_condition.partition_value,
                    LoggedStartSortKey(request, target, key_condition.sort, own_keys),
                    0,
                    0};
    if (page.ok()) {
      touch.bytes = page->bytes_read;
      touch.units = ChargedUnits(*page, touch.index);
    }
    touches->Add(std::move(touch));
  }
  return page;
}

Result<ReadPage> ScanPage(const Storage& storage, const Table& table, const ScanRequest& request,
                          const Clock* clock, const rocksdb::Snapshot* state) {
  MT_ASSIGN_OR_RETURN(target, ResolveReadTarget(table, request, clock));

  // A segment is a range of the 64-bit partition hash that prefixes every key.
  uint64_t lo = 0;
  std::optional<uint64_t> hi;
  if (request.total_segments) {
    const unsigned __int128 space = static_cast<unsigned __int128>(1) << 64;
    const auto total = static_cast<unsigned __int128>(*request.total_segments);
    const auto segment = static_cast<unsigned __int128>(request.segment.value_or(0));
    lo = static_cast<uint64_t>(space * segment / total);
    if (segment + 1 < total) hi = static_cast<uint64_t>(space * (segment + 1) / total);
  }
  std::string skip_key;
  if (request.exclusive_start_key) {
    MT_ASSIGN_OR_RETURN(start, StartKey(target, *request.exclusive_start_key, false));
    const uint64_t h = key_codec::HashOfKey(start);
    if (h < lo || (hi && h >= *hi)) {
      return Status::Validation(
          "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use "
          "ExclusiveStartKey with correct Segment. TotalSegments: " +
          std::to_string(request.total_segments.value_or(1)) +
          " Segment: " + std::to_string(request.segment.value_or(0)));
    }
    skip_key = std::move(start);
  }

  BoundedIterator it(storage, target.family, key_codec::HashBound(lo),
                     hi ? key_codec::HashBound(*hi) : std::string(), state);
  if (!skip_key.empty()) {
    it->Seek(skip_key);
  } else {
    it->SeekToFirst();
  }
  auto classify = [&](std::string_view key) {
    uint64_t h = key_codec::HashOfKey(key);
    if (h < lo) return RangePosition::kBefore;
    if (hi && h >= *hi) return RangePosition::kAfter;
    return RangePosition::kInside;
  };
  // A Scan page is charged where it starts: the partition of its start key, or of the
  // first hash of its segment.
  const uint64_t start_hash = skip_key.empty() ? lo : key_codec::HashOfKey(skip_key);
  PageSource source = SourceOf(storage, table, target, request, state);
  source.scan_partitions = ScanPartitionsOf(table, target, start_hash, hi);
  return AdmittedPage(table, target, start_hash, {}, request.consistent_read, [&] {
    return ReadOnePage(*it, /*forward=*/true, classify, skip_key, source, request);
  });
}

}  // namespace monotable
