#include "server/router.h"

#include <spdlog/spdlog.h>

#include <cctype>
#include <charconv>
#include <chrono>
#include <cstring>
#include <ctime>
#include <optional>
#include <random>

#include "auth/authorization.h"
#include "engine/base/limits.h"
#include "protocol/errors.h"
#include "protocol/touched_items.h"
#include "server/console.h"
#include "server/crc32.h"
#include "server/dynamodb_local.h"
#include "server/fault_answer.h"
#include "server/fault_api.h"
#include "server/long_requests.h"
#include "server/monitoring.h"

namespace monotable::server {
namespace {

constexpr std::string_view kTargetPrefix = "DynamoDB_20120810.";
// DynamoDB Streams on the same port: its operations are routed under their whole target.
constexpr std::string_view kStreamsTargetPrefix = "DynamoDBStreams_20120810.";
constexpr std::string_view kContentType = "application/x-amz-json-1.0";
constexpr char kRequestIdAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

// Binds a connection's JSON parser to the shared router.
class RouterConnection final : public ConnectionHandler {
 public:
  explicit RouterConnection(Router* router) : router_(router) {}
  void Handle(HttpRequest& request, HttpReply& reply) override {
    router_->Handle(request, parser_, reply);
  }
  void BodyTooLarge(HttpReply& reply) override { router_->RequestTooLarge(reply); }
  void HeaderTooLarge(std::string_view what, size_t limit, HttpReply& reply) override {
    router_->HeaderTooLarge(what, limit, reply);
  }
  bool RunsLong(const HttpRequest& request) const override { return router_->RunsLong(request); }
  void Failed(HttpReply& reply) override { router_->InternalError(reply); }

