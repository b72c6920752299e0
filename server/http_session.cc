#include "server/http_session.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/stream_traits.hpp>
#include <boost/beast/core/string.hpp>
#include <type_traits>

#include "engine/base/catch_all.h"

namespace monotable::server {
namespace {
constexpr size_t kReadBufferBytes = 16 * 1024;
constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

int64_t NowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Feeds the bytes already buffered to `parser` until `done(parser)` holds or it needs
// more; returns the parse error, if any (needing more bytes is none). Parsing here what
// one read brought saves the trip through the io_context that Beast's async_read* takes
// to complete even when the buffer already holds everything.
template <class Done>
beast::error_code ParseBuffered(RequestParser& parser, beast::flat_buffer& buffer, Done done) {
  beast::error_code ec;
  while (!done(parser) && buffer.size() > 0) {
    const size_t used = parser.put(buffer.data(), ec);
    buffer.consume(used);
    if (ec == http::error::need_more) ec = {};
    if (ec || used == 0) break;
  }
  return ec;
}

// The peer's address as aws:SourceIp shows it: an IPv4 client of a dual-stack listener
// is its IPv4 address, not "::ffff:127.0.0.1". Empty when the socket has no peer.
std::string PeerAddress(const TcpSocket& socket) {
  beast::error_code ec;
  auto endpoint = socket.remote_endpoint(ec);
  if (ec) return "";
  auto address = endpoint.address();
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6())
        .to_string();
  }
  return address.to_string();
}

}  // namespace

void ConnectionHandler::HeaderTooLarge(std::string_view what, size_t limit, HttpReply& reply) {
  reply.status = 400;
  reply.body =
      "request " + std::string(what) + " too large: over " + std::to_string(limit) + " bytes\n";
}

void ConnectionHandler::Failed(HttpReply& reply) {
  reply.status = 500;
  reply.body = "internal server error\n";
}

template <class Stream>
BasicHttpSession<Stream>::BasicHttpSession(Stream stream,
                                           std::unique_ptr<ConnectionHandler> handler,
                                           const SessionLimits& limits,
                                           ConnectionTracker::Slot slot,
                                           std::shared_ptr<boost::asio::ssl::context> tls_context)
    : tls_context_(std::move(tls_context)),
      stream_(std::move(stream)),
      idle_timer_(stream_.get_executor()),
      handler_(std::move(handler)),
      limits_(limits),
      slot_(std::move(slot)) {
  // Beast reads at most the buffer's free capacity (512 bytes when it is empty), so a
  // request larger than that (an SDK's headers alone come close) took two or more recv
  // calls. With room for a typical request, one does (strace: 1.57 -> 1.28 recvfrom
  // per Query at 64 connections).
  buffer_.reserve(kReadBufferBytes);
}

template <class Stream>
BasicHttpSession<Stream>::~BasicHttpSession() {
  EndRequest();
}

template <class Stream>
void BasicHttpSession<Stream>::Run() {
  WaitIdleTick();
  request_.set_connection(PeerAddress(beast::get_lowest_layer(stream_)),
                          std::is_same_v<Stream, TlsStream>);
  if constexpr (std::is_same_v<Stream, TlsStream>) {
    stream_.async_handshake(boost::asio::ssl::stream_base::server,
                            [self = this->shared_from_this()](beast::error_code ec) {
                              if (ec) return self->Close();  // not TLS, or no common cipher
                              self->Read();
                            });
  } else {
    Read();
  }
}

// The idle timer ticks once per period instead of being re-armed on every request. The
// period is the shorter of the idle and header timeouts, so both are checked in time.
template <class Stream>
void BasicHttpSession<Stream>::WaitIdleTick() {
  idle_timer_.expires_after(std::min(limits_.idle_timeout, limits_.header_timeout));
  // A weak reference: a closed connection's session is freed at once, not at the tick.
  idle_timer_.async_wait([weak = this->weak_from_this()](beast::error_code ec) {
    if (ec) return;  // cancelled: the session is being destroyed
    if (auto self = weak.lock()) self->OnIdleTick();
  });
}

template <class Stream>
void BasicHttpSession<Stream>::OnIdleTick() {
  const auto period = std::min(limits_.idle_timeout, limits_.header_timeout);
  idle_ticks_ =
      request_since_tick_.exchange(false, std::memory_order_relaxed) ? 0 : idle_ticks_ + 1;
  const bool idle = idle_ticks_ * period >= limits_.idle_timeout;
  const int64_t started = header_started_ns_.load(std::memory_order_relaxed);
  const bool slow_header =
      started != 0 && std::chrono::nanoseconds(NowNs() - started) >= limits_.header_timeout;
  if (!idle && !slow_header) return WaitIdleTick();
  // Shutting the socket down fails the pending read, which ends the session's chain.
  // (See the header for why this is safe without a strand.)
  beast::error_code ignored;
  beast::get_lowest_layer(stream_).shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
}

