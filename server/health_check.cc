#include "server/health_check.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <charconv>

#include "server/dynamodb_local.h"

namespace monotable::server {
namespace {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using tcp = asio::ip::tcp;
using boost::system::error_code;

bool ValidPort(std::string_view port) {
  int value = 0;
  auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
  return ec == std::errc() && end == port.data() + port.size() && value > 0 && value <= 65535;
}

// One GET as a chain of asynchronous steps on a private io_context, so that one deadline
// (io_context::run_for) bounds all of them: resolve, connect, write, read.
class Probe {
 public:
  explicit Probe(const HealthCheckUrl& url) : url_(url), resolver_(ioc_), socket_(ioc_) {}

  Status Run(std::chrono::milliseconds timeout) {
    resolver_.async_resolve(
        url_.host, url_.port,
        [this](error_code ec, const tcp::resolver::results_type& r) { OnResolve(ec, r); });
    ioc_.run_for(timeout);
    if (!done_) {
      return Status::Internal("no answer from " + Where() + " within " +
                              std::to_string(timeout.count()) + " ms");
    }
    return result_;
  }

 private:
  std::string Where() const { return url_.host + ":" + url_.port; }

  void Finish(Status status) {
    done_ = true;
    result_ = std::move(status);
  }

  void OnResolve(error_code ec, const tcp::resolver::results_type& results) {
    if (ec) return Finish(Status::Internal("cannot resolve " + url_.host + ": " + ec.message()));
    asio::async_connect(socket_, results, [this](error_code connect_error, const tcp::endpoint&) {
      if (connect_error) {
        return Finish(
            Status::Internal("cannot connect to " + Where() + ": " + connect_error.message()));
      }
      request_ = {http::verb::get, url_.target, 11};
      request_.set(http::field::host, url_.host);
      request_.set(http::field::connection, "close");
      http::async_write(socket_, request_,
                        [this](error_code write_error, size_t) { OnWrite(write_error); });
    });
  }

  void OnWrite(error_code ec) {
    if (ec) return Finish(Status::Internal("cannot send to " + Where() + ": " + ec.message()));
    http::async_read(socket_, buffer_, response_, [this](error_code read_error, size_t) {
      if (read_error) {
        return Finish(Status::Internal("no answer from " + Where() + ": " + read_error.message()));
      }
      unsigned status = response_.result_int();
      // DynamoDB Local's 400 to a bare GET / (the container's --dynamodb-local) is an
      // answering server too.
      if ((status >= 200 && status < 300) || IsDynamoDbLocalRootAnswer(status, response_.body())) {
        return Finish(Status::Ok());
      }
      Finish(Status::Internal(Where() + " answered HTTP " + std::to_string(status)));
    });
  }

  HealthCheckUrl url_;
  asio::io_context ioc_;
  tcp::resolver resolver_;
  tcp::socket socket_;
  http::request<http::empty_body> request_;
  boost::beast::flat_buffer buffer_;
  http::response<http::string_body> response_;
  bool done_ = false;
  Status result_;
};

}  // namespace

Result<HealthCheckUrl> ParseHealthCheckUrl(std::string_view url) {
  constexpr std::string_view kScheme = "http://";
  auto bad = [&](const std::string& why) {
    return Status::Validation("invalid --health-check URL '" + std::string(url) + "': " + why +
                              " (expected http://HOST[:PORT][/PATH])");
  };
  if (url.substr(0, kScheme.size()) != kScheme) return bad("only http:// is supported");
  std::string_view rest = url.substr(kScheme.size());
  size_t slash = rest.find('/');
  std::string_view authority = rest.substr(0, slash);
  HealthCheckUrl parsed;
  if (slash != std::string_view::npos) parsed.target = std::string(rest.substr(slash));
  std::string_view port;
  if (!authority.empty() && authority.front() == '[') {  // [IPv6]:port
    size_t close = authority.find(']');
    if (close == std::string_view::npos) return bad("unclosed '['");
    parsed.host = std::string(authority.substr(1, close - 1));
    std::string_view after = authority.substr(close + 1);
    if (!after.empty() && after.front() != ':') return bad("junk after ']'");
    if (!after.empty()) port = after.substr(1);
  } else {
    size_t colon = authority.rfind(':');
    parsed.host = std::string(authority.substr(0, colon));
    if (colon != std::string_view::npos) port = authority.substr(colon + 1);
  }
  if (parsed.host.empty()) return bad("no host");
  parsed.port = port.empty() ? "80" : std::string(port);
  if (!ValidPort(parsed.port)) return bad("the port must be a number from 1 to 65535");
  return parsed;
}

Status CheckHealth(std::string_view url, std::chrono::milliseconds timeout) {
  MT_ASSIGN_OR_RETURN(parsed, ParseHealthCheckUrl(url));
  Probe probe(parsed);
  return probe.Run(timeout);
}

}  // namespace monotable::server
