#pragma once
// Protocol: turns one DynamoDB JSON request (operation name + body) into an engine
// call and its JSON response. Knows nothing of HTTP. Thread-safe (the engine is);
// each caller brings its own JsonParser.
//
// Errors are answered, never thrown: Handle is the exception boundary of a request. An
// exception from a handler (bad_alloc, out_of_range, ...) becomes DynamoDB's
// InternalServerError (HTTP 500) and an error log line, as does any kInternal Status.

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "engine/engine.h"
#include "protocol/authorization/authorizer.h"
#include "protocol/json_reader.h"
#include "protocol/ops/operation_context.h"

namespace monotable::protocol {

// Who signed the request: taken from the SigV4 Authorization header by the server.
struct CallerIdentity {
  std::string access_key_id;
  std::string region;
  std::string source_ip{};        // the peer's address (aws:SourceIp); empty: unknown
  bool secure_transport = false;  // TLS (aws:SecureTransport)
};

struct ProtocolOptions {
  bool shared_db = false;  // one namespace for every access key and region
  std::string account_id = "000000000000";
  // --iam FILE: every request is authorized by its principal's policies and the
  // table's resource policy before its handler runs; null: everything is allowed. With
  // it, every principal sees the tables of `account_id` in its region (one namespace
  // per region, unless shared_db).
  std::shared_ptr<const authorization::Authorizer> authorizer{};
};

struct Response {
  int http_status = 200;
  std::string body;
  ErrorCode error = ErrorCode::kOk;  // the error answered, for request logs
  int route = -1;                    // the operation's index in Protocol::routes(); -1: not served
  std::string authorization{};       // with an authorizer: the deciding statement, for request logs
};

// Where the server runs an operation (server/router.h): inline on the connection's I/O
// thread, where a GetItem answers fastest, or on the worker pool when it may take long
// enough to hold that thread for others to notice (server/worker_pool.h).
enum class Runs { kInline, kOnWorker };

// One operation served: its name in X-Amz-Target, its handler and its traits. The
// protocol's table of routes (operations.cc) is the one list of operations.
struct Route {
  std::string_view name;
  ops::Handler handler;
  Runs runs;  // stated by every route: nothing runs inline by omission
};

class Protocol {
 public:
  // Serves every operation monotable implements.
  Protocol(Engine* engine, ProtocolOptions options);
  // Serves `routes` only (which must outlive the Protocol): lets tests dispatch to
  // handlers of their own, such as one that throws.
  Protocol(Engine* engine, ProtocolOptions options, std::span<const Route> routes)
      : engine_(engine), options_(std::move(options)), routes_(routes) {}

  // `operation` is the part of X-Amz-Target after "DynamoDB_20120810." (a Streams
  // operation: the whole target, "DynamoDBStreams_20120810.GetRecords"). When
  // `table_name` is not null it receives the request's top-level TableName, for request
  // logs (empty when absent): a lookup in the parsed body, no second parse. It stays
  // valid until `parser` parses again. When `touches` is not null it receives the items
  // the request touched (engine/api/item_touches.h), for the same logs.
  Response Handle(std::string_view operation, std::string_view body, const CallerIdentity& caller,
                  JsonParser& parser, std::string_view* table_name = nullptr,
                  ItemTouches* touches = nullptr) const;

  // The operations served, in the order of Response::route.
  std::span<const Route> routes() const { return routes_; }
  // Whether `operation` (as Handle takes it) runs on the worker pool; false for an
  // operation not served (its error answers at once).
  bool RunsOnWorker(std::string_view operation) const;

 private:
  const Route* Find(std::string_view operation) const;
  Response Dispatch(std::string_view operation, std::string_view body, const CallerIdentity& caller,
                    JsonParser& parser, std::string_view* table_name, ItemTouches* touches) const;

  Engine* engine_;
  ProtocolOptions options_;
  std::span<const Route> routes_;
};

}  // namespace monotable::protocol
