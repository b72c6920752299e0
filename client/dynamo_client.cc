#include "client/dynamo_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <ctime>
#include <random>
#include <thread>

#include "auth/sigv4.h"
#include "auth/verifier.h"
#include "protocol/json_reader.h"

namespace monotable::client {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = boost::asio::ssl;

constexpr int kMaxAttempts = 10;

// The error's type after '#' and its message, from a DynamoDB error body.
void ReadError(Reply& reply) {
  protocol::JsonParser parser;
  std::string padded = reply.body;
  padded.reserve(padded.size() + simdjson::SIMDJSON_PADDING);
  auto object = parser.ParseObject(padded);
  if (!object.ok()) {
    reply.error_type = "HTTP " + std::to_string(reply.http_status);
    reply.message = reply.body.substr(0, 200);
    return;
  }
  std::string_view type, message;
  if ((*object)["__type"].get(type) == simdjson::SUCCESS) {
    reply.error_type = std::string(type.substr(type.find('#') + 1));
  }
  if ((*object)["message"].get(message) == simdjson::SUCCESS ||
      (*object)["Message"].get(message) == simdjson::SUCCESS) {
    reply.message = std::string(message);
  }
}

}  // namespace

Result<Endpoint> ParseEndpoint(std::string_view url) {
  Endpoint e;
  if (url.substr(0, 7) == "http://") {
    url.remove_prefix(7);
  } else if (url.substr(0, 8) == "https://") {
    e.https = true;
    url.remove_prefix(8);
  } else {
    return Status::Validation("--endpoint must start with http:// or https://: " +
                              std::string(url));
  }
  while (!url.empty() && url.back() == '/') url.remove_suffix(1);
  if (url.empty() || url.find('/') != std::string_view::npos) {
    return Status::Validation("--endpoint must be a scheme, host and optional port");
  }
  e.host_header = std::string(url);
  size_t colon = url.rfind(':');
  if (colon != std::string_view::npos && url.find(']', colon) == std::string_view::npos) {
    e.host = std::string(url.substr(0, colon));
    e.port = std::string(url.substr(colon + 1));
  } else {
    e.host = std::string(url);
    e.port = e.https ? "443" : "80";
  }
  if (e.host.size() > 2 && e.host.front() == '[') e.host = e.host.substr(1, e.host.size() - 2);
  return e;
}

bool Retryable(const Reply& reply) {
  return reply.http_status >= 500 || reply.error_type == "ThrottlingException" ||
         reply.error_type == "ProvisionedThroughputExceededException" ||
         reply.error_type == "RequestLimitExceeded";
}

DynamoClient::DynamoClient(Endpoint endpoint, AwsIdentity identity, std::string ca_bundle)
    : endpoint_(std::move(endpoint)),
      identity_(std::move(identity)),
      tls_context_(ssl::context::tls_client),
      random_state_(std::random_device{}()) {
  if (endpoint_.https) {
    tls_context_.set_verify_mode(ssl::verify_peer);
    if (ca_bundle.empty()) {
      tls_context_.set_default_verify_paths();
    } else {
      tls_context_.load_verify_file(ca_bundle);
    }
  }
}

DynamoClient::~DynamoClient() = default;

int64_t DynamoClient::BackoffMillis(int attempt, uint64_t random) {
  int64_t ceiling = std::min<int64_t>(5000, int64_t{50} << std::min(attempt, 10));
  return ceiling / 2 + static_cast<int64_t>(random % static_cast<uint64_t>(ceiling / 2 + 1));
}

