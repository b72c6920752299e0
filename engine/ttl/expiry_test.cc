// The expiry rules (which items TTL deletes, and when) and the expiry index's key order.
#include "engine/ttl/expiry.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/format/expiry_keys.h"
#include "engine/testing/value_builders.h"

namespace monotable::ttl {
namespace {

using test_values::B;
using test_values::N;
using test_values::S;
using test_values::Set;

// 2023-11-14T22:13:20.250Z
constexpr int64_t kNowMs = 1700000000250;
constexpr int64_t kNowS = 1700000000;
constexpr int64_t kYearS = 365 * 24 * 3600;

Item WithExpiry(AttributeValue value) { return Item{{"pk", S("a")}, {"exp", std::move(value)}}; }

bool Expires(const Item& item, int64_t now_ms = kNowMs) {
  auto seconds = ExpirySeconds(item, "exp");
  return seconds && IsDue(*seconds, now_ms);
}

TEST(ExpiryTest, ANumberOfEpochSecondsInThePastExpires) {
  EXPECT_TRUE(Expires(WithExpiry(N(std::to_string(kNowS - 1)))));
  EXPECT_TRUE(Expires(WithExpiry(N(std::to_string(kNowS - 3600)))));
  EXPECT_TRUE(Expires(WithExpiry(N("0.5")), 1000));  // 0 < 1 s after the epoch
}

TEST(ExpiryTest, TheExpiryMustBeStrictlyBeforeNow) {
  // Due when "less than the current time": 1700000000 < 1700000000.250.
  EXPECT_TRUE(Expires(WithExpiry(N(std::to_string(kNowS)))));
  EXPECT_FALSE(Expires(WithExpiry(N(std::to_string(kNowS))), kNowS * 1000));
  EXPECT_TRUE(Expires(WithExpiry(N(std::to_string(kNowS))), kNowS * 1000 + 1));
  EXPECT_FALSE(Expires(WithExpiry(N(std::to_string(kNowS + 1)))));
}

TEST(ExpiryTest, AFutureNumberDoesNotExpireYet) {
  const Item item = WithExpiry(N(std::to_string(kNowS + 60)));
  EXPECT_FALSE(Expires(item));
  EXPECT_TRUE(Expires(item, (kNowS + 61) * 1000));
}

TEST(ExpiryTest, AFractionIsCutOff) {
  EXPECT_EQ(ExpirySeconds(N("1700000000.999")), 1700000000);
  EXPECT_EQ(ExpirySeconds(N("-3.5")), -3);
  EXPECT_EQ(ExpirySeconds(N("0.001")), 0);
  EXPECT_EQ(ExpirySeconds(N("-0.5")), 0);
}

TEST(ExpiryTest, AMissingAttributeNeverExpires) {
  EXPECT_EQ(ExpirySeconds(Item{{"pk", S("a")}}, "exp"), std::nullopt);
  // The name is exact: a nested or differently spelled attribute is not it.
  EXPECT_EQ(ExpirySeconds(Item{{"Exp", N("1")}}, "exp"), std::nullopt);
  EXPECT_EQ(ExpirySeconds(Item{{"m", test_values::Map({{"exp", N("1")}})}}, "exp"), std::nullopt);
}

TEST(ExpiryTest, OtherTypesNeverExpire) {
  const std::string past = std::to_string(kNowS - 10);
  EXPECT_FALSE(Expires(WithExpiry(S(past))));                          // a string of digits
  EXPECT_FALSE(Expires(WithExpiry(Set(AttributeType::kNS, {past}))));  // a number set
  EXPECT_FALSE(Expires(WithExpiry(Set(AttributeType::kSS, {past}))));
  EXPECT_FALSE(Expires(WithExpiry(B(past))));
  EXPECT_FALSE(Expires(WithExpiry(AttributeValue::Bool(true))));
  EXPECT_FALSE(Expires(WithExpiry(AttributeValue::Null())));
  EXPECT_FALSE(Expires(WithExpiry(test_values::List({N(past)}))));
  EXPECT_FALSE(Expires(WithExpiry(test_values::Map({{"exp", N(past)}}))));
}

TEST(ExpiryTest, MoreThanFiveYearsInThePastNeverExpires) {
  EXPECT_FALSE(Expires(WithExpiry(N(std::to_string(kNowS - 6 * kYearS)))));
  EXPECT_FALSE(Expires(WithExpiry(N(std::to_string(kNowS - 5 * kYearS - 1)))));
  EXPECT_TRUE(Expires(WithExpiry(N(std::to_string(kNowS - 5 * kYearS + 1)))));
  EXPECT_TRUE(Expires(WithExpiry(N(std::to_string(kNowS - 4 * kYearS)))));
  EXPECT_FALSE(Expires(WithExpiry(N("0"))));  // the epoch itself
  EXPECT_FALSE(Expires(WithExpiry(N("-1700000000"))));
}

TEST(ExpiryTest, MillisecondsLieFarInTheFutureAndNeverExpire) {
  // The common mistake: Date.now() instead of seconds.
  const Item millis = WithExpiry(N(std::to_string(kNowMs - 60000)));
  ASSERT_EQ(ExpirySeconds(millis, "exp"), kNowMs - 60000);
  EXPECT_FALSE(Expires(millis));
  EXPECT_FALSE(Expires(millis, kNowMs + 1000 * kYearS * 1000));         // a thousand years on
  EXPECT_FALSE(Expires(WithExpiry(N(std::to_string(kNowMs * 1000)))));  // microseconds
}

TEST(ExpiryTest, NumbersBeyondSixtyFourBitsNeverExpire) {
  EXPECT_EQ(ExpirySeconds(N("100000000000000000000000000000")), std::nullopt);
  EXPECT_EQ(ExpirySeconds(N("-100000000000000000000000000000")), std::nullopt);
  EXPECT_EQ(ExpirySeconds(N("9223372036854775807")), INT64_MAX);
}

TEST(ExpiryTest, DueRangeBounds) {
  const DueSeconds due = DueAt(kNowMs);
  EXPECT_EQ(due.last, kNowS);
  EXPECT_EQ(due.first, kNowS - 5 * kYearS + 1);  // 250 ms past a whole second
  EXPECT_EQ(DueAt(kNowS * 1000).last, kNowS - 1);
  EXPECT_EQ(DueAt(kNowS * 1000).first, kNowS - 5 * kYearS);
}

TEST(ExpiryKeysTest, EntriesSortByTableThenExpiryThenKey) {
  const int64_t values[] = {INT64_MIN, -kNowS, -1, 0, 1, kNowS, kNowMs, INT64_MAX};
  for (size_t i = 0; i + 1 < std::size(values); ++i) {
    EXPECT_LT(expiry_keys::EntryKey(7, values[i], "zz"),
              expiry_keys::EntryKey(7, values[i + 1], "a"))
        << values[i];
  }
  EXPECT_LT(expiry_keys::EntryKey(7, kNowS, "a"), expiry_keys::EntryKey(7, kNowS, "b"));
  EXPECT_LT(expiry_keys::EntryKey(7, INT64_MAX, "z"), expiry_keys::EntryKey(8, INT64_MIN, ""));
  EXPECT_LT(expiry_keys::EntryKey(255, 0, ""), expiry_keys::EntryKey(256, 0, ""));
  EXPECT_LE(expiry_keys::Bound(7, kNowS), expiry_keys::EntryKey(7, kNowS, ""));
  EXPECT_EQ(expiry_keys::EntryKey(7, 1, "k").substr(0, 8), expiry_keys::TablePrefix(7));
}

TEST(ExpiryKeysTest, DecodeRoundTrips) {
  const std::string key = expiry_keys::EntryKey(42, -12345, std::string("k\0ey", 4));
  auto decoded = expiry_keys::Decode(key);
  ASSERT_TRUE(decoded.has_value());
  EXPECT_EQ(decoded->table_number, 42u);
  EXPECT_EQ(decoded->seconds, -12345);
  EXPECT_EQ(decoded->table_key, std::string("k\0ey", 4));
  EXPECT_FALSE(expiry_keys::Decode("short").has_value());
}

}  // namespace
}  // namespace monotable::ttl
