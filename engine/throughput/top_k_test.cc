#include "engine/throughput/top_k.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "engine/throughput/key_insights.h"

namespace monotable::throughput {
namespace {

TEST(TopKSketchTest, FindsTheHeavyKeysInBoundedMemory) {
  TopKSketch sketch(16);
  // Two heavy keys among a thousand light ones. Total weight 1,350: every key above
  // 1,350 / 16 is guaranteed a counter.
  for (int i = 0; i < 1000; ++i) {
    sketch.Add(std::to_string(i), 1);
    if (i % 4 == 0) sketch.Add("hot", 1);
    if (i % 10 == 0) sketch.Add("warm", 1);
  }
  const auto top = sketch.Top(16);
  ASSERT_EQ(top.size(), 16u);  // never more than its capacity
  EXPECT_EQ(top[0].key, "hot");
  EXPECT_GE(top[0].count, 250);
  EXPECT_LE(top[0].count - top[0].error, 250);  // the error bounds the true count
  const auto warm =
      std::find_if(top.begin(), top.end(), [](const TopKEntry& e) { return e.key == "warm"; });
  ASSERT_NE(warm, top.end());
  EXPECT_GE(warm->count, 100);
  EXPECT_LE(warm->count - warm->error, 100);
  sketch.Clear();
  EXPECT_TRUE(sketch.Top(5).empty());
}

TEST(KeyInsightsTest, ModesDecideWhatIsTracked) {
  KeyInsights insights(4);
  const KeyRef key{1, "pk", "sk"};
  insights.RecordAccess(key, 2);  // disabled: nothing
  EXPECT_TRUE(insights.Top(5).accessed_partition_keys.empty());

  insights.SetMode(InsightsMode::kThrottledOnly);
  insights.RecordAccess(key, 2);
  insights.RecordThrottle(key);
  auto top = insights.Top(5);
  EXPECT_TRUE(top.accessed_partition_keys.empty());
  ASSERT_EQ(top.throttled_items.size(), 1u);
  EXPECT_EQ(SplitItemInsightKey(top.throttled_items[0].key),
            (std::pair<std::string_view, std::string_view>("pk", "sk")));

  insights.SetMode(InsightsMode::kAccessedAndThrottled);  // a new rule starts empty
  insights.RecordAccess(key, 2.5);
  top = insights.Top(5);
  EXPECT_TRUE(top.throttled_items.empty());
  ASSERT_EQ(top.accessed_partition_keys.size(), 1u);
  EXPECT_DOUBLE_EQ(top.accessed_partition_keys[0].count, 2.5);
  EXPECT_EQ(SplitItemInsightKey("ab"), (std::pair<std::string_view, std::string_view>()));
}

}  // namespace
}  // namespace monotable::throughput
