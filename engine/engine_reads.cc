// Engine: Query and Scan.
#include <algorithm>
#include <memory>

#include <rocksdb/db.h>

#include "engine/engine.h"
#include "engine/expr/key_condition.h"
#include "engine/key_codec.h"
#include "engine/key_validation.h"
#include "engine/page_reader.h"
#include "engine/read_path.h"
#include "engine/read_target.h"

namespace monotable {
namespace {

constexpr char kStartKeyInvalid[] =
    "The provided starting key is invalid: The provided key element does not match the schema";

// The smallest byte string greater than every string that starts with `prefix`.
std::string PrefixSuccessor(std::string prefix) {
  while (!prefix.empty() && static_cast<unsigned char>(prefix.back()) == 0xFF) prefix.pop_back();
  if (!prefix.empty()) prefix.back() = static_cast<char>(static_cast<unsigned char>(prefix.back()) + 1);
  return prefix;
}

// The 8-byte big-endian partition hash that starts every key, as a key bound.
std::string HashBound(uint64_t hash) {
  std::string bound(8, '\0');
  for (int i = 0; i < 8; ++i) bound[i] = static_cast<char>(hash >> (56 - 8 * i));
  return bound;
}

std::string EncodeSortValue(const AttributeValue& v, bool last) {
  std::string out;
  key_codec::AppendKeyValue(&out, v, last);
  return out;
}

// Where a sort key lies relative to the sort key condition. Sort keys are compared in
// their stored form: the last form in table keys, the self-delimiting form in index
// keys (where the table key follows); both preserve DynamoDB's order.
class SortKeyRange {
 public:
  SortKeyRange(const std::optional<expr::SortKeyCondition>& c, bool last) : last_(last) {
    if (!c) return;
    op_ = c->op;
    value_ = EncodeSortValue(c->value, last);
    if (op_ == expr::SortKeyOp::kBetween) upper_ = EncodeSortValue(c->upper, last);
    // A prefix is matched without the terminator of the self-delimiting form (only S
    // and B take begins_with).
    if (op_ == expr::SortKeyOp::kBeginsWith && !last) value_.resize(value_.size() - 2);
    has_condition_ = true;
  }

  RangePosition Classify(std::string_view sk) const {
    if (!has_condition_) return RangePosition::kInside;
    using Op = expr::SortKeyOp;
    switch (op_) {
      case Op::kEq: return sk < value_ ? RangePosition::kBefore
                           : sk == value_ ? RangePosition::kInside : RangePosition::kAfter;
      case Op::kLt: return sk < value_ ? RangePosition::kInside : RangePosition::kAfter;
      case Op::kLe: return sk <= value_ ? RangePosition::kInside : RangePosition::kAfter;
      case Op::kGt: return sk > value_ ? RangePosition::kInside : RangePosition::kBefore;
      case Op::kGe: return sk >= value_ ? RangePosition::kInside : RangePosition::kBefore;
      case Op::kBetween:
        return sk < value_ ? RangePosition::kBefore
               : sk <= upper_ ? RangePosition::kInside : RangePosition::kAfter;
      case Op::kBeginsWith:
        if (sk.substr(0, value_.size()) == value_) return RangePosition::kInside;
        return sk < value_ ? RangePosition::kBefore : RangePosition::kAfter;
    }
    return RangePosition::kInside;
  }

  // Where a forward read starts (relative to the partition prefix).
  std::string_view lower() const {
    using Op = expr::SortKeyOp;
    if (!has_condition_ || op_ == Op::kLt || op_ == Op::kLe) return {};
    return value_;
  }
  // Where a backward read starts: the first key past the range (exclusive).
  std::string UpperExclusive(const std::string& prefix) const {
    using Op = expr::SortKeyOp;
    if (!has_condition_ || op_ == Op::kGt || op_ == Op::kGe) return PrefixSuccessor(prefix);
    if (op_ == Op::kBeginsWith) return PrefixSuccessor(prefix + value_);
    if (op_ == Op::kLt) return prefix + value_;
    const std::string& inclusive = op_ == Op::kBetween ? upper_ : value_;
    // Keys equal to the inclusive bound are inside. In a table key the sort key is the
    // last component, so appending a zero byte gives the next possible key; in an index
    // key the table key follows it, so every key extending it is still inside.
    if (!last_) return PrefixSuccessor(prefix + inclusive);
    return prefix + inclusive + std::string(1, '\0');
  }

