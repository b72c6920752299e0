#include "engine/throughput/throttling_reason.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace monotable::throughput {
namespace {

TEST(ThrottlingReasonTest, SixteenDocumentedNamesRoundTrip) {
  std::set<std::string> names;
  for (int i = 0; i < kThrottlingReasonCount; ++i) {
    const auto reason = static_cast<ThrottlingReason>(i);
    const std::string_view name = ThrottlingReasonName(reason);
    names.emplace(name);
    EXPECT_EQ(ParseThrottlingReason(name), reason);
    // ResourceType + OperationType + LimitType, as the API reference spells them.
    const std::string expected =
        std::string(KindOf(reason) == ResourceKind::kTable ? "Table" : "Index") +
        (OpOf(reason) == Op::kRead ? "Read" : "Write") +
        (LimitOf(reason) == LimitKind::kProvisionedThroughput ? "ProvisionedThroughputExceeded"
         : LimitOf(reason) == LimitKind::kAccountLimit        ? "AccountLimitExceeded"
         : LimitOf(reason) == LimitKind::kKeyRangeThroughput  ? "KeyRangeThroughputExceeded"
                                                              : "MaxOnDemandThroughputExceeded");
    EXPECT_EQ(name, expected);
    EXPECT_EQ(MakeThrottlingReason(KindOf(reason), OpOf(reason), LimitOf(reason)), reason);
  }
  EXPECT_EQ(names.size(), 16u);
  EXPECT_EQ(ThrottlingReasonName(ThrottlingReason::kTableWriteKeyRangeThroughputExceeded),
            "TableWriteKeyRangeThroughputExceeded");
  EXPECT_EQ(ThrottlingReasonName(ThrottlingReason::kIndexReadProvisionedThroughputExceeded),
            "IndexReadProvisionedThroughputExceeded");
  EXPECT_FALSE(ParseThrottlingReason("tablewritekeyrangethroughputexceeded"));
  EXPECT_FALSE(ParseThrottlingReason(""));
}

}  // namespace
}  // namespace monotable::throughput
