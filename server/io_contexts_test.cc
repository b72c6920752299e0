#include "server/io_contexts.h"

#include <gtest/gtest.h>

#include <boost/asio/post.hpp>
#include <future>
#include <set>
#include <thread>

namespace monotable::server {
namespace {

TEST(IoContextsTest, NextTakesEveryLoopInTurn) {
  IoContexts loops(3);
  std::set<boost::asio::io_context*> seen;
  boost::asio::io_context* first = &loops.Next();
  seen.insert(first);
  seen.insert(&loops.Next());
  seen.insert(&loops.Next());
  EXPECT_EQ(seen.size(), 3u);
  EXPECT_EQ(&loops.Next(), first);  // round-robin: the fourth is the first again
  EXPECT_EQ(first, &loops.First());
}

TEST(IoContextsTest, AtLeastOneLoop) {
  IoContexts loops(0);
  EXPECT_EQ(&loops.Next(), &loops.First());
}

// Each loop runs on a thread of its own, loops without work keep running (a connection
// may arrive later), and Run returns once Stop is called.
TEST(IoContextsTest, EachLoopRunsOnItsOwnThreadUntilStopped) {
  IoContexts loops(2);
  std::promise<std::thread::id> on_first, on_second;
  boost::asio::io_context& a = loops.Next();
  boost::asio::io_context& b = loops.Next();
  boost::asio::post(a, [&] { on_first.set_value(std::this_thread::get_id()); });
  boost::asio::post(b, [&] { on_second.set_value(std::this_thread::get_id()); });
  std::thread runner([&] { loops.Run(); });
  const std::thread::id first = on_first.get_future().get();
  const std::thread::id second = on_second.get_future().get();
  EXPECT_NE(first, second);
  EXPECT_EQ(first, runner.get_id());  // loop 0 runs on the thread that called Run
  // Out of work, yet still running: a handler posted now runs too.
  std::promise<void> later;
  boost::asio::post(b, [&] { later.set_value(); });
  later.get_future().get();
  loops.Stop();
  runner.join();
  EXPECT_TRUE(a.stopped());
  EXPECT_TRUE(b.stopped());
}

}  // namespace
}  // namespace monotable::server
