#pragma once
// HttpSession: one HTTP/1.x keep-alive connection. Reads requests with RequestParser
// (http_request.h: Beast's parser, stored flat; bodies up to a limit), hands each to its
// ConnectionHandler and writes the reply as one gather write of a formatted head and the body.
// Knows nothing of DynamoDB. BasicHttpSession<TlsStream> (TlsHttpSession) is the same over TLS: it
// completes the server handshake first; the idle timer bounds a stalled handshake too.
//
// Thread-safety: the io_context may run on several threads, yet no strand is needed.
// A session is one chain of asynchronous operations (read, handle, write, read, ...);
// each is started from the previous one's handler, so its handlers never overlap (Asio's
// "implicit strand") and the completion/initiation pair orders their memory accesses.
// A request the handler says RunsLong is handled on the limits' WorkerPool instead (one
// more link of the chain, on a worker thread) and its reply is posted back to the
// socket's executor to be written. The next request is read only after a reply is
// written, so one connection's replies stay in request order, pipelined or not. A reply
// with a delay (an injected fault's latency) waits on a timer of the session's own,
// one more link of the chain.
// The handler's exceptions are caught per request: the answer is handler->Failed()
// (a 500) and an error log line, and the connection goes on.
// The idle timer is a second chain that touches only itself, atomics and, to end an idle
// or too slow connection, socket shutdown(2) — a syscall on a descriptor that stays open
// until the session is destroyed, which cannot happen while the timer handler holds it.
//
// A request is read in two steps: its header section (bounded in size by header_limit
// and, from the arrival of its first bytes, in time by header_timeout), then, after a
// `100 Continue` when the client asked for one, its body. Over TLS there is no separate
// first read (the TLS layer may already hold the next request's bytes, which the socket
// would not show), so no header timeout either: a slow client there is bounded by the
// idle timeout only.

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "server/connection_tracker.h"
#include "server/http_reply.h"
#include "server/http_request.h"
#include "server/worker_pool.h"

namespace monotable::server {

namespace beast = boost::beast;
namespace http = beast::http;
// Bound to the io_context's executor type: no type-erased executor on the hot path.
using TcpSocket =
    boost::asio::basic_stream_socket<boost::asio::ip::tcp, boost::asio::io_context::executor_type>;
using TlsStream = boost::asio::ssl::stream<TcpSocket>;

// Per-connection request handling (it may keep per-connection scratch state). Both
// calls fill a reply that the session has Reset().
class ConnectionHandler {
 public:
  virtual ~ConnectionHandler() = default;
  virtual void Handle(HttpRequest& request, HttpReply& reply) = 0;
  // The answer when a request body exceeds the limit; the connection then closes.
  virtual void BodyTooLarge(HttpReply& reply) = 0;
  // The answer when the header section exceeds header_limit (`what` says which limit:
  // "header section" or "request line", and `limit` its size); the connection then
  // closes. By default a plain 400.
  virtual void HeaderTooLarge(std::string_view what, size_t limit, HttpReply& reply);
  // True for a request that may take long (a page read, a batch): the session hands it
  // to its WorkerPool, when it has one, so that the I/O thread stays free. By default
  // false. Called on the I/O thread before Handle.
  virtual bool RunsLong(const HttpRequest& /*request*/) const { return false; }
  // The answer when Handle threw (the exception is logged): by default a plain 500.
  virtual void Failed(HttpReply& reply);
};

using ConnectionHandlerFactory = std::function<std::unique_ptr<ConnectionHandler>()>;

struct SessionLimits {
  size_t body_limit = 0;  // larger request bodies get handler->BodyTooLarge()
  // A connection without a request for this long (up to twice as long: the idle timer
  // ticks once per period) is closed.
  std::chrono::steady_clock::duration idle_timeout = std::chrono::seconds(300);
  // The request line and headers together, and the request line alone, at most.
  size_t header_limit = 16 * 1024;
  size_t request_line_limit = 8 * 1024;
  // A request's header section must arrive within this time of its first byte (up to
  // twice as long: checked on the idle timer's ticks, which come at least this often).
  std::chrono::steady_clock::duration header_timeout = std::chrono::seconds(20);
  // Counts requests in flight and says when the server drains; may be null (tests).
  ConnectionTracker* tracker = nullptr;
  // Runs the requests the handler says RunsLong; null: every request on its I/O thread.
  WorkerPool* workers = nullptr;
};

// A fresh request parser as every session sets it up for `limits`, filling `request`
// (cleared; it must outlive the parser); the HTTP fuzz harness uses it too, so it
// fuzzes the parser the server really runs.
void ConfigureRequestParser(const SessionLimits& limits, std::optional<RequestParser>& parser,
                            HttpRequest& request);

template <class Stream>
class BasicHttpSession : public std::enable_shared_from_this<BasicHttpSession<Stream>> {
 public:
  // `slot` (optional) counts the connection as open for as long as the session lives.
  // `tls_context`: the TLS context `stream` was made with, kept alive as long as the
  // session (a SIGHUP reload swaps in a new one for later connections only).
  BasicHttpSession(Stream stream, std::unique_ptr<ConnectionHandler> handler,
                   const SessionLimits& limits, ConnectionTracker::Slot slot = {},
                   std::shared_ptr<boost::asio::ssl::context> tls_context = nullptr);
  ~BasicHttpSession();
  void Run();

