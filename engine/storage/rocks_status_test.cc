#include "engine/storage/rocks_status.h"

#include <gtest/gtest.h>

namespace monotable {
namespace {

TEST(FromRocksTest, OkStaysOk) { EXPECT_TRUE(FromRocks(rocksdb::Status::OK(), "writing").ok()); }

TEST(FromRocksTest, AnErrorIsInternalAndSaysWhatWasBeingDone) {
  Status s = FromRocks(rocksdb::Status::IOError("disk gone"), "reading an item");
  EXPECT_EQ(s.code(), ErrorCode::kInternal);
  EXPECT_EQ(s.message(), "reading an item: IO error: disk gone");
}

}  // namespace
}  // namespace monotable
