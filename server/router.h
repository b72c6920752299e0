#pragma once
// Router: maps one HTTP request to one HTTP response. POST / goes to the DynamoDB
// protocol by X-Amz-Target; GET / is the health check. Adds DynamoDB's response
// headers (x-amzn-RequestId, x-amz-crc32) and CORS headers when configured.
// Thread-safe; each connection passes its own JsonParser.

#include <atomic>
#include <string>

#include <memory>

#include "protocol/json_reader.h"
#include "protocol/operations.h"
#include "server/http_session.h"

namespace monotable::server {

class Router {
 public:
  Router(const protocol::Protocol* protocol, std::string cors_origins);

  HttpResponse Handle(HttpRequest& request, protocol::JsonParser& parser);

  // A handler for one connection, with its own JSON parser; the router must outlive it.
  std::unique_ptr<ConnectionHandler> NewConnection();

  // The 413 answer for a body over DynamoDB's 16 MB request limit.
  HttpResponse RequestTooLarge(unsigned version);

 private:
  HttpResponse Json(unsigned version, int status, std::string body);
  HttpResponse HandleDynamoDb(HttpRequest& request, protocol::JsonParser& parser);
  std::string NextRequestId();
  void AddCors(const HttpRequest& request, HttpResponse& response) const;

  const protocol::Protocol* protocol_;
  std::string cors_origins_;
  std::atomic<uint64_t> request_counter_{0};
  uint64_t request_id_seed_;
};

}  // namespace monotable::server
