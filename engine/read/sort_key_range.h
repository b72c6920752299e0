#pragma once
// Where a stored sort key lies relative to a Query's sort key condition, and the key
// bounds a read of the condition's range starts and ends at. Sort keys are compared in
// their stored form (format/key_codec.h): the last form in table keys, the
// self-delimiting form in index keys (where the table key follows); both preserve
// DynamoDB's order. Immutable after construction; thread-safe.

#include <optional>
#include <string>
#include <string_view>

#include "engine/expr/key_condition.h"
#include "engine/read/page_reader.h"

namespace monotable {

class SortKeyRange {
 public:
  // `last`: whether the sort key is the last component of the keys read (table keys).
  SortKeyRange(const std::optional<expr::SortKeyCondition>& condition, bool last);

  // `sk`: a stored key's bytes after the partition prefix.
  RangePosition Classify(std::string_view sk) const;

  // Where a forward read starts, relative to the partition prefix.
  std::string_view lower() const;
  // Where a backward read starts: the first key past the range (exclusive), given the
  // partition prefix.
  std::string UpperExclusive(const std::string& prefix) const;

 private:
  using Kind = expr::SortKeyCondition::Kind;

  bool last_;
  bool has_condition_ = false;
  Kind kind_ = Kind::kCompare;
  expr::Comparison comparison_ = expr::Comparison::kEq;
  bool open_above_ = false;  // SortKeyCondition::OpenAbove
  bool open_below_ = false;
  std::string value_;
  std::string upper_;
};

}  // namespace monotable
