// HttpSession and Listener over real loopback sockets, with the io_context on two
// threads as in the server: keep-alive, the body limit, and the idle timeout (short
// here, so that the test does not wait minutes).

#include "server/http_session.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <string>
#include <thread>
#include <vector>

#include "server/listener.h"

namespace monotable::server {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

// Answers every request with its target, and "too large" past the body limit.
class EchoTarget final : public ConnectionHandler {
 public:
  void Handle(HttpRequest& request, HttpReply& reply) override {
    reply.AddHeader("Content-Type", "text/plain");
    reply.body = std::string(request.target());
  }
  void BodyTooLarge(HttpReply& reply) override {
    reply.status = 413;
    reply.body = "too large";
  }
};

class HttpSessionTest : public ::testing::Test {
 protected:
  void Start(SessionLimits limits) {
    auto listener = Listener::Bind(
        ioc_, {asio::ip::make_address("127.0.0.1"), 0},
        [] { return std::make_unique<EchoTarget>(); }, limits);
    ASSERT_TRUE(listener.ok());
    listener_ = *listener;
    listener_->Start();
    for (int i = 0; i < 2; ++i) threads_.emplace_back([this] { ioc_.run(); });
  }

  void TearDown() override {
    if (listener_) asio::post(ioc_, [l = listener_] { l->Stop(); });
    ioc_.stop();
    for (auto& t : threads_) t.join();
  }

  // A blocking client socket whose reads give up after 10 s (a hang fails the test).
  tcp::socket Connect() {
    tcp::socket socket(client_ioc_);
    socket.connect({asio::ip::make_address("127.0.0.1"), listener_->port()});
    timeval timeout{10, 0};
    setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    return socket;
  }

  // Reads one response head and its body (Content-Length); "" when the server closed.
  static std::string ReadResponse(tcp::socket& socket, std::string& pending) {
    boost::system::error_code ec;
    size_t head_end = asio::read_until(socket, asio::dynamic_buffer(pending), "\r\n\r\n", ec);
    if (ec) return "";
    std::string head = pending.substr(0, head_end);
    size_t at = head.find("Content-Length: ");
    EXPECT_NE(at, std::string::npos) << head;
    size_t length = std::stoul(head.substr(at + 16));
    if (pending.size() < head_end + length) {
      asio::read(socket, asio::dynamic_buffer(pending),
                 asio::transfer_exactly(head_end + length - pending.size()), ec);
      if (ec) return "";
    }
    std::string response = pending.substr(0, head_end + length);
    pending.erase(0, head_end + length);
    return response;
  }

  // True when the next read sees the server's end of stream (not a 10 s timeout).
  static bool ServerClosed(tcp::socket& socket) {
    char byte;
    boost::system::error_code ec;
    socket.read_some(asio::buffer(&byte, 1), ec);
    return ec == asio::error::eof || ec == asio::error::connection_reset;
  }

  asio::io_context ioc_;
  asio::io_context client_ioc_;
  std::shared_ptr<Listener> listener_;
  std::vector<std::thread> threads_;
};

TEST_F(HttpSessionTest, KeepAliveAnswersEachRequestInOneWrite) {
  Start({.body_limit = 1024});
  tcp::socket socket = Connect();
  std::string pending;
  for (std::string target : {"/a", "/bb", "/ccc"}) {
    asio::write(socket, asio::buffer("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n"));
    EXPECT_EQ(ReadResponse(socket, pending),
              "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " +
                  std::to_string(target.size()) + "\r\n\r\n" + target);
  }
}

TEST_F(HttpSessionTest, BodyOverTheLimitGetsTheHandlersAnswerThenClose) {
  Start({.body_limit = 16});
  tcp::socket socket = Connect();
  asio::write(socket, asio::buffer(std::string("POST / HTTP/1.1\r\nHost: x\r\n"
                                               "Content-Length: 17\r\n\r\n")));
  std::string pending;
  EXPECT_EQ(ReadResponse(socket, pending),
            "HTTP/1.1 413 Payload Too Large\r\nContent-Length: 9\r\nConnection: close\r\n\r\n"
            "too large");
  EXPECT_TRUE(ServerClosed(socket));
}

TEST_F(HttpSessionTest, IdleConnectionIsClosed) {
  Start({.body_limit = 1024, .idle_timeout = std::chrono::milliseconds(100)});
  tcp::socket silent = Connect();
  EXPECT_TRUE(ServerClosed(silent));

  // Also after a request: the connection is idle from then on.
  tcp::socket once = Connect();
  std::string pending;
  asio::write(once, asio::buffer(std::string("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")));
  EXPECT_NE(ReadResponse(once, pending), "");
  EXPECT_TRUE(ServerClosed(once));
}

TEST_F(HttpSessionTest, BusyConnectionOutlivesManyIdlePeriods) {
  Start({.body_limit = 1024, .idle_timeout = std::chrono::milliseconds(400)});
  tcp::socket socket = Connect();
  std::string pending;
  // A request every ~20 ms for over 1.2 s, three idle periods: each sees requests (a
  // timer that closed at every tick would cut the connection within the first).
  for (int i = 0; i < 60; ++i) {
    asio::write(socket, asio::buffer(std::string("GET /busy HTTP/1.1\r\nHost: x\r\n\r\n")));
    ASSERT_NE(ReadResponse(socket, pending), "") << "closed after " << i << " requests";
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace
}  // namespace monotable::server
