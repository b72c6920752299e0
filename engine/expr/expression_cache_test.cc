#include "engine/expr/expression_cache.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "engine/expr/expr_test_util.h"
#include "engine/expr/expression.h"

namespace monotable::expr {
namespace {

using testing::ErrorOf;
using testing::MakeItem;
using testing::N;
using testing::Request;

TEST(ExpressionCacheTest, SharesTreesByKindAndText) {
  ExpressionCache cache(8);
  auto a = cache.GetOrParse("a = :v", ExpressionKind::kCondition);
  auto b = cache.GetOrParse("a = :v", ExpressionKind::kCondition);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a.value().get(), b.value().get());
  auto c = cache.GetOrParse("a = :v", ExpressionKind::kFilter);
  ASSERT_TRUE(c.ok());
  EXPECT_NE(a.value().get(), c.value().get());
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.hits(), 1u);
  EXPECT_EQ(cache.misses(), 2u);
}

TEST(ExpressionCacheTest, ErrorsAreNotCached) {
  ExpressionCache cache(8);
  EXPECT_EQ(ErrorOf(cache.GetOrParse("a =", ExpressionKind::kCondition)),
            "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"=\"");
  EXPECT_EQ(ErrorOf(cache.GetOrParse("a =", ExpressionKind::kFilter)),
            "Invalid FilterExpression: Syntax error; token: \"<EOF>\", near: \"=\"");
  EXPECT_EQ(cache.size(), 0u);
}

TEST(ExpressionCacheTest, EvictsTheLeastRecentlyUsed) {
  ExpressionCache cache(2);
  auto first = cache.GetOrParse("a", ExpressionKind::kProjection).value();
  ASSERT_TRUE(cache.GetOrParse("b", ExpressionKind::kProjection).ok());
  ASSERT_TRUE(cache.GetOrParse("a", ExpressionKind::kProjection).ok());  // a is now recent
  ASSERT_TRUE(cache.GetOrParse("c", ExpressionKind::kProjection).ok());  // evicts b
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.GetOrParse("a", ExpressionKind::kProjection).value().get(), first.get());
  const size_t misses = cache.misses();
  ASSERT_TRUE(cache.GetOrParse("b", ExpressionKind::kProjection).ok());
  EXPECT_EQ(cache.misses(), misses + 1);
  ExpressionCache off(0);
  ASSERT_TRUE(off.GetOrParse("a", ExpressionKind::kProjection).ok());
  EXPECT_EQ(off.size(), 0u);
}

TEST(ExpressionCacheTest, ResolutionStaysPerRequest) {
  ExpressionCache cache(8);
  const Item item = MakeItem({{"a", N("1")}});
  Request one({}, {{":v", N("1")}});
  Request two({}, {{":v", N("2")}});
  auto c1 = Condition::Parse("a = :v", ExpressionKind::kCondition, one.placeholders, &cache);
  auto c2 = Condition::Parse("a = :v", ExpressionKind::kCondition, two.placeholders, &cache);
  ASSERT_TRUE(c1.ok() && c2.ok());
  EXPECT_TRUE(c1->Evaluate(&item));
  EXPECT_FALSE(c2->Evaluate(&item));
  EXPECT_EQ(cache.hits(), 1u);
  Request bad;
  EXPECT_EQ(
      ErrorOf(Condition::Parse("a = :v", ExpressionKind::kCondition, bad.placeholders, &cache)),
      "Invalid ConditionExpression: An expression attribute value used in expression is not "
      "defined; attribute value: :v");
  Request up({}, {{":v", N("1")}});
  ASSERT_TRUE(Update::Parse("SET a = :v", up.placeholders, &cache).ok());
  ASSERT_TRUE(Projection::Parse("a", up.placeholders, &cache).ok());
}

TEST(ExpressionCacheTest, ConcurrentUse) {
  ExpressionCache cache(16);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&cache, t] {
      for (int i = 0; i < 500; ++i) {
        std::string text = "a";  // appended: GCC 12's -Wrestrict misfires on "a" + string
        text.append(std::to_string((i + t) % 40)).append(" = :v");
        auto r = cache.GetOrParse(text, ExpressionKind::kCondition);
        ASSERT_TRUE(r.ok());
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_LE(cache.size(), 16u);
  EXPECT_EQ(cache.hits() + cache.misses(), 2000u);
}

}  // namespace
}  // namespace monotable::expr
