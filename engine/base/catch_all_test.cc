#include "engine/base/catch_all.h"

#include <gtest/gtest.h>

#include <new>
#include <stdexcept>
#include <vector>

namespace monotable {
namespace {

TEST(CatchAllTest, PassesThroughWhatFnReturns) {
  int calls = 0;
  EXPECT_TRUE(CatchAll([&] { ++calls; }).ok());
  Status s = CatchAll([&] {
    ++calls;
    return Status::Validation("bad input");
  });
  EXPECT_EQ(s.code(), ErrorCode::kValidation);
  EXPECT_EQ(s.message(), "bad input");
  EXPECT_EQ(calls, 2);
}

TEST(CatchAllTest, StandardExceptionsBecomeInternal) {
  Status s = CatchAll([] { throw std::bad_alloc(); });
  EXPECT_EQ(s.code(), ErrorCode::kInternal);
  EXPECT_EQ(s.message(), "std::bad_alloc");

  s = CatchAll([] { (void)std::vector<int>().at(3); });
  EXPECT_EQ(s.code(), ErrorCode::kInternal);
  EXPECT_FALSE(s.message().empty());

  s = CatchAll([]() -> Status { throw std::runtime_error("disk on fire"); });
  EXPECT_EQ(s.code(), ErrorCode::kInternal);
  EXPECT_EQ(s.message(), "disk on fire");
}

TEST(CatchAllTest, AnyOtherTypeBecomesInternal) {
  Status s = CatchAll([] { throw 42; });
  EXPECT_EQ(s.code(), ErrorCode::kInternal);
  EXPECT_EQ(s.message(), "unknown exception");
}

}  // namespace
}  // namespace monotable
