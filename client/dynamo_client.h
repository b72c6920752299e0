#pragma once
// DynamoClient: one keep-alive HTTP/1.1 connection (plain or TLS) to a DynamoDB
// endpoint, monotable or AWS itself, that sends SigV4-signed JSON requests (signed
// with auth/sigv4.h, the implementation the server verifies with). Not thread-safe:
// one per thread.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "client/aws_config.h"
#include "engine/base/status.h"

namespace monotable::client {

struct Endpoint {
  bool https = false;
  std::string host;
  std::string port;
  std::string host_header;  // "host" or "host:port" as the URL wrote it
};

// "http://host[:port][/]" or "https://…". Errors: kValidation.
Result<Endpoint> ParseEndpoint(std::string_view url);

// A DynamoDB reply: its HTTP status and body; for an error, its type without the
// namespace ("ResourceNotFoundException") and message.
struct Reply {
  int http_status = 0;
  std::string body;
  std::string error_type;
  std::string message;
  bool ok() const { return http_status == 200; }
};

class DynamoClient {
 public:
  // `ca_bundle`: a PEM file of trusted certificates for https (empty: the system's).
  DynamoClient(Endpoint endpoint, AwsIdentity identity, std::string ca_bundle = "");
  ~DynamoClient();

  // One signed request ("Scan", JSON body). Reconnects once if the kept-alive
  // connection was closed. Errors: kInternal for a network or TLS failure.
  Result<Reply> Call(std::string_view operation, const std::string& body);

  // Call, retrying throttling errors, 5xx answers and network failures up to 10 times
  // with exponential backoff and jitter (50 ms doubling, at most 5 s). Returns the
  // last reply (success or an error that retrying cannot fix) or the network error.
  Result<Reply> CallWithRetries(std::string_view operation, const std::string& body);

  // The backoff before retry `attempt` (0-based), in milliseconds, with jitter.
  static int64_t BackoffMillis(int attempt, uint64_t random);

 private:
  Status Connect();
  Result<Reply> Exchange(std::string_view operation, const std::string& body);

  Endpoint endpoint_;
  AwsIdentity identity_;
  boost::asio::io_context ioc_;
  boost::asio::ssl::context tls_context_;
  std::optional<boost::beast::tcp_stream> tcp_;
  std::optional<boost::beast::ssl_stream<boost::beast::tcp_stream>> tls_;
  boost::beast::flat_buffer buffer_;
  uint64_t random_state_;
};

// True for the errors a retry may cure: throttling, InternalServerError and 5xx.
bool Retryable(const Reply& reply);

}  // namespace monotable::client
