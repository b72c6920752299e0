#pragma once
// HttpSession: one HTTP/1.x keep-alive connection. Reads requests with Beast's parser
// (bodies up to a limit), hands each to its ConnectionHandler and writes the reply as
// one gather write of a formatted head and the body. Knows nothing of DynamoDB.
//
// Thread-safety: the io_context may run on several threads, yet no strand is needed.
// A session is one chain of asynchronous operations (read, handle, write, read, ...);
// each is started from the previous one's handler, so its handlers never overlap (Asio's
// "implicit strand") and the completion/initiation pair orders their memory accesses.
// The idle timer is a second chain that touches only itself, an atomic flag and, to end
// an idle connection, socket shutdown(2) — a syscall on a descriptor that stays open
// until the session is destroyed, which cannot happen while the timer handler holds it.

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/http_reply.h"

namespace monotable::server {

namespace beast = boost::beast;
namespace http = beast::http;
using HttpRequest = http::request<http::string_body>;
// Bound to the io_context's executor type: no type-erased executor on the hot path.
using TcpSocket =
    boost::asio::basic_stream_socket<boost::asio::ip::tcp, boost::asio::io_context::executor_type>;

// Per-connection request handling (it may keep per-connection scratch state). Both
// calls fill a reply that the session has Reset().
class ConnectionHandler {
 public:
  virtual ~ConnectionHandler() = default;
  virtual void Handle(HttpRequest& request, HttpReply& reply) = 0;
  // The answer when a request body exceeds the limit; the connection then closes.
  virtual void BodyTooLarge(HttpReply& reply) = 0;
};

using ConnectionHandlerFactory = std::function<std::unique_ptr<ConnectionHandler>()>;

struct SessionLimits {
  size_t body_limit = 0;  // larger request bodies get handler->BodyTooLarge()
  // A connection without a request for this long (up to twice as long: the idle timer
  // ticks once per period) is closed.
  std::chrono::steady_clock::duration idle_timeout = std::chrono::seconds(300);
};

// A fresh request parser as every session sets it up for `limits`; the HTTP fuzz
// harness uses it too, so it fuzzes the parser the server really runs.
void ConfigureRequestParser(const SessionLimits& limits,
                            std::optional<http::request_parser<http::string_body>>& parser);

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(TcpSocket socket, std::unique_ptr<ConnectionHandler> handler,
              const SessionLimits& limits);
  void Run();

 private:
  using IdleTimer =
      boost::asio::basic_waitable_timer<std::chrono::steady_clock,
                                        boost::asio::wait_traits<std::chrono::steady_clock>,
                                        boost::asio::io_context::executor_type>;

  void Read();
  void OnRead(beast::error_code ec);
  void Write(unsigned version, bool keep_alive, bool send_body);
  void OnWrite(bool keep_alive, beast::error_code ec);
  void Close();
  void WaitIdleTick();
  void OnIdleTick();

  TcpSocket socket_;
  IdleTimer idle_timer_;
  // Set by every request; the idle timer clears it and closes the connection when it
  // finds it already clear, i.e. after one whole idle period without a request.
  std::atomic<bool> request_since_tick_{false};
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::unique_ptr<ConnectionHandler> handler_;
  HttpReply reply_;   // reused: its header buffer keeps its capacity
  std::string head_;  // the formatted status line and headers, reused likewise
  SessionLimits limits_;
};

}  // namespace monotable::server
