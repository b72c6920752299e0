#include "engine/format/backup_keys.h"

#include <gtest/gtest.h>

namespace monotable::backup_keys {
namespace {

TEST(BackupKeysTest, HistoryKeysSortByTableThenTime) {
  EXPECT_LT(HistoryKey(7, 5), HistoryKey(7, 6));
  EXPECT_LT(HistoryKey(7, ~uint64_t{0}), HistoryKey(8, 0));
  EXPECT_LT(HistoryBound(7, 1000), HistoryKey(7, (uint64_t{1000} << kStampTimeShift) | 3));
  EXPECT_LT(HistoryKey(7, (uint64_t{1000} << kStampTimeShift) | 3), HistoryBound(7, 1001));
  EXPECT_EQ(HistoryTimeOf(HistoryKey(7, (uint64_t{1234} << kStampTimeShift) | 9)), 1234);
  EXPECT_EQ(HistoryTimeOf("h"), std::nullopt);
}

TEST(BackupKeysTest, HistoryValueRoundTrips) {
  const std::string key("\x00\x01key", 5);
  const std::string value = HistoryValue(key, "old image");  // the views point into it
  auto change = DecodeHistoryValue(value);
  ASSERT_TRUE(change.has_value());
  EXPECT_EQ(change->table_key, key);
  EXPECT_EQ(change->old_item_encoded, "old image");
  const std::string absent_value = HistoryValue(key, "");
  auto absent = DecodeHistoryValue(absent_value);
  ASSERT_TRUE(absent.has_value());
  EXPECT_TRUE(absent->old_item_encoded.empty());
  EXPECT_EQ(DecodeHistoryValue(std::string("\x00\x00\x00\x09short", 9)), std::nullopt);
}

TEST(BackupKeysTest, RecordKeysOfOneNamespaceShareAPrefix) {
  const std::string key = BackupRecordKey("ns", "01732000000000-0000abcd");
  EXPECT_EQ(key.rfind(BackupRecordPrefix("ns"), 0), 0u);
  EXPECT_NE(key.rfind(BackupRecordPrefix("n"), 0), 0u);
}

}  // namespace
}  // namespace monotable::backup_keys
