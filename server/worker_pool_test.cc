// WorkerPool: tasks run in order, a task that throws is logged and the worker goes on,
// and Stop() lets running tasks finish while it drops (and releases) queued ones.

#include "server/worker_pool.h"

#include <gtest/gtest.h>

#include <future>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "engine/testing/log_capture.h"

namespace monotable::server {
namespace {

using test_log::LogCapture;

TEST(WorkerPoolTest, OneWorkerRunsTasksInTheOrderPosted) {
  WorkerPool pool(1);
  std::vector<int> order;  // written by the one worker only
  std::promise<void> done;
  for (int i = 0; i < 50; ++i) ASSERT_TRUE(pool.Post([&order, i] { order.push_back(i); }));
  ASSERT_TRUE(pool.Post([&done] { done.set_value(); }));
  done.get_future().wait();
  ASSERT_EQ(order.size(), 50u);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(order[static_cast<size_t>(i)], i);
}

TEST(WorkerPoolTest, ATaskThatThrowsIsLoggedAndTheWorkerGoesOn) {
  LogCapture log;
  std::promise<void> after;
  {
    WorkerPool pool(1);
    ASSERT_TRUE(pool.Post([] { throw std::runtime_error("the page broke"); }));
    ASSERT_TRUE(pool.Post([] { throw 42; }));
    ASSERT_TRUE(pool.Post([&after] { after.set_value(); }));
    after.get_future().wait();  // the same (single) worker ran the task after both throws
  }
  EXPECT_NE(log.text().find("worker thread caught an exception from a task: the page broke"),
            std::string::npos)
      << log.text();
  EXPECT_NE(log.text().find("unknown exception"), std::string::npos) << log.text();
}

TEST(WorkerPoolTest, StopFinishesRunningTasksAndDropsQueuedOnes) {
  WorkerPool pool(1);
  std::promise<void> started;
  std::promise<void> release;
  bool running_finished = false;
  ASSERT_TRUE(pool.Post([&, gate = release.get_future().share()] {
    started.set_value();
    gate.wait();
    running_finished = true;
  }));
  started.get_future().wait();  // the worker is busy: what follows stays queued
  auto held = std::make_shared<int>(0);
  int queued_ran = 0;
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(pool.Post([held, &queued_ran] { ++queued_ran; }));
  }
  EXPECT_EQ(held.use_count(), 4);
  auto stopped = std::async(std::launch::async, [&pool] { return pool.Stop(); });
  // Release the running task only once Stop() has begun (Post refuses from then on);
  // the probes posted before that are queued, and dropped, too.
  size_t probes = 0;
  for (
      WorkerPool::Task probe = [] {}; pool.Post(probe); probe = [] {}) {
    ++probes;
    std::this_thread::yield();
  }
  release.set_value();
  EXPECT_EQ(stopped.get(), 3u + probes);
  EXPECT_TRUE(running_finished);
  EXPECT_EQ(queued_ran, 0);
  EXPECT_EQ(held.use_count(), 1);  // the dropped tasks' captures were released

  // Stopped: a task is refused and left to the caller, who can run it itself.
  WorkerPool::Task task = [&queued_ran] { ++queued_ran; };
  EXPECT_FALSE(pool.Post(task));
  ASSERT_TRUE(task);
  task();
  EXPECT_EQ(queued_ran, 1);
  EXPECT_EQ(pool.Stop(), 0u);
}

TEST(WorkerPoolTest, DefaultSizeHasAtLeastTwoWorkers) {
  EXPECT_GE(WorkerPool::DefaultThreads(), 2);
  WorkerPool pool(0);  // a size below one still gets one worker
  EXPECT_EQ(pool.threads(), 1);
}

}  // namespace
}  // namespace monotable::server