 private:
  Router* router_;
  protocol::JsonParser parser_;
};

// The operation X-Amz-Target names ("GetItem"; a Streams operation keeps its prefix:
// "DynamoDBStreams_20120810.GetRecords"), or nullopt without either prefix.
std::optional<std::string_view> OperationOf(const HttpRequest& request) {
  auto field = request.unknown_field("X-Amz-Target");  // Beast has no id for it
  std::string_view target(field.data(), field.size());
  if (target.substr(0, kStreamsTargetPrefix.size()) == kStreamsTargetPrefix) return target;
  if (target.substr(0, kTargetPrefix.size()) != kTargetPrefix) return std::nullopt;
  return target.substr(kTargetPrefix.size());
}

// The verifier's view of a request: every header (names in lower case), the target
// and the body. Built only when signatures are required.
Status VerifySignature(const auth::SignatureVerifier& verifier, const HttpRequest& request) {
  auth::RequestToVerify view;
  view.method = std::string_view(request.method_string().data(), request.method_string().size());
  view.target = std::string_view(request.target().data(), request.target().size());
  view.body = request.body();
  for (size_t i = 0; i < request.field_count(); ++i) {
    const HttpRequest::Field field = request.field(i);
    std::string name(field.name);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    view.headers.push_back({std::move(name), std::string(field.value)});
  }
  return verifier.Verify(view, static_cast<int64_t>(std::time(nullptr)));
}

}  // namespace

std::unique_ptr<ConnectionHandler> Router::NewConnection() {
  return std::make_unique<RouterConnection>(this);
}

// The names of the protocol's operations, by route index.
static std::vector<std::string> OperationNames(const protocol::Protocol* protocol) {
  std::vector<std::string> names;
  for (const auto& route : protocol->routes()) names.emplace_back(route.name);
  return names;
}

Router::Router(const protocol::Protocol* protocol, const MonitoringSource* monitoring,
               std::string cors_origins, bool log_requests, bool serve_console)
    : protocol_(protocol),
      monitoring_(monitoring),
      cors_origins_(std::move(cors_origins)),
      log_requests_(log_requests),
      serve_console_(serve_console),
      metrics_(OperationNames(protocol)) {
  std::random_device rd;
  for (char& c : request_id_prefix_) c = kRequestIdAlphabet[rd() % 36];
}

// DynamoDB's request ids are 52 characters of [A-Z0-9]. Ours: a random prefix drawn
// once per process (ids of two servers differ), then the request counter through a
// bijective 64-bit mixer as 13 base-36 digits (36^13 > 2^64): every id of a process is
// distinct, consecutive ids do not look sequential, and no hashing per character.
void Router::AddRequestId(HttpReply& reply) {
  uint64_t x = request_counter_.fetch_add(1, std::memory_order_relaxed);
  // The SplitMix64 finalizer: xor-shifts and odd multipliers, each invertible.
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  x ^= x >> 31;
  char id[kRequestIdPrefixLength + kRequestIdCounterDigits];
  std::memcpy(id, request_id_prefix_.data(), kRequestIdPrefixLength);
  for (size_t i = sizeof id; i-- > kRequestIdPrefixLength;) {
    id[i] = kRequestIdAlphabet[x % 36];
    x /= 36;
  }
  reply.AddHeader("x-amzn-RequestId", std::string_view(id, sizeof id));
}

void Router::Json(int status, std::string body, HttpReply& reply) {
  reply.status = status;
  reply.AddHeader("Server", "monotable");
  reply.AddHeader("Content-Type", kContentType);
  AddRequestId(reply);
  char crc[16];
  reply.AddHeader(
      "x-amz-crc32",
      std::string_view(crc, std::to_chars(crc, crc + sizeof crc, Crc32(body)).ptr - crc));
  reply.body = std::move(body);
}

void Router::RequestTooLarge(HttpReply& reply) {
  auto error = protocol::EncodeError(Status(
      ErrorCode::kRequestTooLarge, "Request entity too large: the request body exceeds " +
                                       std::to_string(limits::kMaxRequestBodyBytes) + " bytes"));
  Json(error.http_status, std::move(error.body), reply);
}

void Router::HeaderTooLarge(std::string_view what, size_t limit, HttpReply& reply) {
  // DynamoDB's front end answers an oversized request line or header section with a
  // plain 400; a ValidationException keeps the answer parseable by every SDK.
  auto error = protocol::EncodeError(Status::Validation("Request " + std::string(what) +
                                                        " too large: it exceeds " +
                                                        std::to_string(limit) + " bytes"));
  Json(error.http_status, std::move(error.body), reply);
}

void Router::InternalError(HttpReply& reply) {
  auto error = protocol::EncodeError(Status::Internal("Internal server error"));
  Json(error.http_status, std::move(error.body), reply);
}

bool Router::RunsLong(const HttpRequest& request) const {
  if (request.method() == http::verb::post) {
    std::optional<std::string_view> operation = OperationOf(request);
    return operation && protocol_->RunsOnWorker(*operation);
  }
  if (request.method() != http::verb::get) return false;
  const std::string_view target(request.target().data(), request.target().size());
  return IsLongGet(target.substr(0, target.find('?')));
}

void Router::AddCors(const HttpRequest& request, HttpReply& reply) const {
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
  reply.AddHeader("Access-Control-Allow-Origin", std::string_view(origin.data(), origin.size()));
  reply.AddHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
  reply.AddHeader("Access-Control-Allow-Headers",
                  "Content-Type, Authorization, X-Amz-Target, X-Amz-Date, X-Amz-Security-Token, "
                  "X-Amz-User-Agent, amz-sdk-invocation-id, amz-sdk-request");
  reply.AddHeader("Access-Control-Expose-Headers", "x-amzn-RequestId, x-amz-crc32");
  reply.AddHeader("Access-Control-Max-Age", "172800");
}

void Router::Handle(HttpRequest& request, protocol::JsonParser& parser, HttpReply& reply) {
  // DynamoDB's requests go to "/": one length comparison keeps them off this path.
  if (request.target().size() > 1) {
    const std::string_view target(request.target().data(), request.target().size());
    const std::string_view path = target.substr(0, target.find('?'));
    if (IsFaultApiPath(path)) {
      HandleFaultApi(request, path, parser, reply);
      AddCors(request, reply);
      return;
    }
  }
  if (request.method() == http::verb::post) {
    HandleTimed(request, parser, reply);
  } else if (request.method() == http::verb::options) {
    // A CORS preflight: an empty 200 (with the CORS headers below when allowed).
  } else if (request.method() == http::verb::get || request.method() == http::verb::head) {
    HandleGet(request, reply);
  } else {
    Json(400, protocol::EncodeError(protocol::UnknownOperation()).body, reply);
  }
  AddCors(request, reply);
}

void Router::HandleGet(const HttpRequest& request, HttpReply& reply) {
  const std::string_view target(request.target().data(), request.target().size());
  const std::string_view path = target.substr(0, target.find('?'));
  if (path == "/" || path.empty()) {
    if (dynamodb_local_root_) {
      Json(kDynamoDbLocalRootStatus, std::string(kDynamoDbLocalRootBody), reply);
      return;
    }
    // The health check, with DynamoDB's own body: its endpoints answer a plain GET with
    // "healthy: dynamodb.<region>.amazonaws.com " (trailing space included; dynalite's
    // connection tests recorded it against DynamoDB). monotable serves every region, so
    // it names the default one, as dynoxide does.
    reply.AddHeader("Content-Type", "text/plain");
    reply.body = "healthy: dynamodb.us-east-1.amazonaws.com ";
    return;
  }
  const auto etag = request[http::field::if_none_match];
  const auto encodings = request[http::field::accept_encoding];
  const ConsoleRequest console_request{std::string_view(etag.data(), etag.size()),
                                       std::string_view(encodings.data(), encodings.size())};
  if (ServeConsole(serve_console_, target, console_request, reply)) {
    return;
  }
  // Everything else is checked like an API call, before the path is even looked at (as
  // DynamoDB answers an unsigned request to any path), so an unsigned caller learns
  // nothing, not even which tables exist.
  const bool open_metrics = public_metrics_ && path == "/metrics";
  if (!open_metrics && RefuseUnverified(request, reply)) return;
  // Contributor Insights' key values are item data: not for an unsigned scraper.
  const MonitoringAccess access =
      open_metrics && verifier_ ? MonitoringAccess::kWithoutKeyValues : MonitoringAccess::kFull;
  if (!ServeMonitoring(*monitoring_, metrics_, &faults_, target, access, iam_account_, reply)) {
    // A fixed body: the raw request path is not echoed back, so a crafted link cannot
    // make the server reflect markup or script (a body a browser might render).
    reply.status = 404;
    reply.AddHeader("Content-Type", "text/plain");
    reply.AddHeader("X-Content-Type-Options", "nosniff");
    reply.body = "not found\n";
  }
}

bool Router::RefuseUnverified(const HttpRequest& request, HttpReply& reply) {
  if (!verifier_) return false;
  Status verified = VerifySignature(*verifier_, request);
  if (verified.ok()) return false;
  auto error = protocol::EncodeError(verified);
  Json(error.http_status, std::move(error.body), reply);
  return true;
}

void Router::HandleFaultApi(HttpRequest& request, std::string_view path,
                            protocol::JsonParser& parser, HttpReply& reply) {
  // The rules change what every client is answered: as guarded as the views.
  if (RefuseUnverified(request, reply)) return;
  const auto method = request.method_string();
  ServeFaultApi(faults_, std::string_view(method.data(), method.size()), path, request.body(),
                parser, reply);
}

std::optional<Router::Served> Router::InjectFault(std::string_view operation,
                                                  const HttpRequest& request,
                                                  protocol::JsonParser& parser, HttpReply& reply) {
  const RequestTargets targets = ReadRequestTargets(parser, request.body());
  const FaultDecision decision = faults_.Decide(operation, targets);
  reply.delay_ms = decision.delay_ms;
  if (!decision.kind) return std::nullopt;
  int route = -1;
  const auto routes = protocol_->routes();
  for (size_t i = 0; i < routes.size(); ++i) {
    if (routes[i].name == operation) route = static_cast<int>(i);
  }
  if (*decision.kind == FaultKind::kConnectionReset) {
    reply.reset_connection = true;
    return Served{ErrorCode::kInternal, route};
  }
  FaultAnswer answer = AnswerFault(*decision.kind, operation, targets, decision.conflicting_action);
  Json(answer.http_status, std::move(answer.body), reply);
  return Served{answer.outcome, route};
}

void Router::HandleTimed(HttpRequest& request, protocol::JsonParser& parser, HttpReply& reply) {
  const auto start = std::chrono::steady_clock::now();
  std::string_view table;
  // Request logging costs the table name's lookup and the items' record only when it is
  // on: without it the engine gets no collector and records nothing.
  std::optional<ItemTouches> touches;
  if (log_requests_) touches.emplace();
  const Served served = HandleDynamoDb(request, parser, reply, log_requests_ ? &table : nullptr,
                                       touches ? &*touches : nullptr);
  const auto nanos =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start)
          .count();
  metrics_.Record(served.route, served.error, static_cast<uint64_t>(nanos));
  if (!log_requests_) return;
  std::string_view operation = OperationOf(request).value_or("-");
  // The error's name without its namespace ("ResourceNotFoundException").
  std::string type = protocol::ErrorType(served.error);
  std::string_view short_type = type;
  short_type.remove_prefix(std::min(short_type.size(), short_type.find('#') + 1));
  // The items touched (protocol/touched_items.h), for `monotable rehearse --trace`;
  // no field when the request touched none.
  std::string items = protocol::EncodeTouchedItems(touches->items());
  if (!items.empty()) items.insert(0, " items=");
  if (!served.authorization.empty()) {
    // With --iam: the statement that decided ("deny by identity[0] DenyDeletes (...)").
    spdlog::info("request op={} table={} status={} error={} latency_us={}{} iam=\"{}\"",
                 operation.empty() ? "-" : operation, table.empty() ? "-" : table, reply.status,
                 short_type.empty() ? "-" : short_type, nanos / 1000, items, served.authorization);
    return;
  }
  spdlog::info("request op={} table={} status={} error={} latency_us={}{}",
               operation.empty() ? "-" : operation, table.empty() ? "-" : table, reply.status,
               short_type.empty() ? "-" : short_type, nanos / 1000, items);
}

