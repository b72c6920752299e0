#include "engine/read/sort_key_range.h"

#include "engine/format/key_codec.h"

namespace monotable {
namespace {

std::string Encode(const AttributeValue& v, bool last) {
  std::string out;
  key_codec::AppendKeyValue(&out, v, last);
  return out;
}

}  // namespace

SortKeyRange::SortKeyRange(const std::optional<expr::SortKeyCondition>& c, bool last)
    : last_(last) {
  if (!c) return;
  op_ = c->op;
  // A prefix is matched without the terminator of the self-delimiting form (only S
  // and B take begins_with).
  value_ = op_ == expr::SortKeyOp::kBeginsWith ? key_codec::SortKeyPrefix(c->value, last)
                                               : Encode(c->value, last);
  if (op_ == expr::SortKeyOp::kBetween) upper_ = Encode(c->upper, last);
  has_condition_ = true;
}

RangePosition SortKeyRange::Classify(std::string_view sk) const {
  if (!has_condition_) return RangePosition::kInside;
  using Op = expr::SortKeyOp;
  switch (op_) {
    case Op::kEq:
      return sk < value_    ? RangePosition::kBefore
             : sk == value_ ? RangePosition::kInside
                            : RangePosition::kAfter;
    case Op::kLt: return sk < value_ ? RangePosition::kInside : RangePosition::kAfter;
    case Op::kLe: return sk <= value_ ? RangePosition::kInside : RangePosition::kAfter;
    case Op::kGt: return sk > value_ ? RangePosition::kInside : RangePosition::kBefore;
    case Op::kGe: return sk >= value_ ? RangePosition::kInside : RangePosition::kBefore;
    case Op::kBetween:
      return sk < value_    ? RangePosition::kBefore
             : sk <= upper_ ? RangePosition::kInside
                            : RangePosition::kAfter;
    case Op::kBeginsWith:
      if (sk.substr(0, value_.size()) == value_) return RangePosition::kInside;
      return sk < value_ ? RangePosition::kBefore : RangePosition::kAfter;
  }
  return RangePosition::kInside;
}

std::string_view SortKeyRange::lower() const {
  using Op = expr::SortKeyOp;
  if (!has_condition_ || op_ == Op::kLt || op_ == Op::kLe) return {};
  return value_;
}

std::string SortKeyRange::UpperExclusive(const std::string& prefix) const {
  using Op = expr::SortKeyOp;
  if (!has_condition_ || op_ == Op::kGt || op_ == Op::kGe)
    return key_codec::PrefixSuccessor(prefix);
  if (op_ == Op::kBeginsWith) return key_codec::PrefixSuccessor(prefix + value_);
  if (op_ == Op::kLt) return prefix + value_;
  const std::string& inclusive = op_ == Op::kBetween ? upper_ : value_;
  // Keys equal to the inclusive bound are inside. In a table key the sort key is the
  // last component, so appending a zero byte gives the next possible key; in an index
  // key the table key follows it, so every key extending it is still inside.
  if (!last_) return key_codec::PrefixSuccessor(prefix + inclusive);
  return prefix + inclusive + std::string(1, '\0');
}

}  // namespace monotable
