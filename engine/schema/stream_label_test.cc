#include "engine/schema/stream_label.h"

#include <gtest/gtest.h>

namespace monotable {
namespace {

TEST(StreamLabelTest, IsTheIsoTimeWithMilliseconds) {
  EXPECT_EQ(StreamLabel(1700000000123), "2023-11-14T22:13:20.123");
  EXPECT_EQ(StreamLabel(0), "1970-01-01T00:00:00.000");
  EXPECT_EQ(ParseStreamLabel("2023-11-14T22:13:20.123"), 1700000000123);
  EXPECT_EQ(ParseStreamLabel(StreamLabel(1795476865316)), 1795476865316);
}

TEST(StreamLabelTest, RefusesOtherShapes) {
  EXPECT_FALSE(ParseStreamLabel("2023-11-14T22:13:20").has_value());
  EXPECT_FALSE(ParseStreamLabel("2023-13-14T22:13:20.123").has_value());
  EXPECT_FALSE(ParseStreamLabel("2023-11-14 22:13:20.123").has_value());
  EXPECT_FALSE(ParseStreamLabel("").has_value());
}

}  // namespace
}  // namespace monotable