void ConfigureRequestParser(const SessionLimits& limits, std::optional<RequestParser>& parser,
                            HttpRequest& request) {
  parser.emplace(request);
  parser->body_limit(limits.body_limit);
  parser->header_limit(static_cast<std::uint32_t>(limits.header_limit));
}

template <class Stream>
void BasicHttpSession<Stream>::Read() {
  if (limits_.tracker != nullptr && limits_.tracker->draining()) return Close();
  ConfigureRequestParser(limits_, parser_, request_);
  if (buffer_.size() > 0) return OnReadable({});  // a pipelined request is already here
  if constexpr (std::is_same_v<Stream, TlsStream>) {
    // Over TLS, read at once: the TLS layer may hold buffered bytes (see the header).
    OnReadable({});
  } else {
    // Read the first bytes before parsing: from then on the header timeout runs, while a
    // connection with nothing to say is only subject to the idle timeout. A read, not a
    // wait for readability: Asio re-arms the descriptor with epoll_ctl(2) for every
    // async_wait (Boost 1.74, epoll_reactor::start_op), one more syscall per request,
    // while a read waits on the registration the socket already has and receives the
    // bytes in the same reactor pass (strace at 64 connections: 1.01 -> 0 epoll_ctl
    // per GetItem; bench/PERFORMANCE.md).
    stream_.async_read_some(buffer_.prepare(kReadBufferBytes),
                            [self = this->shared_from_this()](beast::error_code ec, size_t bytes) {
                              self->buffer_.commit(bytes);
                              self->OnReadable(ec);
                            });
  }
}

template <class Stream>
void BasicHttpSession<Stream>::OnReadable(beast::error_code ec) {
  if (ec) return Close();
  // Not over TLS: there the read starts before any byte is known to have come (see
  // Read), so a header timeout would cut idle keep-alive connections.
  if constexpr (!std::is_same_v<Stream, TlsStream>) {
    header_started_ns_.store(NowNs(), std::memory_order_relaxed);
  }
  if (limits_.tracker != nullptr) limits_.tracker->RequestStarted();
  in_request_ = true;
  // The header section nearly always came whole with the first read.
  ec = ParseBuffered(*parser_, buffer_, [](const RequestParser& p) { return p.is_header_done(); });
  if (ec || parser_->is_header_done()) return OnHeader(ec);
  http::async_read_header(
      stream_, buffer_, *parser_,
      [self = this->shared_from_this()](beast::error_code read_error, size_t /*bytes*/) {
        self->OnHeader(read_error);
      });
}

template <class Stream>
void BasicHttpSession<Stream>::OnHeader(beast::error_code ec) {
  header_started_ns_.store(0, std::memory_order_relaxed);
  if (ec) {
    reply_.Reset();
    if (!AnswerReadError(ec)) Close();
    return;
  }
  const HttpRequest& request = parser_->get();
  // "METHOD SP target SP HTTP/1.1": the separators and version add 10 bytes.
  if (request.method_string().size() + request.target().size() + 10 > limits_.request_line_limit) {
    reply_.Reset();
    handler_->HeaderTooLarge("request line", limits_.request_line_limit, reply_);
    return Write(request.version(), /*keep_alive=*/false, /*send_body=*/true);
  }
  if (!parser_->is_done() && buffer_.size() > 0) {
    // The body usually came with the headers.
    parser_->eager(true);
    ec = ParseBuffered(*parser_, buffer_, [](const RequestParser& p) { return p.is_done(); });
    if (ec) return OnRead(ec);
  }
  if (parser_->is_done()) return OnRead({});
  // RFC 9110 §10.1.1: a client that sent `Expect: 100-continue` may wait for this
  // interim answer before it sends the body (curl waits 1 s; some clients forever).
  const std::string_view expect = request[http::field::expect];
  if (request.version() >= 11 &&
      beast::iequals(beast::string_view(expect.data(), expect.size()), "100-continue")) {
    return boost::asio::async_write(
        stream_, boost::asio::buffer(kContinue),
        [self = this->shared_from_this()](beast::error_code write_error, size_t) {
          if (write_error) return self->Close();
          self->ReadBody();
        });
  }
  ReadBody();
}

template <class Stream>
void BasicHttpSession<Stream>::ReadBody() {
  http::async_read(stream_, buffer_, *parser_,
                   [self = this->shared_from_this()](beast::error_code ec, size_t /*bytes*/) {
                     self->OnRead(ec);
                   });
}

