#pragma once
// GET /console: the built-in web console (console/ in the source tree, embedded by
// server/console_assets.h). The console is static files only: it talks to the server
// through the DynamoDB API (POST /, with an Authorization header whose credential
// scope picks the namespace) and the monitoring views (server/monitoring.h).
//
// Served on loopback addresses by default, elsewhere only with --console
// (ConsoleEnabled): the console can change and delete data, and the server checks no
// signature by default, so it is not exposed to a network unless asked for.
//
// Thread-safety: pure functions over immutable data. Errors: HTTP statuses (404; 304
// when the browser's copy is current).

#include <string_view>

#include "server/config.h"
#include "server/http_reply.h"

namespace monotable::server {

// Whether this configuration serves the console: --console or --no-console when
// given, otherwise whether --host is a loopback address (127.0.0.0/8, ::1).
bool ConsoleEnabled(const Config& config);

// The request headers the console's answers depend on.
struct ConsoleRequest {
  std::string_view if_none_match;    // a current ETag answers 304
  std::string_view accept_encoding;  // gzip accepted: the compressed copy is sent
};

// Answers `target` (path and query) when its path is /console or under it, and returns
// false otherwise. `enabled` false answers 404 with how to turn it on. /console
// redirects to /console/, which is index.html. Hashed files (the bundle, the
// stylesheet) are cached for a year as immutable; the others are revalidated each time.
bool ServeConsole(bool enabled, std::string_view target, const ConsoleRequest& request,
                  HttpReply& reply);

// Whether an Accept-Encoding header accepts gzip (named or "*", with no q=0).
bool AcceptsGzip(std::string_view accept_encoding);

}  // namespace monotable::server
