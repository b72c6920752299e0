// Epoch-second dates of backup and restore requests, as milliseconds.
#include "protocol/ops/backup_json.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>

namespace monotable::protocol::ops {
namespace {

std::optional<int64_t> Millis(const std::string& body) {
  JsonParser parser;
  auto object = parser.ParseObject(body);
  EXPECT_TRUE(object.ok());
  auto millis = OptionalEpochMillis(*object, "At");
  EXPECT_TRUE(millis.ok());
  return *millis;
}

TEST(OptionalEpochMillis, RoundsToTheNearestMillisecondHalfAwayFromZero) {
  EXPECT_EQ(Millis(R"({"At": 1700000000})"), 1700000000000);
  EXPECT_EQ(Millis(R"({"At": 1.0004})"), 1000);
  EXPECT_EQ(Millis(R"({"At": 1.0006})"), 1001);
  // Before 1970: rounded away from zero like a positive time, not towards it.
  EXPECT_EQ(Millis(R"({"At": -0.0015})"), -2);
  EXPECT_EQ(Millis(R"({"At": -1.0006})"), -1001);
}

TEST(OptionalEpochMillis, AbsentOrNullIsNoneAndFarDatesAreClamped) {
  EXPECT_EQ(Millis(R"({})"), std::nullopt);
  EXPECT_EQ(Millis(R"({"At": null})"), std::nullopt);
  EXPECT_EQ(Millis(R"({"At": 1e300})"), int64_t{9'000'000'000'000'000'000});
  EXPECT_EQ(Millis(R"({"At": -1e300})"), -int64_t{9'000'000'000'000'000'000});
}

TEST(OptionalEpochMillis, ANonNumberIsASerializationError) {
  JsonParser parser;
  auto object = parser.ParseObject(R"({"At": "yesterday"})");
  ASSERT_TRUE(object.ok());
  EXPECT_EQ(OptionalEpochMillis(*object, "At").status().code(), ErrorCode::kSerialization);
}

}  // namespace
}  // namespace monotable::protocol::ops
