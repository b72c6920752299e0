#pragma once
// The `java` shim: the container image links `java` to the monotable binary, so that
// the command line of amazon/dynamodb-local runs the server unchanged:
//
//   java [JVM options] -jar DynamoDBLocal.jar [DynamoDB Local options]
//
// (Testcontainers for Go sets the entry point `java -Djava.library.path=./DynamoDBLocal_lib`
// and the command `-jar DynamoDBLocal.jar [-sharedDb] [-inMemory]`.) JVM options (-D…,
// -X…, -XX:…, -ea, -cp PATH, --add-opens X, …) mean nothing here and are skipped. The
// jar must be DynamoDBLocal.jar (any directory). Its options are DynamoDB Local's own,
// parsed as it parses them (Apache Commons CLI: one or two leading dashes, an option's
// value is the next word): -port N, -dbPath DIR, -inMemory, -sharedDb, -cors LIST,
// -delayTransientStatuses, -optimizeDbBeforeStartup, -disableTelemetry (the last three
// accepted and ignored), -help, -version. As with DynamoDB Local, the server listens on
// every address (0.0.0.0), port 8000, and without -dbPath or -inMemory it keeps its data
// in the current directory; --dynamodb-local (the banner, `GET /`) is on.
//
// Thread-safety: pure functions (the directory check is the caller's, injected).

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"
#include "server/config.h"

namespace monotable::server {

// How DynamoDB Local's messages for a command line it cannot parse begin; its usage
// follows them on stdout.
inline constexpr std::string_view kJavaShimParsingError = "Error while parsing options. ";

// True when the process was started as `java` (argv[0]'s last path component).
bool IsJavaShim(std::string_view argv0);

struct JavaShimCommand {
  enum class Action { kServe, kHelp, kVersion };
  Action action = Action::kServe;
  Config config;  // kServe: the server's configuration
};

// `args` are argv[1..]. `is_directory` answers whether -dbPath names an existing
// directory (DynamoDB Local refuses any other). Errors: kValidation, whose message is
// what DynamoDB Local (or, before the jar, java) prints on stderr for the same command
// line, e.g. "Error while parsing options. Unrecognized option: -foo", "Invalid Port.
// Port number must lie between 1 and 65535.", "dbPath and inMemory cannot be set at the
// same time.", "Invalid directory for database creation.", "Error: Unable to access
// jarfile x.jar". JavaShimUsage() follows a parse error on stdout, as it does there.
Result<JavaShimCommand> ParseJavaCommandLine(
    const std::vector<std::string>& args,
    const std::function<bool(const std::string&)>& is_directory);

// DynamoDB Local's usage text (-help): its command line and options.
std::string JavaShimUsage();

}  // namespace monotable::server
