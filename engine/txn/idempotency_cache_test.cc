#include "engine/txn/idempotency_cache.h"

#include <gtest/gtest.h>

namespace monotable {
namespace {

constexpr int64_t kStart = 1732000000000;

TEST(IdempotencyCacheTest, VerdictsAndExpiry) {
  FakeClock clock(kStart);
  IdempotencyCache cache(&clock);
  using V = IdempotencyCache::Verdict;
  EXPECT_EQ(cache.Begin("t", "f1"), V::kExecute);
  EXPECT_EQ(cache.Begin("t", "f1"), V::kInProgress);
  EXPECT_EQ(cache.Begin("t", "f2"), V::kMismatch);
  cache.Finish("t", /*succeeded=*/true);
  EXPECT_EQ(cache.Begin("t", "f1"), V::kReplay);
  clock.Advance(IdempotencyCache::kWindowMillis);
  EXPECT_EQ(cache.Begin("t", "f2"), V::kExecute);  // expired: a new request
  cache.Finish("t", /*succeeded=*/false);
  EXPECT_EQ(cache.Begin("t", "f3"), V::kExecute);  // a failure is forgotten
}

TEST(IdempotencyCacheTest, OnlyExpiredRecordsAreForgotten) {
  FakeClock clock(kStart);
  IdempotencyCache cache(&clock);
  using V = IdempotencyCache::Verdict;
  ASSERT_EQ(cache.Begin("old", "f"), V::kExecute);
  cache.Finish("old", true);
  clock.Advance(IdempotencyCache::kWindowMillis / 2);
  ASSERT_EQ(cache.Begin("young", "f"), V::kExecute);
  cache.Finish("young", true);
  clock.Advance(IdempotencyCache::kWindowMillis / 2);
  EXPECT_EQ(cache.Begin("old", "g"), V::kExecute);     // expired
  EXPECT_EQ(cache.Begin("young", "g"), V::kMismatch);  // still remembered
}

}  // namespace
}  // namespace monotable
