#include "bench/setup_client.h"

#include <boost/asio/write.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <thread>
#include <utility>

#include "bench/json_scan.h"

namespace monotable::bench {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using boost::system::error_code;

SetupClient::SetupClient(const asio::ip::tcp::endpoint& endpoint, RequestContext context,
                         std::chrono::milliseconds timeout)
    : endpoint_(endpoint), context_(std::move(context)), timeout_(timeout) {}

// The asynchronous operations plus run() give the synchronous call a timeout, which
// Beast's blocking API does not offer.
CallResult SetupClient::Call(std::string_view operation, std::string_view body) {
  CallResult result;
  error_code ec;
  io_.restart();
  if (!connected_) {
    stream_.expires_after(timeout_);
    stream_.async_connect(endpoint_, [&](const error_code& e) { ec = e; });
    io_.run();
    io_.restart();
    if (ec) {
      stream_.close();
      result.error = "connect: " + ec.message();
      return result;
    }
    connected_ = true;
  }
  const std::string request = BuildHttpRequest(context_, operation, body);
  http::response_parser<http::string_body> parser;
  parser.body_limit(16 * 1024 * 1024);
  stream_.expires_after(timeout_);
  asio::async_write(stream_, asio::buffer(request), [&](const error_code& e, size_t) {
    ec = e;
    if (ec) return;
    http::async_read(stream_, buffer_, parser, [&](const error_code& e2, size_t) { ec = e2; });
  });
  io_.run();
  if (ec) {
    connected_ = false;
    stream_.close();
    buffer_.clear();
    result.error = std::string(operation) + ": " + ec.message();
    return result;
  }
  result.ok = true;
  result.status = parser.get().result_int();
  result.body = parser.get().body();
  if (!parser.get().keep_alive()) {
    connected_ = false;
    stream_.close();
    buffer_.clear();
  }
  return result;
}

bool EnsureTable(SetupClient& client, std::string_view table, int gsis,
                 std::chrono::steady_clock::time_point deadline, std::string* error) {
  CallResult created = client.Call("CreateTable", MakeCreateTableBody(table, gsis));
  if (!created.ok) {
    *error = created.error;
    return false;
  }
  if (created.status != 200 && created.body.find("ResourceInUseException") == std::string::npos) {
    *error = "CreateTable: HTTP " + std::to_string(created.status) + ": " + created.body;
    return false;
  }
  // DynamoDB answers CreateTable with CREATING; wait rather than assume the server
  // makes tables ACTIVE at once.
  const std::string describe_body = MakeDescribeTableBody(table);
  while (true) {
    CallResult described = client.Call("DescribeTable", describe_body);
    if (!described.ok) {
      *error = described.error;
      return false;
    }
    if (described.status != 200) {
      *error = "DescribeTable: HTTP " + std::to_string(described.status) + ": " + described.body;
      return false;
    }
    const std::string status = FindJsonString(described.body, "TableStatus");
    if (status == "ACTIVE") return true;
    if (std::chrono::steady_clock::now() >= deadline) {
      *error = "table " + std::string(table) +
               " not ACTIVE before the setup timeout "
               "(TableStatus \"" +
               status + "\")";
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace monotable::bench