 private:
  bool last_;
  bool has_condition_ = false;
  expr::SortKeyOp op_ = expr::SortKeyOp::kEq;
  std::string value_;
  std::string upper_;
};

// An iterator confined to the key range [lower, upper) that a read may touch. RocksDB
// then stops at the range's end instead of reading past it (the next key, often the
// next block, in both directions), and, when the range lies under one partition hash,
// skips the SST files whose prefix bloom filter rules that hash out.
// Owns the bound strings because ReadOptions holds only Slices, which must outlive the
// iterator; hence neither copyable nor movable.
class BoundedIterator {
 public:
  // An empty `upper` means no upper bound.
  BoundedIterator(const Storage& storage, rocksdb::ColumnFamilyHandle* family,
                  std::string lower, std::string upper)
      : lower_(std::move(lower)), upper_(std::move(upper)), lower_slice_(lower_),
        upper_slice_(upper_) {
    rocksdb::ReadOptions options;
    // Total order as far as results go, but RocksDB may consult the prefix (partition
    // hash) bloom filters when the seek key and the upper bound share the prefix; the
    // table readers look at filters only with total_order_seek off.
    options.total_order_seek = false;
    options.auto_prefix_mode = true;
    // Table and index families never hold range deletions (a dropped table or index
    // drops its family): no range-tombstone iterators per SST file to build and merge.
    options.ignore_range_deletions = true;
    options.iterate_lower_bound = &lower_slice_;
    if (!upper_.empty()) options.iterate_upper_bound = &upper_slice_;
    it_.reset(storage.db()->NewIterator(options, family));
  }
  BoundedIterator(const BoundedIterator&) = delete;
  BoundedIterator& operator=(const BoundedIterator&) = delete;

  rocksdb::Iterator& operator*() { return *it_; }
  rocksdb::Iterator* operator->() { return it_.get(); }

 private:
  const std::string lower_;
  const std::string upper_;
  const rocksdb::Slice lower_slice_;
  const rocksdb::Slice upper_slice_;
  std::unique_ptr<rocksdb::Iterator> it_;  // destroyed before the bounds
};

Status CheckFilterHasNoKeys(const QueryRequest& request, const ReadTarget& target) {
  for (const auto& name : expr::TopLevelAttributes(request.filter)) {
    for (const auto& k : target.key_schema) {
      if (name == k.name) {
        return Status::Validation(request.filter_parameter +
                                  " can only contain non-primary key attributes: Primary key "
                                  "attribute: " + name);
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
  if (!query) return Status::Validation(kStartKeyInvalid);
  bool same_names = key.size() == target.page_key_names.size();
  for (const auto& name : target.page_key_names) same_names &= key.count(name) > 0;
  return Status::Validation(same_names ? "The provided key element does not match the schema"
                                       : "The provided starting key is invalid");
}

// The sort key part of a stored key, given what follows the partition prefix.
std::string_view SortComponent(const ReadTarget& target, std::string_view rest) {
  if (target.sort_key_is_last() || target.key_schema.size() < 2) return rest;
  const size_t length =
      key_codec::EncodedValueLength(rest, target.table().AttributeTypeOf(target.key_schema[1].name));
  return length == std::string_view::npos ? rest : rest.substr(0, length);
}

// Where a page's items come from: the stored items, or for an LSI that lacks wanted
// attributes, the table's items they point to.
PageSource SourceOf(const Storage& storage, const Table& table, const ReadTarget& target,
                    const ReadPageRequest& request) {
  PageSource source{target.page_key_names, {}, std::nullopt, {}};
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
  source.resolve = [&storage, &table, &target](Item stored) -> Result<std::optional<Item>> {
    const TableDefinition& definition = target.table();
    const std::string* range = definition.range_key();
    const std::string key = key_codec::TableKey(stored.at(definition.hash_key()),
                                                range ? &stored.at(*range) : nullptr);
    return ReadStoredItem(storage, table, key);
  };
  return source;
}

}  // namespace

Result<ReadPage> Engine::Query(const RequestContext& ctx, const QueryRequest& request) {
  MT_ASSIGN_OR_RETURN(table, FindTable(ctx, request.table_name));
  MT_ASSIGN_OR_RETURN(target, ResolveReadTarget(*table, request));
  const TableDefinition& definition = target.table();
  const std::string& hash_name = target.key_schema[0].name;
  expr::KeyAttributes keys{hash_name, definition.AttributeTypeOf(hash_name)};
  if (target.key_schema.size() > 1) {
    keys.range_name = target.key_schema[1].name;
    keys.range_type = definition.AttributeTypeOf(keys.range_name);
  }
  MT_ASSIGN_OR_RETURN(key_condition, expr::AnalyzeKeyCondition(request.key_condition, keys));
  MT_RETURN_IF_ERROR(CheckFilterHasNoKeys(request, target));

  const std::string prefix = key_codec::PartitionPrefix(key_condition.partition_value);
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

  BoundedIterator it(*storage_, target.family, prefix + std::string(sort_range.lower()),
                     sort_range.UpperExclusive(prefix));
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
  return ReadOnePage(*it, request.scan_forward, classify, skip_key,
                     SourceOf(*storage_, *table, target, request), request);
}

Result<ReadPage> Engine::Scan(const RequestContext& ctx, const ScanRequest& request) {
  MT_ASSIGN_OR_RETURN(table, FindTable(ctx, request.table_name));
  MT_ASSIGN_OR_RETURN(target, ResolveReadTarget(*table, request));

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

  BoundedIterator it(*storage_, target.family, HashBound(lo), hi ? HashBound(*hi) : std::string());
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
  return ReadOnePage(*it, /*forward=*/true, classify, skip_key,
                     SourceOf(*storage_, *table, target, request), request);
}

}  // namespace monotable
