// HttpSession and Listener over real loopback sockets, with the io_context on two
// threads as in the server: keep-alive, the body limit, and the idle timeout (short
// here, so that the test does not wait minutes). Long requests on a WorkerPool: with one
// I/O thread, a request blocked on a worker holds up no other connection, replies keep
// request order, and a handler's exception is answered and logged.

#include "server/http_session.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <atomic>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <future>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engine/base/clock.h"
#include "engine/engine.h"
#include "engine/testing/in_memory_engine.h"
#include "engine/testing/log_capture.h"
#include "protocol/operations.h"
#include "server/listener.h"
#include "server/router.h"

namespace monotable::server {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

// Lets a test hold a long request inside its handler: /slow... targets wait for it.
struct Gate {
  std::promise<void> entered;  // set when a /slow handler starts (once)
  std::promise<void> open;
  std::shared_future<void> opened = open.get_future().share();
  std::atomic<bool> entered_set{false};
  std::atomic<bool> open_set{false};
  void Open() {
    if (!open_set.exchange(true)) open.set_value();
  }
};

// Answers every request with its target, and "too large" past the body limit. Targets
// starting with /slow run long (on the worker pool) and wait for the gate; targets
// ending in "boom" throw.
class EchoTarget final : public ConnectionHandler {
 public:
  explicit EchoTarget(Gate* gate) : gate_(gate) {}
  void Handle(HttpRequest& request, HttpReply& reply) override {
    std::string target(request.target());
    if (target.ends_with("boom")) throw std::runtime_error("handler failed on " + target);
    if (target.starts_with("/slow") && gate_ != nullptr) {
      if (!gate_->entered_set.exchange(true)) gate_->entered.set_value();
      gate_->opened.wait();
    }
    reply.AddHeader("Content-Type", "text/plain");
    reply.body = target;
  }
  bool RunsLong(const HttpRequest& request) const override {
    return request.target().starts_with("/slow");
  }
  void BodyTooLarge(HttpReply& reply) override {
    reply.status = 413;
    reply.body = "too large";
  }

 private:
  Gate* gate_;
};

class HttpSessionTest : public ::testing::Test {
 protected:
  void Start(SessionLimits limits, int io_threads = 2, ConnectionHandlerFactory factory = {}) {
    if (!factory) factory = [this] { return std::make_unique<EchoTarget>(&gate_); };
    loops_.emplace(io_threads);
    auto listener = Listener::Bind(*loops_, {asio::ip::make_address("127.0.0.1"), 0},
                                   std::move(factory), limits);
    ASSERT_TRUE(listener.ok());
    listener_ = *listener;
    listener_->Start();
    threads_.emplace_back([this] { loops_->Run(); });
  }

  void TearDown() override { StopServer(); }

