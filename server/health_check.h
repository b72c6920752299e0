#pragma once
// `monotable --health-check URL`: one HTTP GET and a verdict, so that a container image
// without curl (or any shell) can still run a HEALTHCHECK with the server's own binary.
//
// Thread-safety: each call is independent (its own io_context); nothing is shared.

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/base/status.h"

namespace monotable::server {

struct HealthCheckUrl {
  std::string host;  // a name or a numeric address (an IPv6 one without its brackets)
  std::string port;  // digits; "80" when the URL names none
  std::string target = "/";
};

// Parses http://HOST[:PORT][/PATH]. Errors: kValidation (not http://, no host, a bad
// port), with a message for the user.
Result<HealthCheckUrl> ParseHealthCheckUrl(std::string_view url);

// GETs `url` and waits at most `timeout` for the whole answer. OK for a 2xx status, and
// for DynamoDB Local's answer to `GET /` (HTTP 400 MissingAuthenticationToken, which
// --dynamodb-local serves; server/dynamodb_local.h).
// Errors: kValidation for a malformed URL; kInternal when the name does not resolve, the
// connection fails or times out, or the answer is not a 2xx (the message says which).
Status CheckHealth(std::string_view url, std::chrono::milliseconds timeout);

}  // namespace monotable::server