 private:
  using IdleTimer =
      boost::asio::basic_waitable_timer<std::chrono::steady_clock,
                                        boost::asio::wait_traits<std::chrono::steady_clock>,
                                        boost::asio::io_context::executor_type>;

  void Read();
  void OnReadable(beast::error_code ec);
  void OnHeader(beast::error_code ec);
  void ReadBody();
  void OnRead(beast::error_code ec);
  // Answers a read error that has an answer (a limit exceeded); false for the others.
  bool AnswerReadError(beast::error_code ec);
  void EndRequest();
  // Handle() inside the request's exception boundary; on a worker for a long request.
  void Serve();
  // Writes the reply Serve() filled; on the socket's executor. An injected fault's
  // reply waits for its delay first, or resets the connection instead (ResetConnection).
  void Answer();
  // Ends the connection with a TCP RST: SO_LINGER 0, then the session lets go of the
  // socket (its destructor closes it) without a shutdown's FIN.
  void ResetConnection();
  void Write(unsigned version, bool keep_alive, bool send_body);
  void OnWrite(bool keep_alive, beast::error_code ec);
  void Close();
  void WaitIdleTick();
  void OnIdleTick();

  std::shared_ptr<boost::asio::ssl::context> tls_context_;
  Stream stream_;
  IdleTimer idle_timer_;
  // Set by every request; the idle timer clears it and closes the connection when it
  // finds it already clear, i.e. after one whole idle period without a request.
  std::atomic<bool> request_since_tick_{false};
  // When the current request's first byte was seen (steady clock, ns), while its header
  // section is being read; 0 otherwise. Written by the read chain, read by the timer.
  std::atomic<int64_t> header_started_ns_{0};
  int idle_ticks_ = 0;       // the timer chain's own: ticks in a row without a request
  bool in_request_ = false;  // the read chain's own: a request is counted in flight
  beast::flat_buffer buffer_;
  HttpRequest request_;  // reused: its buffers keep their capacity
  std::optional<RequestParser> parser_;
  std::unique_ptr<ConnectionHandler> handler_;
  HttpReply reply_;  // reused: its header buffer keeps its capacity
  // Made on the first delayed reply only, so an idle connection does not carry it.
  std::unique_ptr<IdleTimer> delay_timer_;
  std::string head_;  // the formatted status line and headers, reused likewise
  SessionLimits limits_;
  ConnectionTracker::Slot slot_;
};

using HttpSession = BasicHttpSession<TcpSocket>;
using TlsHttpSession = BasicHttpSession<TlsStream>;

}  // namespace monotable::server
