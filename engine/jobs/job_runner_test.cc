#include "engine/jobs/job_runner.h"

#include <gtest/gtest.h>

#include <future>
#include <latch>
#include <stdexcept>

#include "engine/testing/log_capture.h"

namespace monotable::jobs {
namespace {

TEST(JobRunnerTest, RunsAJobAndCountsIt) {
  JobRunner runner("test_job");
  std::promise<void> ran;
  EXPECT_TRUE(runner.Start("a", "job a", [&](const std::atomic<bool>&) {
    ran.set_value();
    return Status::Ok();
  }));
  ran.get_future().wait();
  runner.Stop("a");  // waits until it has ended, and joins it
  JobCounts counts = runner.Counts();
  EXPECT_EQ(counts.kind, "test_job");
  EXPECT_EQ(counts.runs, 1u);
  EXPECT_EQ(counts.failures, 0u);
  EXPECT_EQ(counts.running, 0u);
}

TEST(JobRunnerTest, AFailureAndAnExceptionAreLoggedAndCounted) {
  test_log::LogCapture log;
  {
    JobRunner runner("test_job");
    EXPECT_TRUE(runner.Start(
        "a", "job a", [](const std::atomic<bool>&) { return Status::Internal("disk on fire"); },
        " (it resumes at the next start)"));
    EXPECT_TRUE(runner.Start("b", "job b", [](const std::atomic<bool>&) -> Status {
      throw std::runtime_error("out of range");
    }));
    runner.Stop("a");
    runner.Stop("b");
    EXPECT_EQ(runner.Counts().runs, 2u);
    EXPECT_EQ(runner.Counts().failures, 2u);
  }
  EXPECT_NE(log.text().find("job a failed: disk on fire (it resumes at the next start)"),
            std::string::npos);
  EXPECT_NE(log.text().find("job b failed: out of range"), std::string::npos);
}

TEST(JobRunnerTest, OneJobPerKeyAtATime) {
  JobRunner runner("test_job");
  std::promise<void> started;
  EXPECT_TRUE(runner.Start("a", "job a", [&](const std::atomic<bool>& stop) {
    started.set_value();
    while (!stop) std::this_thread::yield();
    return Status::Ok();
  }));
  started.get_future().wait();
  EXPECT_FALSE(
      runner.Start("a", "job a again", [](const std::atomic<bool>&) { return Status::Ok(); }));
  EXPECT_EQ(runner.Counts().running, 1u);
  runner.Stop("a");  // sets its stop flag and waits
  EXPECT_EQ(runner.Counts().running, 0u);
  // Once it has ended the key is free again.
  EXPECT_TRUE(runner.Start("a", "job a", [](const std::atomic<bool>&) { return Status::Ok(); }));
}

TEST(JobRunnerTest, FinishedThreadsAreReapedWhenTheNextStarts) {
  JobRunner runner("test_job");
  for (int i = 0; i < 50; ++i) {
    std::promise<void> ran;
    EXPECT_TRUE(runner.Start("job" + std::to_string(i), "job", [&](const std::atomic<bool>&) {
      ran.set_value();
      return Status::Ok();
    }));
    ran.get_future().wait();
  }
  runner.StopAll();
  EXPECT_EQ(runner.Counts().runs, 50u);
  EXPECT_EQ(runner.Counts().running, 0u);
}

TEST(JobRunnerTest, PeriodicPassesRunUntilStopped) {
  JobRunner runner("test_periodic");
  std::latch three_passes(3);
  std::atomic<int> passes{0};
  runner.StartPeriodic("p", "periodic", std::chrono::milliseconds(1), [&] {
    if (passes.fetch_add(1) < 3) three_passes.count_down();
    return passes.load() == 2 ? Status::Internal("second pass failed") : Status::Ok();
  });
  three_passes.wait();
  runner.StopAll();
  const JobCounts counts = runner.Counts();
  EXPECT_GE(counts.runs, 3u);
  EXPECT_EQ(counts.failures, 1u);  // and the passes after it ran
  EXPECT_EQ(counts.running, 0u);
}

TEST(JobRunnerTest, NothingStartsOnceStopping) {
  JobRunner runner("test_job");
  runner.StopAll();
  EXPECT_FALSE(runner.Start("a", "job a", [](const std::atomic<bool>&) { return Status::Ok(); }));
  EXPECT_FALSE(runner.SleepFor(std::chrono::hours(1)));  // returns at once
  EXPECT_EQ(runner.Counts().runs, 0u);
}

TEST(JobRunnerTest, RunGuardedCountsWorkOnTheCallersThread) {
  JobRunner runner("test_queue");
  EXPECT_TRUE(runner.RunGuarded("queued", [] { return Status::Ok(); }).ok());
  Status failed = runner.RunGuarded("queued", []() -> Status { throw 7; });
  EXPECT_EQ(failed.code(), ErrorCode::kInternal);
  EXPECT_EQ(runner.Counts().runs, 2u);
  EXPECT_EQ(runner.Counts().failures, 1u);
}

}  // namespace
}  // namespace monotable::jobs
