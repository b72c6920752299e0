// Engine: Query and Scan.
#include <memory>

#include <rocksdb/db.h>

#include "engine/engine.h"
#include "engine/expr/key_condition.h"
#include "engine/key_codec.h"
#include "engine/key_validation.h"
#include "engine/page_reader.h"

namespace monotable {
namespace {

constexpr char kStartKeyInvalid[] =
    "The provided starting key is invalid: The provided key element does not match the schema";

Status IndexesNotSupported() {
  return Status(ErrorCode::kNotImplemented,
                "Query and Scan on secondary indexes (IndexName) are not supported by "
                "monotable yet");
}

// The smallest byte string greater than every string that starts with `prefix`.
std::string PrefixSuccessor(std::string prefix) {
  while (!prefix.empty() && static_cast<unsigned char>(prefix.back()) == 0xFF) prefix.pop_back();
  if (!prefix.empty()) prefix.back() = static_cast<char>(static_cast<unsigned char>(prefix.back()) + 1);
  return prefix;
}

std::string EncodeSortValue(const AttributeValue& v) {
  std::string out;
  key_codec::AppendKeyValue(&out, v, /*last=*/true);
  return out;
}

// Where a sort key (encoded, last form) lies relative to the sort key condition.
class SortKeyRange {
 public:
  explicit SortKeyRange(const std::optional<expr::SortKeyCondition>& c) {
    if (!c) return;
    op_ = c->op;
    value_ = EncodeSortValue(c->value);
    if (op_ == expr::SortKeyOp::kBetween) upper_ = EncodeSortValue(c->upper);
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
    // Keys equal to the inclusive bound are inside; a sort key is always the last key
    // component, so appending a zero byte gives the next possible key.
    return prefix + inclusive + std::string(1, '\0');
  }

 private:
  bool has_condition_ = false;
  expr::SortKeyOp op_ = expr::SortKeyOp::kEq;
  std::string value_;
  std::string upper_;
};

// Positions `it` backwards at the last key below `bound`.
void SeekBefore(rocksdb::Iterator& it, const std::string& bound) {
  it.Seek(bound);
  if (it.Valid()) {
    it.Prev();
  } else {
    it.SeekToLast();
  }
}

std::unique_ptr<rocksdb::Iterator> NewIterator(const Storage& storage, const Table& table) {
  rocksdb::ReadOptions options;
  // Reads walk across partition prefixes (and backwards): no prefix-only seeks.
  options.total_order_seek = true;
  return std::unique_ptr<rocksdb::Iterator>(storage.db()->NewIterator(options, table.family()));
}

Status CheckFilterHasNoKeys(const QueryRequest& request, const TableDefinition& table) {
  for (const auto& name : expr::TopLevelAttributes(request.filter)) {
    for (const auto& k : table.key_schema) {
      if (name == k.name) {
        return Status::Validation(request.filter_parameter +
                                  " can only contain non-primary key attributes: Primary key "
                                  "attribute: " + name);
      }
    }
  }
  return Status::Ok();
}

// The stored key of an ExclusiveStartKey: exactly the table's key attributes. Query
// and Scan word a bad one differently.
Result<std::string> StartKey(const TableDefinition& table, const Item& key, bool query) {
  auto encoded = ValidateKeyAndBuildKey(table, key);
  if (encoded.ok()) return std::move(*encoded);
  if (!query) return Status::Validation(kStartKeyInvalid);
  bool same_names = key.size() == table.key_schema.size();
  for (const auto& k : table.key_schema) same_names &= key.count(k.name) > 0;
  return Status::Validation(same_names ? "The provided key element does not match the schema"
                                       : "The provided starting key is invalid");
}

}  // namespace

Result<ReadPage> Engine::Query(const RequestContext& ctx, const QueryRequest& request) {
  MT_ASSIGN_OR_RETURN(table, FindTable(ctx, request.table_name));
  if (request.index_name) return IndexesNotSupported();
  auto definition = table->definition();
  expr::KeyAttributes keys{definition->hash_key(), definition->AttributeTypeOf(definition->hash_key())};
  if (const std::string* range = definition->range_key()) {
    keys.range_name = *range;
    keys.range_type = definition->AttributeTypeOf(*range);
  }
  MT_ASSIGN_OR_RETURN(key_condition, expr::AnalyzeKeyCondition(request.key_condition, keys));
  MT_RETURN_IF_ERROR(CheckFilterHasNoKeys(request, *definition));

  const std::string prefix = key_codec::PartitionPrefix(key_condition.partition_value);
  const SortKeyRange sort_range(key_condition.sort);
  std::string skip_key;
  if (request.exclusive_start_key) {
    MT_ASSIGN_OR_RETURN(start, StartKey(*definition, *request.exclusive_start_key, true));
    if (start.compare(0, prefix.size(), prefix) != 0) {
      return Status::Validation(
          "The provided starting key is outside query boundaries based on provided conditions");
    }
    if (sort_range.Classify(std::string_view(start).substr(prefix.size())) !=
        RangePosition::kInside) {
      return Status::Validation("The provided starting key does not match the range key predicate");
    }
    skip_key = std::move(start);
  }

  auto it = NewIterator(*storage_, *table);
  if (request.scan_forward) {
    it->Seek(skip_key.empty() ? prefix + std::string(sort_range.lower()) : skip_key);
  } else if (skip_key.empty()) {
    SeekBefore(*it, sort_range.UpperExclusive(prefix));
  } else {
    it->SeekForPrev(skip_key);
  }
  auto classify = [&](std::string_view key) {
    if (key.substr(0, prefix.size()) != prefix) {
      return key < prefix ? RangePosition::kBefore : RangePosition::kAfter;
    }
    return sort_range.Classify(key.substr(prefix.size()));
  };
  return ReadOnePage(*it, request.scan_forward, classify, skip_key, *definition, request);
}

Result<ReadPage> Engine::Scan(const RequestContext& ctx, const ScanRequest& request) {
  MT_ASSIGN_OR_RETURN(table, FindTable(ctx, request.table_name));
  if (request.index_name) return IndexesNotSupported();
  auto definition = table->definition();

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
    MT_ASSIGN_OR_RETURN(start, StartKey(*definition, *request.exclusive_start_key, false));
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

  auto it = NewIterator(*storage_, *table);
  if (!skip_key.empty()) {
    it->Seek(skip_key);
  } else {
    std::string start(8, '\0');
    for (int i = 0; i < 8; ++i) start[i] = static_cast<char>(lo >> (56 - 8 * i));
    it->Seek(start);
  }
  auto classify = [&](std::string_view key) {
    uint64_t h = key_codec::HashOfKey(key);
    if (h < lo) return RangePosition::kBefore;
    if (hi && h >= *hi) return RangePosition::kAfter;
    return RangePosition::kInside;
  };
  return ReadOnePage(*it, /*forward=*/true, classify, skip_key, *definition, request);
}

}  // namespace monotable
