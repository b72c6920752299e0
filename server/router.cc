#include "server/router.h"

#include <random>

#include <zlib.h>

#include "engine/key_codec.h"
#include "engine/limits.h"
#include "protocol/errors.h"
#include "server/sigv4.h"

namespace monotable::server {
namespace {

constexpr std::string_view kTargetPrefix = "DynamoDB_20120810.";
constexpr std::string_view kContentType = "application/x-amz-json-1.0";

// zlib's CRC-32 (the same polynomial botocore checks) works on words, several times
// faster than a byte-at-a-time table on the multi-kilobyte bodies of Query pages.
uint32_t Crc32(std::string_view body) {
  uLong crc = crc32(0L, Z_NULL, 0);
  // zlib takes uInt lengths; bodies are bounded far below 4 GB, but feed in chunks anyway.
  constexpr size_t kChunk = 1u << 30;
  for (size_t offset = 0; offset < body.size(); offset += kChunk) {
    const size_t n = std::min(kChunk, body.size() - offset);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(body.data() + offset), static_cast<uInt>(n));
  }
  return static_cast<uint32_t>(crc);
}

// Binds a connection's JSON parser to the shared router.
class RouterConnection final : public ConnectionHandler {
 public:
  explicit RouterConnection(Router* router) : router_(router) {}
  HttpResponse Handle(HttpRequest& request) override { return router_->Handle(request, parser_); }
  HttpResponse BodyTooLarge(unsigned version) override { return router_->RequestTooLarge(version); }

 private:
  Router* router_;
  protocol::JsonParser parser_;
};

}  // namespace

std::unique_ptr<ConnectionHandler> Router::NewConnection() {
  return std::make_unique<RouterConnection>(this);
}

Router::Router(const protocol::Protocol* protocol, std::string cors_origins)
    : protocol_(protocol), cors_origins_(std::move(cors_origins)) {
  std::random_device rd;
  request_id_seed_ = (static_cast<uint64_t>(rd()) << 32) ^ rd();
}

// DynamoDB's request ids are 52 characters of [A-Z0-9].
std::string Router::NextRequestId() {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  uint64_t n = request_counter_.fetch_add(1, std::memory_order_relaxed);
  std::string id(52, 'A');
  uint64_t state = request_id_seed_ ^ n;
  for (size_t i = 0; i < id.size(); ++i) {
    if (i % 8 == 0) state = key_codec::Hash64(std::string_view(reinterpret_cast<char*>(&state), 8)) + n;
    id[i] = kAlphabet[state % 36];
    state /= 36;
  }
  return id;
}

HttpResponse Router::Json(unsigned version, int status, std::string body) {
  HttpResponse response{static_cast<http::status>(status), version};
  response.set(http::field::server, "monotable");
  response.set(http::field::content_type, std::string(kContentType));
  response.set("x-amzn-RequestId", NextRequestId());
  response.set("x-amz-crc32", std::to_string(Crc32(body)));
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

HttpResponse Router::RequestTooLarge(unsigned version) {
  auto error = protocol::EncodeError(Status(
      ErrorCode::kRequestTooLarge, "Request entity too large: the request body exceeds " +
                                       std::to_string(limits::kMaxRequestBodyBytes) + " bytes"));
  HttpResponse response = Json(version, error.http_status, std::move(error.body));
  response.keep_alive(false);
  return response;
}

void Router::AddCors(const HttpRequest& request, HttpResponse& response) const {
  if (cors_origins_.empty()) return;
  auto origin = request[http::field::origin];
  if (origin.empty()) return;
  bool allowed = cors_origins_ == "*";
  if (!allowed) {
    size_t pos = 0;
    std::string_view list = cors_origins_;
    while (pos <= list.size() && !allowed) {
      size_t comma = list.find(',', pos);
      std::string_view item = list.substr(pos, comma == list.npos ? list.npos : comma - pos);
      allowed = item == std::string_view(origin.data(), origin.size());
      if (comma == list.npos) break;
      pos = comma + 1;
    }
  }
  if (!allowed) return;
  response.set(http::field::access_control_allow_origin, origin);
  response.set(http::field::access_control_allow_methods, "GET, POST, OPTIONS");
  response.set(http::field::access_control_allow_headers,
               "Content-Type, Authorization, X-Amz-Target, X-Amz-Date, X-Amz-Security-Token, "
               "X-Amz-User-Agent, amz-sdk-invocation-id, amz-sdk-request");
  response.set(http::field::access_control_expose_headers, "x-amzn-RequestId, x-amz-crc32");
  response.set(http::field::access_control_max_age, "172800");
}

HttpResponse Router::Handle(HttpRequest& request, protocol::JsonParser& parser) {
  HttpResponse response;
  if (request.method() == http::verb::post) {
    response = HandleDynamoDb(request, parser);
  } else if (request.method() == http::verb::options) {
    response = HttpResponse{http::status::ok, request.version()};
    response.prepare_payload();
  } else if (request.method() == http::verb::get || request.method() == http::verb::head) {
    // The health check, answered the way DynamoDB Local answers a plain GET.
    response = HttpResponse{http::status::ok, request.version()};
    response.set(http::field::content_type, "text/plain");
    response.body() = "healthy: monotable\n";
    response.prepare_payload();
  } else {
    response = Json(request.version(), 400,
                    protocol::EncodeError(Status(ErrorCode::kUnknownOperation, "")).body);
  }
  response.keep_alive(request.keep_alive());
  AddCors(request, response);
  return response;
}

HttpResponse Router::HandleDynamoDb(HttpRequest& request, protocol::JsonParser& parser) {
  auto reply = [&](const protocol::Response& r) {
    return Json(request.version(), r.http_status, r.body);
  };
  auto error = [&](ErrorCode code, std::string message) {
    auto e = protocol::EncodeError(Status(code, std::move(message)));
    return Json(request.version(), e.http_status, std::move(e.body));
  };

  auto target_field = request["X-Amz-Target"];
  std::string_view target(target_field.data(), target_field.size());
  if (target.substr(0, kTargetPrefix.size()) != kTargetPrefix) {
    return error(ErrorCode::kUnknownOperation, "");
  }
  auto auth_field = request[http::field::authorization];
  std::optional<CredentialScope> scope =
      ParseAuthorization(std::string_view(auth_field.data(), auth_field.size()));
  if (!scope) {
    if (auth_field.empty()) {
      return error(ErrorCode::kMissingAuthenticationToken, "Request is missing Authentication Token");
    }
    return error(ErrorCode::kMissingAuthenticationToken,
                 "Authorization header requires 'Credential' parameter. Authorization=" +
                     std::string(auth_field));
  }
  protocol::CallerIdentity caller{std::move(scope->access_key_id), std::move(scope->region)};
  std::string& body = request.body();
  // simdjson reads a few bytes past the end: give it padding to avoid a copy.
  body.reserve(body.size() + simdjson::SIMDJSON_PADDING);
  return reply(protocol_->Handle(target.substr(kTargetPrefix.size()), body, caller, parser));
}

}  // namespace monotable::server