template <class Stream>
bool BasicHttpSession<Stream>::AnswerReadError(beast::error_code ec) {
  // A limit exceeded gets an answer and then the connection closes: the rest of the
  // request is not read.
  if (ec == http::error::body_limit) {
    handler_->BodyTooLarge(reply_);
  } else if (ec == http::error::header_limit) {
    handler_->HeaderTooLarge("header section", limits_.header_limit, reply_);
  } else {
    return false;
  }
  unsigned version = parser_->get().version();
  Write(version == 10 ? 10 : 11, /*keep_alive=*/false, /*send_body=*/true);
  return true;
}

template <class Stream>
void BasicHttpSession<Stream>::OnRead(beast::error_code ec) {
  reply_.Reset();
  if (ec) {
    // End of stream, idle shutdown, reset or a malformed request: no answer.
    if (!AnswerReadError(ec)) Close();
    return;
  }
  request_since_tick_.store(true, std::memory_order_relaxed);
  if (limits_.workers != nullptr && handler_->RunsLong(parser_->get())) {
    // Nothing else touches the session until Answer(): the worker's queue and the
    // io_context's post order the memory accesses of this hand-over and of the return.
    WorkerPool::Task task = [self = this->shared_from_this()] {
      self->Serve();
      boost::asio::post(self->stream_.get_executor(), [self] { self->Answer(); });
    };
    if (limits_.workers->Post(task)) return;
    // The pool has stopped (the server is going down): serve it here.
  }
  Serve();
  Answer();
}

template <class Stream>
void BasicHttpSession<Stream>::Serve() {
  Status thrown = CatchAll([this] { handler_->Handle(parser_->get(), reply_); });
  if (thrown.ok()) return;
  spdlog::error("request handler threw an exception: {}", thrown.message());
  reply_.Reset();
  handler_->Failed(reply_);
}

template <class Stream>
void BasicHttpSession<Stream>::Answer() {
  if (reply_.reset_connection) return ResetConnection();
  if (reply_.delay_ms > 0) {
    if (!delay_timer_) delay_timer_ = std::make_unique<IdleTimer>(stream_.get_executor());
    delay_timer_->expires_after(std::chrono::milliseconds(reply_.delay_ms));
    reply_.delay_ms = 0;
    return delay_timer_->async_wait([self = this->shared_from_this()](beast::error_code ec) {
      if (ec) return self->Close();
      self->Answer();
    });
  }
  const HttpRequest& request = parser_->get();
  // While the server drains, this answer is the connection's last.
  const bool keep_alive =
      request.keep_alive() && (limits_.tracker == nullptr || !limits_.tracker->draining());
  // A HEAD answer carries the headers of the GET answer, without its body.
  Write(request.version(), keep_alive, request.method() != http::verb::head);
}

template <class Stream>
void BasicHttpSession<Stream>::Write(unsigned version, bool keep_alive, bool send_body) {
  FormatResponseHead(reply_, version, keep_alive, head_);
  std::array<boost::asio::const_buffer, 2> buffers{
      boost::asio::buffer(head_),
      boost::asio::buffer(reply_.body.data(), send_body ? reply_.body.size() : 0)};
  boost::asio::async_write(
      stream_, buffers,
      [self = this->shared_from_this(), keep_alive](beast::error_code ec, size_t /*bytes*/) {
        self->OnWrite(keep_alive, ec);
      });
}

template <class Stream>
void BasicHttpSession<Stream>::OnWrite(bool keep_alive, beast::error_code ec) {
  EndRequest();
  if (ec || !keep_alive) return Close();
  Read();
}

template <class Stream>
void BasicHttpSession<Stream>::EndRequest() {
  if (!in_request_) return;
  in_request_ = false;
  if (limits_.tracker != nullptr) limits_.tracker->RequestFinished();
}

template <class Stream>
void BasicHttpSession<Stream>::ResetConnection() {
  EndRequest();
  beast::error_code ignored;
  beast::get_lowest_layer(stream_).set_option(boost::asio::socket_base::linger(true, 0), ignored);
  // No read is started: once this handler returns, the last reference goes and the
  // destructor closes the socket, which SO_LINGER 0 turns into a reset.
}

template <class Stream>
void BasicHttpSession<Stream>::Close() {
  EndRequest();
  beast::error_code ignored;
  // Over TLS too, a TCP half-close without close_notify: every reply carries its
  // Content-Length, so a client cannot mistake a truncated reply for a whole one.
  beast::get_lowest_layer(stream_).shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
  // The chain ends here. The idle timer's wait holds only a weak reference, so the
  // session is destroyed once this handler returns, and its destructor cancels that
  // wait (touching the timer here could race with its handler on another thread).
}

template class BasicHttpSession<TcpSocket>;
template class BasicHttpSession<TlsStream>;

}  // namespace monotable::server
