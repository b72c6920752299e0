#include "engine/read/sort_key_range.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/format/key_codec.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using expr::Comparison;
using Kind = expr::SortKeyCondition::Kind;
using test_values::N;
using test_values::S;

std::string Enc(const AttributeValue& v, bool last) {
  std::string out;
  key_codec::AppendKeyValue(&out, v, last);
  return out;
}

expr::SortKeyCondition Compare(Comparison c, AttributeValue value) {
  return {Kind::kCompare, c, std::move(value), AttributeValue()};
}
expr::SortKeyCondition Between(AttributeValue lower, AttributeValue upper) {
  return {Kind::kBetween, Comparison::kEq, std::move(lower), std::move(upper)};
}
expr::SortKeyCondition BeginsWith(AttributeValue prefix) {
  return {Kind::kBeginsWith, Comparison::kEq, std::move(prefix), AttributeValue()};
}

// Where `v` lies relative to the condition, by DynamoDB's order of strings (unsigned
// bytes): what Classify must answer for its encoding.
RangePosition Expected(const expr::SortKeyCondition& c, const std::string& v) {
  const std::string& a = c.value.scalar;
  auto before_or = [&](bool inside) {
    return inside ? RangePosition::kInside : v < a ? RangePosition::kBefore : RangePosition::kAfter;
  };
  switch (c.kind) {
    case Kind::kBetween: return before_or(v >= a && v <= c.upper.scalar);
    case Kind::kBeginsWith: return before_or(v.compare(0, a.size(), a) == 0);
    case Kind::kCompare: break;
  }
  switch (c.comparison) {
    case Comparison::kEq: return before_or(v == a);
    case Comparison::kLt: return v < a ? RangePosition::kInside : RangePosition::kAfter;
    case Comparison::kLe: return v <= a ? RangePosition::kInside : RangePosition::kAfter;
    case Comparison::kGt: return v > a ? RangePosition::kInside : RangePosition::kBefore;
    case Comparison::kGe: return v >= a ? RangePosition::kInside : RangePosition::kBefore;
    case Comparison::kNe: break;  // never a sort key condition
  }
  ADD_FAILURE() << "no sort key condition is <>";
  return RangePosition::kInside;
}

const std::vector<std::string>& Candidates() {
  static const std::vector<std::string> kValues = {
      "a",      "az", "b",   std::string("b\0", 2), std::string("b\0\xFF", 3), "b\x01", "ba", "bz",
      "bz\xFF", "c",  "\xFF"};
  return kValues;
}

std::vector<expr::SortKeyCondition> EveryOperator() {
  return {Compare(Comparison::kEq, S("b")),
          Compare(Comparison::kLt, S("b")),
          Compare(Comparison::kLe, S("b")),
          Compare(Comparison::kGt, S("b")),
          Compare(Comparison::kGe, S("b")),
          Between(S("b"), S("bz")),
          BeginsWith(S("b")),
          BeginsWith(S(std::string("b\0", 2)))};
}

// Table keys (the sort key last) and index keys (the sort key self-delimiting, the
// table key after it): Classify sees the sort key component alone in both.
class SortKeyRangeTest : public ::testing::TestWithParam<bool> {
 protected:
  bool last() const { return GetParam(); }
  // A stored key of the partition with sort key `v`.
  std::string KeyOf(const std::string& v) const {
    return prefix_ + Enc(S(v), last()) + (last() ? "" : table_key_);
  }

  const std::string prefix_ = key_codec::PartitionPrefix(S("p"));
  const std::string table_key_ = key_codec::TableKey(S("t"), nullptr) + "\xFF\xFF";
};

TEST_P(SortKeyRangeTest, ClassifiesEveryOperatorInKeyOrder) {
  for (const auto& condition : EveryOperator()) {
    const SortKeyRange range(condition, last());
    for (const std::string& v : Candidates()) {
      EXPECT_EQ(range.Classify(Enc(S(v), last())), Expected(condition, v))
          << expr::SortKeyOperatorName(condition) << " " << condition.value.scalar << " vs '" << v
          << "'";
    }
  }
}

