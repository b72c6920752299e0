#include "engine/throughput/token_bucket.h"

#include <gtest/gtest.h>

namespace monotable::throughput {
namespace {

TEST(TokenBucketTest, RefillsByRateUpToCapacity) {
  TokenBucket b(100, 300, 100, 0);
  EXPECT_TRUE(b.CanTake(100));
  b.Take(100);
  EXPECT_FALSE(b.CanTake(1));
  b.Refill(10);  // 10 ms of 100/s: one token
  EXPECT_TRUE(b.CanTake(1));
  EXPECT_FALSE(b.CanTake(1.5));
  b.Refill(100'000);
  EXPECT_DOUBLE_EQ(b.tokens(), 300);  // capped: burst is bounded
}

TEST(TokenBucketTest, DebtDelaysAndTimeNeverRunsBack) {
  TokenBucket b(10, 10, 10, 1000);
  b.Take(25);  // a settle larger than the bucket
  EXPECT_DOUBLE_EQ(b.tokens(), -15);
  b.Refill(500);  // earlier than the last refill: nothing
  EXPECT_DOUBLE_EQ(b.tokens(), -15);
  b.Refill(2000);
  EXPECT_FALSE(b.CanTake(1));
  b.Refill(2600);
  EXPECT_TRUE(b.CanTake(1));
}

TEST(TokenBucketTest, AFullBucketServesARequestLargerThanItself) {
  TokenBucket b(1, 2, 2, 0);
  EXPECT_TRUE(b.CanTake(5));  // full: may go into debt rather than starve forever
  b.Take(5);
  EXPECT_FALSE(b.CanTake(1));
}

TEST(TokenBucketTest, ReconfigureKeepsTokensClamped) {
  TokenBucket b(100, 30000, 100, 0);
  b.Refill(10'000);
  EXPECT_DOUBLE_EQ(b.tokens(), 1100);
  b.Reconfigure(10, 3000);
  EXPECT_DOUBLE_EQ(b.tokens(), 1100);
  b.Reconfigure(1, 300);
  EXPECT_DOUBLE_EQ(b.tokens(), 300);
}

}  // namespace
}  // namespace monotable::throughput
