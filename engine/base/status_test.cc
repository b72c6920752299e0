#include "engine/base/status.h"

#include <gtest/gtest.h>

#include <string>

namespace monotable {
namespace {

TEST(StatusTest, ResultHoldsAValueOrAnError) {
  Result<int> value = 7;
  ASSERT_TRUE(value.ok());
  EXPECT_EQ(*value, 7);
  Result<int> error = Status::Validation("bad input");
  ASSERT_FALSE(error.ok());
  EXPECT_EQ(error.status().code(), ErrorCode::kValidation);
  EXPECT_EQ(error.status().message(), "bad input");
}

Result<std::string> FromOk() { return Status::Ok(); }

#ifdef NDEBUG
// A release build never holds an ok Status without a value: the bug becomes an error.
TEST(StatusTest, AResultBuiltFromOkIsAnInternalErrorInRelease) {
  Result<std::string> result = FromOk();
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), ErrorCode::kInternal);
  EXPECT_EQ(result.status().message(), "a Result was built from an ok Status (a bug in monotable)");
}
#else
TEST(StatusDeathTest, AResultBuiltFromOkStopsADebugBuild) {
  EXPECT_DEATH({ (void)FromOk().ok(); }, "Result built from an ok Status");
}
#endif

}  // namespace
}  // namespace monotable
