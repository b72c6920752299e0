#include "bench/json_scan.h"

#include <gtest/gtest.h>

namespace monotable::bench {
namespace {

constexpr std::string_view kCancelled =
    R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException",)"
    R"("message":"Transaction cancelled, please refer cancellation reasons for specific )"
    R"(reasons [None, TransactionConflict]","CancellationReasons":)";

TEST(IsTransactionConflict, ConflictAmongNonesIsAConflict) {
  EXPECT_TRUE(IsTransactionConflict(
      std::string(kCancelled) +
      R"([{"Code":"None"},{"Code":"TransactionConflict","Message":"Transaction is ongoing for the item"}]})"));
}

TEST(IsTransactionConflict, AnyOtherReasonIsAnError) {
  EXPECT_FALSE(IsTransactionConflict(
      std::string(kCancelled) +
      R"([{"Code":"ConditionalCheckFailed"},{"Code":"TransactionConflict"}]})"));
  EXPECT_FALSE(IsTransactionConflict(std::string(kCancelled) +
                                     R"([{"Code":"ThrottlingError"},{"Code":"None"}]})"));
}

TEST(IsTransactionConflict, NoConflictOrOtherErrorsAreNot) {
  EXPECT_FALSE(
      IsTransactionConflict(std::string(kCancelled) + R"([{"Code":"None"},{"Code":"None"}]})"));
  EXPECT_FALSE(IsTransactionConflict(
      R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionConflictException","Code":"TransactionConflict"})"));
  EXPECT_FALSE(IsTransactionConflict("internal server error\n"));
}

}  // namespace
}  // namespace monotable::bench
