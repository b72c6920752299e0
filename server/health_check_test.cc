#include "server/health_check.h"

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace monotable::server {
namespace {

TEST(HealthCheckUrlTest, Parses) {
  auto a = ParseHealthCheckUrl("http://127.0.0.1:8000/");
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a->host, "127.0.0.1");
  EXPECT_EQ(a->port, "8000");
  EXPECT_EQ(a->target, "/");

  auto b = ParseHealthCheckUrl("http://localhost");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->host, "localhost");
  EXPECT_EQ(b->port, "80");
  EXPECT_EQ(b->target, "/");

  auto c = ParseHealthCheckUrl("http://[::1]:9000/health?x=1");
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->host, "::1");
  EXPECT_EQ(c->port, "9000");
  EXPECT_EQ(c->target, "/health?x=1");
}

TEST(HealthCheckUrlTest, Rejects) {
  for (const char* url :
       {"https://127.0.0.1/", "127.0.0.1:8000", "http://", "http://:80/", "http://h:0/",
        "http://h:99999/", "http://h:8x/", "http://[::1/", "http://[::1]x/"}) {
    auto parsed = ParseHealthCheckUrl(url);
    ASSERT_FALSE(parsed.ok()) << url;
    EXPECT_EQ(parsed.status().code(), ErrorCode::kValidation) << url;
    EXPECT_NE(parsed.status().message().find("expected http://HOST[:PORT][/PATH]"),
              std::string::npos);
  }
}

TEST(HealthCheckTest, RefusedConnectionIsUnhealthy) {
  // A port that was just free: nothing listens there.
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::acceptor probe(ioc, {boost::asio::ip::make_address("127.0.0.1"), 0});
  const auto port = probe.local_endpoint().port();
  probe.close();
  Status s = CheckHealth("http://127.0.0.1:" + std::to_string(port) + "/",
                         std::chrono::milliseconds(3000));
  EXPECT_EQ(s.code(), ErrorCode::kInternal);
  EXPECT_NE(s.message().find("cannot connect"), std::string::npos) << s.message();
}

TEST(HealthCheckTest, SilentServerTimesOut) {
  // Listening but never accepting: the connection completes (backlog), no answer comes.
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::acceptor silent(ioc, {boost::asio::ip::make_address("127.0.0.1"), 0});
  Status s = CheckHealth("http://127.0.0.1:" + std::to_string(silent.local_endpoint().port()),
                         std::chrono::milliseconds(200));
  EXPECT_EQ(s.code(), ErrorCode::kInternal);
  EXPECT_NE(s.message().find("within 200 ms"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace monotable::server