  // Idempotent: TearDown calls it again.
  void StopServer() {
    gate_.Open();  // a test that failed with a request still held must not hang here
    if (listener_) asio::post(loops_->First(), [l = listener_] { l->Stop(); });
    if (loops_) loops_->Stop();
    for (auto& t : threads_) t.join();
    threads_.clear();
    listener_.reset();
    workers_.Stop();
    loops_.reset();
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

  static std::string Get(const std::string& target) {
    return "GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n";
  }
  static std::string Echoed(const std::string& target) {
    return "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " +
           std::to_string(target.size()) + "\r\n\r\n" + target;
  }

  Gate gate_;
  WorkerPool workers_{1};
  std::optional<IoContexts> loops_;
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

// One I/O thread: were the long request served on it, the other connection would get
// no answer while the handler waits (the read would give up after 10 s and fail).
TEST_F(HttpSessionTest, ALongRequestOnAWorkerHoldsUpNoOtherConnection) {
  Start({.body_limit = 1024, .workers = &workers_}, /*io_threads=*/1);
  tcp::socket slow = Connect();
  asio::write(slow, asio::buffer(Get("/slow-page")));
  gate_.entered.get_future().wait();  // the long request is being served now
  tcp::socket fast = Connect();
  std::string pending;
  for (std::string target : {"/point-1", "/point-2"}) {
    asio::write(fast, asio::buffer(Get(target)));
    EXPECT_EQ(ReadResponse(fast, pending), Echoed(target));
  }
  gate_.Open();
  std::string slow_pending;
  EXPECT_EQ(ReadResponse(slow, slow_pending), Echoed("/slow-page"));
}

// Pipelined requests, long and short mixed, sent in one write: the replies come back in
// request order although the long ones are served on a worker.
TEST_F(HttpSessionTest, RepliesOnOneConnectionKeepRequestOrder) {
  Start({.body_limit = 1024, .workers = &workers_}, /*io_threads=*/1);
  gate_.Open();
  const std::vector<std::string> targets = {"/slow-1", "/a", "/slow-2", "/slow-3", "/b", "/c"};
  std::string pipelined;
  for (const auto& target : targets) pipelined += Get(target);
  tcp::socket socket = Connect();
  asio::write(socket, asio::buffer(pipelined));
  std::string pending;
  for (const auto& target : targets) EXPECT_EQ(ReadResponse(socket, pending), Echoed(target));
}

// A handler that throws, on the I/O thread or on a worker: the client gets the
// handler's Failed() answer (500), the log says why, and the connection goes on.
TEST_F(HttpSessionTest, AHandlerExceptionIsAnsweredAndLogged) {
  test_log::LogCapture log;
  Start({.body_limit = 1024, .workers = &workers_});
  tcp::socket socket = Connect();
  std::string pending;
  for (std::string target : {"/boom", "/slow-boom"}) {
    asio::write(socket, asio::buffer(Get(target)));
    EXPECT_EQ(ReadResponse(socket, pending),
              "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 22\r\n\r\n"
              "internal server error\n");
    asio::write(socket, asio::buffer(Get("/after")));
    EXPECT_EQ(ReadResponse(socket, pending), Echoed("/after"));
  }
  StopServer();  // every thread done before the log is read
  EXPECT_NE(log.text().find("request handler threw an exception: handler failed on /boom"),
            std::string::npos)
      << log.text();
  EXPECT_NE(log.text().find("handler failed on /slow-boom"), std::string::npos) << log.text();
}

// The routes' traits, through the Router and the Protocol (test routes named after
// DynamoDB's operations, classed as the protocol's are): a GetItem is answered while a
// Scan is held in its handler on the worker, with one I/O thread.
Gate* held_scan_gate = nullptr;
Result<std::string> HeldScan(const protocol::OperationContext&, protocol::JsonObject) {
  if (!held_scan_gate->entered_set.exchange(true)) held_scan_gate->entered.set_value();
  held_scan_gate->opened.wait();
  return std::string(R"({"Items":[],"Count":0,"ScannedCount":0})");
}
Result<std::string> QuickGetItem(const protocol::OperationContext&, protocol::JsonObject) {
  return std::string(R"({"Item":{"k":{"S":"a"}}})");
}
constexpr protocol::Route kHeldScanRoutes[] = {{"Scan", HeldScan, protocol::Runs::kOnWorker},
                                               {"GetItem", QuickGetItem, protocol::Runs::kInline}};

TEST_F(HttpSessionTest, AGetItemIsAnsweredWhileAScanIsServed) {
  auto engine =
      test_engine::OpenInMemory(std::make_unique<FakeClock>(1700000000000), size_t{8} << 20);
  ASSERT_NE(engine, nullptr);
  protocol::Protocol protocol(engine.get(), {}, kHeldScanRoutes);
  Router router(&protocol, engine.get(), "");
  held_scan_gate = &gate_;
  Start({.body_limit = 1024, .workers = &workers_}, /*io_threads=*/1,
        [&router] { return router.NewConnection(); });
  auto post = [](const std::string& operation, const std::string& body) {
    return "POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Target: DynamoDB_20120810." + operation +
           "\r\nAuthorization: AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/dynamodb/"
           "aws4_request, SignedHeaders=host, Signature=abc\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body;
  };
  tcp::socket scan = Connect();
  asio::write(scan, asio::buffer(post("Scan", R"({"TableName":"orders"})")));
  gate_.entered.get_future().wait();
  tcp::socket get = Connect();
  std::string pending;
  asio::write(get, asio::buffer(post("GetItem", R"({"TableName":"items","Key":{"k":{"S":"a"}}})")));
  const std::string got = ReadResponse(get, pending);
  EXPECT_TRUE(got.ends_with(R"({"Item":{"k":{"S":"a"}}})")) << got;
  gate_.Open();
  pending.clear();
  const std::string scanned = ReadResponse(scan, pending);
  EXPECT_TRUE(scanned.ends_with(R"("ScannedCount":0})")) << scanned;
  StopServer();  // sessions reference the router: stop before it goes
}

}  // namespace
}  // namespace monotable::server
