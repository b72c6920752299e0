#include "server/io_thread.h"

#include <gtest/gtest.h>

#include <boost/asio/post.hpp>
#include <new>
#include <stdexcept>

namespace monotable::server {
namespace {

// Handlers that throw do not end RunIoContext (nor the test process): the ones queued
// after them still run, and it returns only once the io_context is out of work.
TEST(IoThreadTest, HandlersThatThrowDoNotStopTheThread) {
  boost::asio::io_context ioc;
  int ran = 0;
  boost::asio::post(ioc, [] { throw std::runtime_error("handler failed"); });
  boost::asio::post(ioc, [&ran] { ++ran; });
  boost::asio::post(ioc, [] { throw std::bad_alloc(); });
  boost::asio::post(ioc, [] { throw 3; });
  boost::asio::post(ioc, [&ran] { ++ran; });
  RunIoContext(ioc);
  EXPECT_EQ(ran, 2);
  EXPECT_TRUE(ioc.stopped());
}

TEST(IoThreadTest, ReturnsWhenStopped) {
  boost::asio::io_context ioc;
  bool after_stop = false;
  boost::asio::post(ioc, [&ioc] { ioc.stop(); });
  boost::asio::post(ioc, [&after_stop] { after_stop = true; });
  RunIoContext(ioc);
  EXPECT_FALSE(after_stop);
}

}  // namespace
}  // namespace monotable::server
