#include "server/http_session.h"

#include <chrono>

#include <boost/asio/dispatch.hpp>

namespace monotable::server {
namespace {
// Idle keep-alive connections are closed after this long.
constexpr std::chrono::seconds kIdleTimeout(300);
}  // namespace

HttpSession::HttpSession(boost::asio::ip::tcp::socket socket,
                         std::unique_ptr<ConnectionHandler> handler, size_t body_limit)
    : stream_(std::move(socket)), handler_(std::move(handler)), body_limit_(body_limit) {}

void HttpSession::Run() {
  boost::asio::dispatch(stream_.get_executor(),
                        beast::bind_front_handler(&HttpSession::Read, shared_from_this()));
}

void HttpSession::Read() {
  parser_.emplace();
  parser_->body_limit(body_limit_);
  stream_.expires_after(kIdleTimeout);
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::OnRead, shared_from_this()));
}

void HttpSession::OnRead(beast::error_code ec, size_t /*bytes*/) {
  if (ec == http::error::body_limit) {
    Write(handler_->BodyTooLarge(parser_->get().version()), /*close_after=*/true);
    return;
  }
  if (ec) return Close();  // end of stream, timeout, reset or a malformed request
  HttpRequest request = parser_->release();
  HttpResponse response = handler_->Handle(request);
  bool close = !response.keep_alive();
  Write(std::move(response), close);
}

void HttpSession::Write(HttpResponse response, bool close_after) {
  if (close_after) response.keep_alive(false);
  response_ = std::make_shared<HttpResponse>(std::move(response));
  http::async_write(stream_, *response_,
                    beast::bind_front_handler(&HttpSession::OnWrite, shared_from_this(),
                                              close_after));
}

void HttpSession::OnWrite(bool close, beast::error_code ec, size_t /*bytes*/) {
  response_.reset();
  if (ec || close) return Close();
  Read();
}

void HttpSession::Close() {
  beast::error_code ignored;
  stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
}

}  // namespace monotable::server