Router::Served Router::HandleDynamoDb(HttpRequest& request, protocol::JsonParser& parser,
                                      HttpReply& reply, std::string_view* table_name,
                                      ItemTouches* touches) {
  auto error = [&](ErrorCode code, std::string message) {
    auto e = protocol::EncodeError(Status(code, std::move(message)));
    Json(e.http_status, std::move(e.body), reply);
    return Served{code, -1, {}};
  };

  std::optional<std::string_view> operation = OperationOf(request);
  if (!operation) {
    return error(ErrorCode::kUnknownOperation, protocol::UnknownOperation().message());
  }
  if (verifier_) {
    Status verified = VerifySignature(*verifier_, request);
    if (!verified.ok()) return error(verified.code(), verified.message());
  }
  auto auth_field = request[http::field::authorization];
  std::optional<auth::CredentialScope> scope =
      auth::ParseAuthorization(std::string_view(auth_field.data(), auth_field.size()));
  if (!scope) {
    if (auth_field.empty()) {
      return error(ErrorCode::kMissingAuthenticationToken,
                   "Request is missing Authentication Token");
    }
    return error(ErrorCode::kMissingAuthenticationToken,
                 "Authorization header requires 'Credential' parameter. Authorization=" +
                     std::string(auth_field));
  }
  if (faults_.active()) {
    if (std::optional<Served> faulted = InjectFault(*operation, request, parser, reply)) {
      return *faulted;
    }
  }
  // aws:SourceIp and aws:SecureTransport come from the connection (HttpSession).
  protocol::CallerIdentity caller{std::move(scope->access_key_id), std::move(scope->region),
                                  std::string(request.peer_address()), request.secure_transport()};
  std::string& body = request.body();
  // simdjson reads a few bytes past the end: give it padding to avoid a copy (the
  // request parser reserved it already, so this allocates nothing).
  static_assert(simdjson::SIMDJSON_PADDING <= kBodyPadding);
  body.reserve(body.size() + simdjson::SIMDJSON_PADDING);
  protocol::Response response =
      protocol_->Handle(*operation, body, caller, parser, table_name, touches);
  Json(response.http_status, std::move(response.body), reply);
  return {response.error, response.route, std::move(response.authorization)};
}

}  // namespace monotable::server
