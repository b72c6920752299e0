#include "server/http_session.h"

#include <array>
#include <boost/asio/write.hpp>

namespace monotable::server {
namespace {
constexpr size_t kReadBufferBytes = 16 * 1024;
}  // namespace

HttpSession::HttpSession(TcpSocket socket, std::unique_ptr<ConnectionHandler> handler,
                         const SessionLimits& limits)
    : socket_(std::move(socket)),
      idle_timer_(socket_.get_executor()),
      handler_(std::move(handler)),
      limits_(limits) {
  // Beast reads at most the buffer's free capacity (512 bytes when it is empty), so a
  // request larger than that (an SDK's headers alone come close) took two or more recv
  // calls. With room for a typical request, one does (strace: 1.57 -> 1.28 recvfrom
  // per Query at 64 connections).
  buffer_.reserve(kReadBufferBytes);
}

void HttpSession::Run() {
  WaitIdleTick();
  Read();
}

// The idle timer ticks once per period instead of being re-armed on every request.
void HttpSession::WaitIdleTick() {
  idle_timer_.expires_after(limits_.idle_timeout);
  // A weak reference: a closed connection's session is freed at once, not at the tick.
  idle_timer_.async_wait([weak = weak_from_this()](beast::error_code ec) {
    if (ec) return;  // cancelled: the session is being destroyed
    if (auto self = weak.lock()) self->OnIdleTick();
  });
}

void HttpSession::OnIdleTick() {
  if (request_since_tick_.exchange(false, std::memory_order_relaxed)) return WaitIdleTick();
  // Idle for a whole period: shutting the socket down fails the pending read, which
  // ends the session's chain. (See the header for why this is safe without a strand.)
  beast::error_code ignored;
  socket_.shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
}

void ConfigureRequestParser(const SessionLimits& limits,
                            std::optional<http::request_parser<http::string_body>>& parser) {
  parser.emplace();
  parser->body_limit(limits.body_limit);
}

void HttpSession::Read() {
  ConfigureRequestParser(limits_, parser_);
  http::async_read(
      socket_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, size_t /*bytes*/) { self->OnRead(ec); });
}

void HttpSession::OnRead(beast::error_code ec) {
  reply_.Reset();
  if (ec == http::error::body_limit) {
    handler_->BodyTooLarge(reply_);
    return Write(parser_->get().version(), /*keep_alive=*/false, /*send_body=*/true);
  }
  if (ec) return Close();  // end of stream, idle shutdown, reset or a malformed request
  request_since_tick_.store(true, std::memory_order_relaxed);
  HttpRequest& request = parser_->get();
  handler_->Handle(request, reply_);
  // A HEAD answer carries the headers of the GET answer, without its body.
  Write(request.version(), request.keep_alive(), request.method() != http::verb::head);
}

void HttpSession::Write(unsigned version, bool keep_alive, bool send_body) {
  FormatResponseHead(reply_, version, keep_alive, head_);
  std::array<boost::asio::const_buffer, 2> buffers{
      boost::asio::buffer(head_),
      boost::asio::buffer(reply_.body.data(), send_body ? reply_.body.size() : 0)};
  boost::asio::async_write(
      socket_, buffers,
      [self = shared_from_this(), keep_alive](beast::error_code ec, size_t /*bytes*/) {
        self->OnWrite(keep_alive, ec);
      });
}

void HttpSession::OnWrite(bool keep_alive, beast::error_code ec) {
  if (ec || !keep_alive) return Close();
  Read();
}

void HttpSession::Close() {
  beast::error_code ignored;
  socket_.shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
  // The chain ends here. The idle timer's wait holds only a weak reference, so the
  // session is destroyed once this handler returns, and its destructor cancels that
  // wait (touching the timer here could race with its handler on another thread).
}

}  // namespace monotable::server
