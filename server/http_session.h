#pragma once
// HttpSession: one HTTP/1.1 keep-alive connection on Beast. Reads requests (bodies up
// to a limit), hands each to its ConnectionHandler and writes the response. Knows
// nothing of DynamoDB. Runs on the connection's strand; not shared across threads.

#include <functional>
#include <memory>
#include <optional>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace monotable::server {

namespace beast = boost::beast;
namespace http = beast::http;
using HttpRequest = http::request<http::string_body>;
using HttpResponse = http::response<http::string_body>;

// Per-connection request handling (it may keep per-connection scratch state).
class ConnectionHandler {
 public:
  virtual ~ConnectionHandler() = default;
  virtual HttpResponse Handle(HttpRequest& request) = 0;
  // The answer when a request body exceeds the limit; the connection then closes.
  virtual HttpResponse BodyTooLarge(unsigned version) = 0;
};

using ConnectionHandlerFactory = std::function<std::unique_ptr<ConnectionHandler>()>;

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket socket, std::unique_ptr<ConnectionHandler> handler,
              size_t body_limit);
  void Run();

 private:
  void Read();
  void OnRead(beast::error_code ec, size_t bytes);
  void Write(HttpResponse response, bool close_after);
  void OnWrite(bool close, beast::error_code ec, size_t bytes);
  void Close();

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::unique_ptr<ConnectionHandler> handler_;
  std::shared_ptr<HttpResponse> response_;
  size_t body_limit_;
};

}  // namespace monotable::server
