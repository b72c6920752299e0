#include "bench/options.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace monotable::bench {
namespace {

// Parses the flags after a program name; *error gets ParseOptions' message.
bool Parse(std::vector<std::string> args, Options* options, std::string* error) {
  args.insert(args.begin(), "monotable_bench");
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  return ParseOptions(static_cast<int>(argv.size()), argv.data(), options, error);
}

TEST(OptionsTest, ClosedLoopByDefault) {
  Options options;
  std::string error;
  ASSERT_TRUE(Parse({"--op", "get"}, &options, &error)) << error;
  EXPECT_EQ(options.rate, 0);
}

TEST(OptionsTest, RateTakesRequestsPerSecond) {
  Options options;
  std::string error;
  ASSERT_TRUE(Parse({"--rate", "1500.5", "--connections", "64"}, &options, &error)) << error;
  EXPECT_DOUBLE_EQ(options.rate, 1500.5);
  ASSERT_TRUE(Parse({"--rate=20000"}, &options, &error)) << error;
  EXPECT_DOUBLE_EQ(options.rate, 20000);
}

TEST(OptionsTest, BatchGetReadsProfiles) {
  Options options;
  std::string error;
  ASSERT_TRUE(Parse({"--op", "batchget", "--keys", "110000"}, &options, &error)) << error;
  EXPECT_EQ(options.op, Op::kBatchGet);
  EXPECT_STREQ(OpName(options.op), "batchget");
  EXPECT_EQ(DatasetOf(options.op), Dataset::kProfiles);
  EXPECT_EQ(options.items_per_key, 1u);
}

TEST(OptionsTest, RateMustBePositive) {
  for (const char* bad : {"0", "-5", "fast", "inf"}) {
    Options options;
    std::string error;
    EXPECT_FALSE(Parse({"--rate", bad}, &options, &error)) << bad;
    EXPECT_EQ(error, std::string("bad value for --rate: ") + bad);
  }
}

TEST(OptionsTest, RateDoesNotApplyToAFullScan) {
  Options options;
  std::string error;
  EXPECT_FALSE(Parse({"--op", "scan", "--rate", "100"}, &options, &error));
  EXPECT_EQ(error, "--rate does not apply to --op scan (one full Scan, timed)");
}

}  // namespace
}  // namespace monotable::bench
