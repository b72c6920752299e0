#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <chrono>
#include <string>
#include <string_view>

#include "bench/request_templates.h"

namespace monotable::bench {

struct CallResult {
  bool ok = false;    // a complete HTTP response arrived
  std::string error;  // why not, when !ok
  int status = 0;
  std::string body;
};

// A one-request-at-a-time DynamoDB client for the control-plane calls of --setup
// (CreateTable, DescribeTable) and for the pages of one --op scan segment, which are
// sequential anyway. Not for closed-loop load: it blocks the caller. Every call is
// bounded by `timeout`, so neither can hang on a stalled server. Not thread-safe: one
// per thread.
class SetupClient {
 public:
  SetupClient(const boost::asio::ip::tcp::endpoint& endpoint, RequestContext context,
              std::chrono::milliseconds timeout = std::chrono::seconds(10));

  // POSTs body as DynamoDB_20120810.<operation>; reconnects if needed.
  CallResult Call(std::string_view operation, std::string_view body);

 private:
  boost::asio::io_context io_;
  boost::beast::tcp_stream stream_{io_};
  boost::beast::flat_buffer buffer_;
  boost::asio::ip::tcp::endpoint endpoint_;
  RequestContext context_;
  std::chrono::milliseconds timeout_;
  bool connected_ = false;
};

// Creates the table unless it exists (ResourceInUseException is success) and waits
// until DescribeTable reports it ACTIVE. Returns false with *error set otherwise.
bool EnsureTable(SetupClient& client, std::string_view table, int gsis,
                 std::chrono::steady_clock::time_point deadline, std::string* error);

}  // namespace monotable::bench
