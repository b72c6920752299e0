// The comparison operators: their spelling, their mirror images, and what each holds.
#include "engine/expr/comparison.h"

#include <gtest/gtest.h>

namespace monotable::expr {
namespace {

constexpr Comparison kAll[] = {Comparison::kEq, Comparison::kNe, Comparison::kLt,
                               Comparison::kLe, Comparison::kGt, Comparison::kGe};

TEST(ComparisonTest, SymbolsParseBack) {
  for (Comparison c : kAll) EXPECT_EQ(ParseComparisonSymbol(ComparisonSymbol(c)), c);
  EXPECT_EQ(ComparisonSymbol(Comparison::kNe), "<>");
  EXPECT_EQ(ComparisonSymbol(Comparison::kGe), ">=");
  for (std::string_view other : {"", "==", "!=", "=<", "BETWEEN", " ="}) {
    EXPECT_FALSE(ParseComparisonSymbol(other).has_value()) << other;
  }
}

TEST(ComparisonTest, EachHoldsForItsOrders) {
  // {comparison, holds for a < b, for a == b, for a > b}
  struct Case {
    Comparison c;
    bool less, equal, greater;
  } cases[] = {{Comparison::kEq, false, true, false}, {Comparison::kNe, true, false, true},
               {Comparison::kLt, true, false, false}, {Comparison::kLe, true, true, false},
               {Comparison::kGt, false, false, true}, {Comparison::kGe, false, true, true}};
  for (const Case& k : cases) {
    SCOPED_TRACE(ComparisonSymbol(k.c));
    EXPECT_EQ(Holds(k.c, -7), k.less);  // any negative order
    EXPECT_EQ(Holds(k.c, -1), k.less);
    EXPECT_EQ(Holds(k.c, 0), k.equal);
    EXPECT_EQ(Holds(k.c, 1), k.greater);
    EXPECT_EQ(Holds(k.c, 9), k.greater);
  }
}

TEST(ComparisonTest, MirrorSwapsTheOperands) {
  for (Comparison c : kAll) {
    for (int order : {-1, 0, 1}) {
      // a c b  <=>  b Mirror(c) a, and b's order against a is the negation.
      EXPECT_EQ(Holds(c, order), Holds(Mirror(c), -order)) << ComparisonSymbol(c) << order;
    }
  }
  EXPECT_EQ(Mirror(Comparison::kLt), Comparison::kGt);
  EXPECT_EQ(Mirror(Comparison::kEq), Comparison::kEq);
}

TEST(ComparisonTest, OnlyTheInequalitiesOrder) {
  for (Comparison c : kAll) {
    EXPECT_EQ(IsOrdering(c), c != Comparison::kEq && c != Comparison::kNe) << ComparisonSymbol(c);
  }
}

}  // namespace
}  // namespace monotable::expr
