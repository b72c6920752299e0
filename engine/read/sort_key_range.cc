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
  kind_ = c->kind;
  comparison_ = c->comparison;
  open_above_ = c->OpenAbove();
  open_below_ = c->OpenBelow();
  // A prefix is matched without the terminator of the self-delimiting form (only S
  // and B take begins_with).
  value_ = kind_ == Kind::kBeginsWith ? key_codec::SortKeyPrefix(c->value, last)
                                      : Encode(c->value, last);
  if (kind_ == Kind::kBetween) upper_ = Encode(c->upper, last);
  has_condition_ = true;
}

RangePosition SortKeyRange::Classify(std::string_view sk) const {
  if (!has_condition_) return RangePosition::kInside;
  switch (kind_) {
    case Kind::kCompare: {
      const int order = sk.compare(value_);
      if (expr::Holds(comparison_, order)) return RangePosition::kInside;
      // Outside, a key below the value is before the range and one at or above it after,
      // except that a range open above (`> v`) starts past v itself.
      return order < 0 || open_above_ ? RangePosition::kBefore : RangePosition::kAfter;
    }
    case Kind::kBetween:
      return sk < value_    ? RangePosition::kBefore
             : sk <= upper_ ? RangePosition::kInside
                            : RangePosition::kAfter;
    case Kind::kBeginsWith:
      if (sk.substr(0, value_.size()) == value_) return RangePosition::kInside;
      return sk < value_ ? RangePosition::kBefore : RangePosition::kAfter;
  }
  return RangePosition::kInside;
}

std::string_view SortKeyRange::lower() const {
  if (!has_condition_ || open_below_) return {};
  return value_;
}

std::string SortKeyRange::UpperExclusive(const std::string& prefix) const {
  if (!has_condition_ || open_above_) return key_codec::PrefixSuccessor(prefix);
  if (kind_ == Kind::kBeginsWith) return key_codec::PrefixSuccessor(prefix + value_);
  if (kind_ == Kind::kCompare && comparison_ == expr::Comparison::kLt) return prefix + value_;
  const std::string& inclusive = kind_ == Kind::kBetween ? upper_ : value_;
  // Keys equal to the inclusive bound are inside. In a table key the sort key is the
  // last component, so appending a zero byte gives the next possible key; in an index
  // key the table key follows it, so every key extending it is still inside.
  if (!last_) return key_codec::PrefixSuccessor(prefix + inclusive);
  return prefix + inclusive + std::string(1, '\0');
}

}  // namespace monotable
