#pragma once
// The two edges of DynamoDB Local that test harnesses watch, served with --dynamodb-local
// (which the container image's entry point and the `java` shim set; server/java_shim.h):
//
// - its start-up banner on stdout, which Testcontainers for Rust (`dynamodb_local`) and
//   the usual Python recipes (`wait_for_logs`) wait for. DynamoDB Local 2.x prints
//   "Initializing DynamoDB Local with the following configuration:" and then one
//   `Name:<TAB>value` line per setting (Port, InMemory, Version, DbPath, SharedDb,
//   shouldDelayTransientStatuses, CorsParams) and an empty line;
// - its answer to a `GET /` without a signature, which Testcontainers for .NET waits
//   for: HTTP 400 with a MissingAuthenticationToken body (where DynamoDB itself answers
//   200 `healthy: dynamodb.<region>.amazonaws.com `).
//
// Pure functions and constants; thread-safe.

#include <cstdint>
#include <string>
#include <string_view>

#include "server/config.h"

namespace monotable::server {

// DynamoDB Local's body for a bare `GET /`, byte for byte as its 2.x versions answer it
// (the capital M of "Message" included), with Content-Type application/x-amz-json-1.0.
inline constexpr std::string_view kDynamoDbLocalRootBody =
    R"({"__type":"com.amazonaws.dynamodb.v20120810#MissingAuthenticationToken",)"
    R"("Message":"Request must contain either a valid (registered) AWS access key ID )"
    R"(or X.509 certificate."})";
inline constexpr int kDynamoDbLocalRootStatus = 400;

// The banner for the configuration in force, `port` being the one the listener is bound
// to (--port 0 picks one). Values as DynamoDB Local writes them: `true`/`false`, `null`
// for no database directory (in memory) and for no CORS origins. DbPath is the directory
// the data goes to (DynamoDB Local prints `null` when -dbPath is not given even though it
// then writes to the current directory; here the directory is named). Version names
// monotable, and shouldDelayTransientStatuses is `true` when any transient-status delay
// is on (-delayTransientStatuses, --profile production or a --*-delay option).
std::string DynamoDbLocalBanner(const Config& config, uint16_t port);

// True for DynamoDB Local's answer to `GET /`: HTTP 400 whose body names the
// MissingAuthenticationToken error. `monotable --health-check` counts it healthy, like
// a 2xx, so that the image's HEALTHCHECK passes whichever answer `GET /` gives.
bool IsDynamoDbLocalRootAnswer(unsigned status, std::string_view body);

}  // namespace monotable::server
