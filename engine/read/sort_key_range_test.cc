#include "engine/read/sort_key_range.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/format/key_codec.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using expr::SortKeyOp;
using test_values::N;
using test_values::S;

std::string Enc(const AttributeValue& v, bool last) {
  std::string out;
  key_codec::AppendKeyValue(&out, v, last);
  return out;
}

expr::SortKeyCondition Condition(SortKeyOp op, AttributeValue value,
                                 AttributeValue upper = AttributeValue()) {
  return {op, std::move(value), std::move(upper)};
}

// Where `v` lies relative to the condition, by DynamoDB's order of strings (unsigned
// bytes): what Classify must answer for its encoding.
RangePosition Expected(const expr::SortKeyCondition& c, const std::string& v) {
  const std::string& a = c.value.scalar;
  auto before_or = [&](bool inside) {
    return inside ? RangePosition::kInside : v < a ? RangePosition::kBefore : RangePosition::kAfter;
  };
  switch (c.op) {
    case SortKeyOp::kEq: return before_or(v == a);
    case SortKeyOp::kLt: return v < a ? RangePosition::kInside : RangePosition::kAfter;
    case SortKeyOp::kLe: return v <= a ? RangePosition::kInside : RangePosition::kAfter;
    case SortKeyOp::kGt: return v > a ? RangePosition::kInside : RangePosition::kBefore;
    case SortKeyOp::kGe: return v >= a ? RangePosition::kInside : RangePosition::kBefore;
    case SortKeyOp::kBetween: return before_or(v >= a && v <= c.upper.scalar);
    case SortKeyOp::kBeginsWith: return before_or(v.compare(0, a.size(), a) == 0);
  }
  return RangePosition::kInside;
}

const char* OpName(SortKeyOp op) {
  static const char* const kNames[] = {"=", "<", "<=", ">", ">=", "BETWEEN", "begins_with"};
  return kNames[static_cast<int>(op)];
}

const std::vector<std::string>& Candidates() {
  static const std::vector<std::string> kValues = {
      "a",      "az", "b",   std::string("b\0", 2), std::string("b\0\xFF", 3), "b\x01", "ba", "bz",
      "bz\xFF", "c",  "\xFF"};
  return kValues;
}

std::vector<expr::SortKeyCondition> EveryOperator() {
  return {Condition(SortKeyOp::kEq, S("b")),
          Condition(SortKeyOp::kLt, S("b")),
          Condition(SortKeyOp::kLe, S("b")),
          Condition(SortKeyOp::kGt, S("b")),
          Condition(SortKeyOp::kGe, S("b")),
          Condition(SortKeyOp::kBetween, S("b"), S("bz")),
          Condition(SortKeyOp::kBeginsWith, S("b")),
          Condition(SortKeyOp::kBeginsWith, S(std::string("b\0", 2)))};
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
          << OpName(condition.op) << " " << condition.value.scalar << " vs '" << v << "'";
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
      SCOPED_TRACE(std::string(OpName(condition.op)) + " vs '" + v + "'");
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
  for (SortKeyOp op : {SortKeyOp::kEq, SortKeyOp::kGt, SortKeyOp::kGe, SortKeyOp::kBetween}) {
    EXPECT_EQ(SortKeyRange(Condition(op, S("b"), S("c")), last()).lower(), b) << OpName(op);
  }
  for (SortKeyOp op : {SortKeyOp::kLt, SortKeyOp::kLe}) {
    EXPECT_TRUE(SortKeyRange(Condition(op, S("b")), last()).lower().empty()) << OpName(op);
  }
  EXPECT_EQ(SortKeyRange(Condition(SortKeyOp::kBeginsWith, S("b")), last()).lower(),
            key_codec::SortKeyPrefix(S("b"), last()));
}

INSTANTIATE_TEST_SUITE_P(KeyForms, SortKeyRangeTest, ::testing::Values(true, false),
                         [](const auto& param) { return param.param ? "TableKey" : "IndexKey"; });

TEST(SortKeyRangeFormsTest, InclusiveUpperBoundsDifferByForm) {
  const std::string prefix = key_codec::PartitionPrefix(S("p"));
  const auto le = Condition(SortKeyOp::kLe, S("b"));
  // A table key ends with its sort key: the next possible key is the bound plus a zero.
  EXPECT_EQ(SortKeyRange(le, true).UpperExclusive(prefix), prefix + std::string("b\0", 2));
  // An index key continues with the table key: every extension is still inside.
  EXPECT_EQ(SortKeyRange(le, false).UpperExclusive(prefix),
            key_codec::PrefixSuccessor(prefix + Enc(S("b"), false)));
  // An exclusive upper bound is the value itself in both forms.
  const auto lt = Condition(SortKeyOp::kLt, S("b"));
  EXPECT_EQ(SortKeyRange(lt, true).UpperExclusive(prefix), prefix + "b");
  EXPECT_EQ(SortKeyRange(lt, false).UpperExclusive(prefix), prefix + Enc(S("b"), false));
}

TEST(SortKeyRangeFormsTest, NumbersClassifyByNumericOrder) {
  const SortKeyRange range(Condition(SortKeyOp::kBetween, N("-1.5"), N("10")), true);
  EXPECT_EQ(range.Classify(Enc(N("-2"), true)), RangePosition::kBefore);
  EXPECT_EQ(range.Classify(Enc(N("-1.5"), true)), RangePosition::kInside);
  EXPECT_EQ(range.Classify(Enc(N("9.99"), true)), RangePosition::kInside);
  EXPECT_EQ(range.Classify(Enc(N("10"), true)), RangePosition::kInside);
  EXPECT_EQ(range.Classify(Enc(N("100"), true)), RangePosition::kAfter);
}

}  // namespace
}  // namespace monotable
