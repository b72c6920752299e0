#pragma once
// Protocol: turns one DynamoDB JSON request (operation name + body) into an engine
// call and its JSON response. Knows nothing of HTTP. Thread-safe (the engine is);
// each caller brings its own JsonParser.

#include <string>
#include <string_view>

#include "engine/engine.h"
#include "protocol/json_reader.h"
#include "protocol/ops/operation_context.h"

namespace monotable::protocol {

// Who signed the request: taken from the SigV4 Authorization header by the server.
struct CallerIdentity {
  std::string access_key_id;
  std::string region;
};

struct ProtocolOptions {
  bool shared_db = false;  // one namespace for every access key and region
  std::string account_id = "000000000000";
};

struct Response {
  int http_status = 200;
  std::string body;
};

class Protocol {
 public:
  Protocol(Engine* engine, ProtocolOptions options)
      : engine_(engine), options_(std::move(options)) {}

  // `operation` is the part of X-Amz-Target after "DynamoDB_20120810.".
  Response Handle(std::string_view operation, std::string_view body, const CallerIdentity& caller,
                  JsonParser& parser) const;

 private:
  Engine* engine_;
  ProtocolOptions options_;
};

}  // namespace monotable::protocol