Status DynamoClient::Connect() {
  tcp_.reset();
  tls_.reset();
  buffer_.clear();
  boost::system::error_code ec;
  boost::asio::ip::tcp::resolver resolver(ioc_);
  auto addresses = resolver.resolve(endpoint_.host, endpoint_.port, ec);
  if (ec) return Status::Internal("cannot resolve " + endpoint_.host + ": " + ec.message());
  if (!endpoint_.https) {
    tcp_.emplace(ioc_);
    tcp_->connect(addresses, ec);
    if (ec)
      return Status::Internal("cannot connect to " + endpoint_.host_header + ": " + ec.message());
    tcp_->socket().set_option(boost::asio::ip::tcp::no_delay(true), ec);
    return Status::Ok();
  }
  tls_.emplace(ioc_, tls_context_);
  beast::get_lowest_layer(*tls_).connect(addresses, ec);
  if (ec)
    return Status::Internal("cannot connect to " + endpoint_.host_header + ": " + ec.message());
  SSL_set_tlsext_host_name(tls_->native_handle(), endpoint_.host.c_str());
  tls_->set_verify_callback(ssl::host_name_verification(endpoint_.host));
  tls_->handshake(ssl::stream_base::client, ec);
  if (ec)
    return Status::Internal("TLS handshake with " + endpoint_.host_header + ": " + ec.message());
  return Status::Ok();
}

Result<Reply> DynamoClient::Exchange(std::string_view operation, const std::string& body) {
  std::string target = "DynamoDB_20120810." + std::string(operation);
  std::string amz_date = auth::FormatAmzDate(static_cast<int64_t>(std::time(nullptr)));
  std::vector<auth::Header> signed_headers = {{"content-type", "application/x-amz-json-1.0"},
                                              {"host", endpoint_.host_header},
                                              {"x-amz-date", amz_date},
                                              {"x-amz-target", target}};
  if (!identity_.session_token.empty()) {
    signed_headers.push_back({"x-amz-security-token", identity_.session_token});
  }
  std::string payload_hash = auth::Sha256Hex(body);
  auth::Scope scope{amz_date.substr(0, 8), identity_.region, "dynamodb"};
  std::string authorization = auth::AuthorizationHeader(
      identity_.access_key_id, identity_.secret_access_key, amz_date, scope,
      auth::CanonicalParts{"POST", "/", "", signed_headers, payload_hash});

  http::request<http::string_body> request{http::verb::post, "/", 11};
  for (const auth::Header& h : signed_headers) request.set(h.name, h.value);
  request.set(http::field::authorization, authorization);
  request.set(http::field::user_agent, "monotable-client");
  request.body() = body;
  request.prepare_payload();

  boost::system::error_code ec;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 << 20);
  if (tls_) {
    http::write(*tls_, request, ec);
    if (!ec) http::read(*tls_, buffer_, parser, ec);
  } else {
    http::write(*tcp_, request, ec);
    if (!ec) http::read(*tcp_, buffer_, parser, ec);
  }
  if (ec) return Status::Internal("request to " + endpoint_.host_header + ": " + ec.message());
  http::response<http::string_body> response = parser.release();
  Reply reply;
  reply.http_status = static_cast<int>(response.result_int());
  reply.body = std::move(response.body());
  if (!reply.ok()) ReadError(reply);
  if (!response.keep_alive()) {
    tcp_.reset();
    tls_.reset();
  }
  return reply;
}

Result<Reply> DynamoClient::Call(std::string_view operation, const std::string& body) {
  bool fresh = false;
  if (!tcp_ && !tls_) {
    MT_RETURN_IF_ERROR(Connect());
    fresh = true;
  }
  auto reply = Exchange(operation, body);
  if (reply.ok() || fresh) return reply;
  // The server may have closed the idle kept-alive connection: one new connection.
  MT_RETURN_IF_ERROR(Connect());
  return Exchange(operation, body);
}

Result<Reply> DynamoClient::CallWithRetries(std::string_view operation, const std::string& body) {
  for (int attempt = 0;; ++attempt) {
    auto reply = Call(operation, body);
    bool again = !reply.ok() ? true : Retryable(*reply);
    if (!again || attempt + 1 >= kMaxAttempts) return reply;
    if (!reply.ok()) {
      tcp_.reset();
      tls_.reset();
    }
    random_state_ = random_state_ * 6364136223846793005ull + 1442695040888963407ull;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(BackoffMillis(attempt, random_state_ >> 33)));
  }
}

}  // namespace monotable::client
