#pragma once
// Router: maps one HTTP request to one HTTP reply. POST / goes to the DynamoDB
// protocol by X-Amz-Target; GET (or HEAD) / is the health check (or DynamoDB Local's
// 400, AnswerRootAsDynamoDbLocal); GET /metrics and
// /monotable/... are the monitoring views (server/monitoring.h); other GET paths are
// 404; /monotable/faults (any method) is the fault-injection API (server/fault_api.h);
// /console is the web console when `serve_console` (server/console.h). Adds DynamoDB's
// response headers (x-amzn-RequestId, x-amz-crc32) and CORS headers when configured. Every DynamoDB
// request is counted and timed for /metrics (RequestMetrics: lock-free); with request logging on,
// it is also logged (one info line). Thread-safe; each connection passes its own JsonParser.

#include <array>
#include <atomic>
#include <memory>
#include <string>

#include "auth/verifier.h"
#include "engine/api/engine_stats.h"
#include "protocol/json_reader.h"
#include "protocol/operations.h"
#include "server/fault_injector.h"
#include "server/http_session.h"
#include "server/request_metrics.h"

namespace monotable::server {

class Router {
 public:
  // `monitoring` is what the GET views read (the engine behind `protocol`); both must
  // outlive the router.
  Router(const protocol::Protocol* protocol, const MonitoringSource* monitoring,
         std::string cors_origins, bool log_requests = false, bool serve_console = false);

  void Handle(HttpRequest& request, protocol::JsonParser& parser, HttpReply& reply);

  // A handler for one connection, with its own JSON parser; the router must outlive it.
  std::unique_ptr<ConnectionHandler> NewConnection();

  // The 413 answer for a body over DynamoDB's 16 MB request limit.
  void RequestTooLarge(HttpReply& reply);
  // 400 ValidationException for a request line or header section over its limit.
  void HeaderTooLarge(std::string_view what, size_t limit, HttpReply& reply);
  // 500 InternalServerError, DynamoDB's answer when serving a request threw.
  void InternalError(HttpReply& reply);
  // True for a request the session should serve on its WorkerPool: an operation whose
  // route says so (protocol::Route::runs), a monitoring view (server/long_requests.h).
  bool RunsLong(const HttpRequest& request) const;

  const RequestMetrics& metrics() const { return metrics_; }

  // The fault rules (docs/FAULTS.md): set through /monotable/faults (the router serves
  // that API) or by the server from --faults. With no rule, a request pays one relaxed
  // atomic load for them.
  FaultInjector& faults() { return faults_; }

  // `GET /` (and HEAD) answers as DynamoDB Local does (--dynamodb-local): HTTP 400 with
  // its MissingAuthenticationToken body (server/dynamodb_local.h) instead of DynamoDB's
  // 200 `healthy: ...`. Call before serving: not synchronized with Handle().
  void AnswerRootAsDynamoDbLocal(bool on) { dynamodb_local_root_ = on; }

  // --iam: `account_id` owns every table, so a namespace is "ACCOUNT:region" whatever the
  // access key; GET /monotable/tables says so, and the console names namespaces by it.
  // Call before serving: not synchronized with Handle().
  void NameNamespacesByAccount(std::string account_id) { iam_account_ = std::move(account_id); }

  // From now on every DynamoDB request, and every GET or HEAD but the health check and
  // the console's files, must carry a signature `verifier` accepts (--require-signature):
  // the monitoring views show table names and Contributor Insights' key values, i.e.
  // item data. `public_metrics` (--public-metrics) leaves /metrics open for scrapers
  // that cannot sign, without those key values. Call before serving: not synchronized
  // with Handle().
  void RequireSignatures(std::shared_ptr<const auth::SignatureVerifier> verifier,
                         bool public_metrics = false) {
    verifier_ = std::move(verifier);
    public_metrics_ = public_metrics;
  }

 private:
  void Json(int status, std::string body, HttpReply& reply);
  // What HandleDynamoDb answered: the error (kOk for success) and the operation's route.
  struct Served {
    ErrorCode error = ErrorCode::kOk;
    int route = -1;
    std::string authorization{};  // with --iam: the deciding statement
  };
  // `table_name` and `touches`: see Protocol::Handle.
  Served HandleDynamoDb(HttpRequest& request, protocol::JsonParser& parser, HttpReply& reply,
                        std::string_view* table_name, ItemTouches* touches);
  // HandleDynamoDb, timed, counted and (with request logging) logged.
  void HandleTimed(HttpRequest& request, protocol::JsonParser& parser, HttpReply& reply);
  // GET and HEAD: the health check, the console, the monitoring views, or 404.
  void HandleGet(const HttpRequest& request, HttpReply& reply);
  // /monotable/faults, any method, after the signature check the views have.
  void HandleFaultApi(HttpRequest& request, std::string_view path, protocol::JsonParser& parser,
                      HttpReply& reply);
  // The fault the rules give this request, if any: its answer is in `reply` (or the
  // reply resets the connection). Latency alone only sets reply.delay_ms: nullopt.
  std::optional<Served> InjectFault(std::string_view operation, const HttpRequest& request,
                                    protocol::JsonParser& parser, HttpReply& reply);
  // True, with the error answered, when signatures are required and the request's does
  // not verify.
  bool RefuseUnverified(const HttpRequest& request, HttpReply& reply);
  void AddRequestId(HttpReply& reply);
  void AddCors(const HttpRequest& request, HttpReply& reply) const;

  const protocol::Protocol* protocol_;
  const MonitoringSource* monitoring_;
  std::string cors_origins_;
  bool log_requests_;
  bool serve_console_;
  RequestMetrics metrics_;
  FaultInjector faults_;
  std::shared_ptr<const auth::SignatureVerifier> verifier_;  // null: signatures not checked
  bool public_metrics_ = false;
  bool dynamodb_local_root_ = false;
  std::string iam_account_;  // NameNamespacesByAccount; empty without --iam
  static constexpr size_t kRequestIdPrefixLength = 39;
  static constexpr size_t kRequestIdCounterDigits = 13;  // 36^13 > 2^64
  std::atomic<uint64_t> request_counter_{0};
  std::array<char, kRequestIdPrefixLength> request_id_prefix_;
};

}  // namespace monotable::server