TEST_P(SortKeyRangeTest, TheBoundsHoldTheRangeAndEndWhereItEnds) {
  for (const auto& condition : EveryOperator()) {
    const SortKeyRange range(condition, last());
    const std::string lower = prefix_ + std::string(range.lower());
    const std::string upper = range.UpperExclusive(prefix_);
    ASSERT_FALSE(upper.empty());
    for (const std::string& v : Candidates()) {
      const std::string key = KeyOf(v);
      SCOPED_TRACE(std::string(expr::SortKeyOperatorName(condition)) + " vs '" + v + "'");
      switch (Expected(condition, v)) {
        case RangePosition::kInside:
          EXPECT_GE(key, lower);
          EXPECT_LT(key, upper);
          break;
        case RangePosition::kAfter:  // a backward read starts before every such key
          EXPECT_GE(key, upper);
          break;
        case RangePosition::kBefore:  // skipped by a backward read, never ending it
          EXPECT_LT(key, upper);
          break;
      }
    }
  }
}

TEST_P(SortKeyRangeTest, WithoutAConditionTheWholePartitionIsInside) {
  const SortKeyRange range(std::nullopt, last());
  for (const std::string& v : Candidates()) {
    EXPECT_EQ(range.Classify(Enc(S(v), last())), RangePosition::kInside);
  }
  EXPECT_TRUE(range.lower().empty());
  EXPECT_EQ(range.UpperExclusive(prefix_), key_codec::PrefixSuccessor(prefix_));
}

TEST_P(SortKeyRangeTest, LowerBoundsStartAtTheValueOrThePartition) {
  const std::string b = Enc(S("b"), last());
  for (const auto& c : {Compare(Comparison::kEq, S("b")), Compare(Comparison::kGt, S("b")),
                        Compare(Comparison::kGe, S("b")), Between(S("b"), S("c"))}) {
    EXPECT_EQ(SortKeyRange(c, last()).lower(), b) << expr::SortKeyOperatorName(c);
  }
  for (Comparison op : {Comparison::kLt, Comparison::kLe}) {
    EXPECT_TRUE(SortKeyRange(Compare(op, S("b")), last()).lower().empty())
        << expr::ComparisonSymbol(op);
  }
  EXPECT_EQ(SortKeyRange(BeginsWith(S("b")), last()).lower(),
            key_codec::SortKeyPrefix(S("b"), last()));
}

INSTANTIATE_TEST_SUITE_P(KeyForms, SortKeyRangeTest, ::testing::Values(true, false),
                         [](const auto& param) { return param.param ? "TableKey" : "IndexKey"; });

TEST(SortKeyRangeFormsTest, InclusiveUpperBoundsDifferByForm) {
  const std::string prefix = key_codec::PartitionPrefix(S("p"));
  const auto le = Compare(Comparison::kLe, S("b"));
  // A table key ends with its sort key: the next possible key is the bound plus a zero.
  EXPECT_EQ(SortKeyRange(le, true).UpperExclusive(prefix), prefix + std::string("b\0", 2));
  // An index key continues with the table key: every extension is still inside.
  EXPECT_EQ(SortKeyRange(le, false).UpperExclusive(prefix),
            key_codec::PrefixSuccessor(prefix + Enc(S("b"), false)));
  // An exclusive upper bound is the value itself in both forms.
  const auto lt = Compare(Comparison::kLt, S("b"));
  EXPECT_EQ(SortKeyRange(lt, true).UpperExclusive(prefix), prefix + "b");
  EXPECT_EQ(SortKeyRange(lt, false).UpperExclusive(prefix), prefix + Enc(S("b"), false));
}

TEST(SortKeyRangeFormsTest, NumbersClassifyByNumericOrder) {
  const SortKeyRange range(Between(N("-1.5"), N("10")), true);
  EXPECT_EQ(range.Classify(Enc(N("-2"), true)), RangePosition::kBefore);
  EXPECT_EQ(range.Classify(Enc(N("-1.5"), true)), RangePosition::kInside);
  EXPECT_EQ(range.Classify(Enc(N("9.99"), true)), RangePosition::kInside);
  EXPECT_EQ(range.Classify(Enc(N("10"), true)), RangePosition::kInside);
  EXPECT_EQ(range.Classify(Enc(N("100"), true)), RangePosition::kAfter);
}

}  // namespace
}  // namespace monotable
