// monotable: a local DynamoDB-compatible server.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#include "client/cli.h"
#include "rehearse/command.h"
#include "server/check_command.h"
#include "server/config.h"
#include "server/health_check.h"
#include "server/iam_command.h"
#include "server/java_shim.h"
#include "server/server.h"

namespace {

// The server (or, with `check`, the consistency check) for a parsed configuration.
int Serve(const monotable::server::Config& config, bool check) {
  spdlog::set_level(config.log_level);
  if (check) return monotable::server::RunCheckCommand(config);
  auto server = monotable::server::Server::Create(config);
  if (!server.ok()) {
    spdlog::error("monotable: {}", server.status().message());
    return 1;
  }
  monotable::Status status = (*server)->Run();
  if (!status.ok()) {
    spdlog::error("monotable: shutdown: {}", status.message());
    return 1;
  }
  return 0;
}

// Started as `java` (the container image's link): DynamoDB Local's command line, and its
// messages, on stderr without a log line's prefix, for a command line it refuses.
int RunJavaShim(const std::vector<std::string>& args) {
  using monotable::server::JavaShimCommand;
  auto command = monotable::server::ParseJavaCommandLine(args, [](const std::string& path) {
    std::error_code ec;
    return std::filesystem::is_directory(path, ec);
  });
  if (!command.ok()) {
    const std::string& message = command.status().message();
    std::fprintf(stderr, "%s\n", message.c_str());
    if (message.rfind(monotable::server::kJavaShimParsingError, 0) == 0) {
      std::fputs(monotable::server::JavaShimUsage().c_str(), stdout);
    }
    return 1;
  }
  switch (command->action) {
    case JavaShimCommand::Action::kHelp:
      std::fputs(monotable::server::JavaShimUsage().c_str(), stdout);
      return 0;
    case JavaShimCommand::Action::kVersion:
      std::puts("monotable (DynamoDB Local's command line through its `java` link; no JVM)");
      return 0;
    case JavaShimCommand::Action::kServe: break;
  }
  return Serve(command->config, false);
}

int Main(int argc, char** argv) {
  // Every log line, the engine's included, goes to stderr (stdout is for --help and
  // DynamoDB Local's banner); colour only on a terminal.
  spdlog::set_default_logger(spdlog::stderr_color_mt("monotable"));
  spdlog::set_pattern("%Y-%m-%d %H:%M:%S.%e %^%l%$ [%t] %v");

  std::vector<std::string> args(argv + 1, argv + argc);
  if (argc > 0 && monotable::server::IsJavaShim(argv[0])) return RunJavaShim(args);
  // `monotable export|import ...`: the API client, not the server.
  if (!args.empty() && monotable::client::IsClientCommand(args[0])) {
    return monotable::client::RunClientCommand(args);
  }
  // `monotable rehearse WORKLOAD ...`: the capacity rehearsal, no server.
  if (!args.empty() && monotable::rehearse::IsRehearseCommand(args[0])) {
    return monotable::rehearse::RunRehearseCommand(args);
  }
  // `monotable iam simulate ...`: one decision of the --iam evaluator, no server.
  if (!args.empty() && args.front() == "iam") {
    return monotable::server::RunIamCommand({args.begin() + 1, args.end()}, std::cout, std::cerr);
  }
  // `monotable check --db-path DIR`: the same flags, but a consistency check, no server.
  const bool check = !args.empty() && args.front() == "check";
  if (check) args.erase(args.begin());
  auto config = monotable::server::ParseCommandLine(args);
  if (!config.ok()) {
    spdlog::error("monotable: {}", config.status().message());
    return 2;
  }
  if (config->show_help) {
    std::fputs(monotable::server::UsageText().c_str(), stdout);
    return 0;
  }
  if (!config->health_check_url.empty()) {
    // Exit 0 or 1, the verdict a container HEALTHCHECK expects; a reason when unhealthy.
    monotable::Status health =
        monotable::server::CheckHealth(config->health_check_url, std::chrono::milliseconds(3000));
    if (health.ok()) return 0;
    std::fprintf(stderr, "monotable: unhealthy: %s\n", health.message().c_str());
    return 1;
  }
  return Serve(*config, check);
}

}  // namespace

// The main thread's exception boundary: start-up and shutdown failures that throw
// (the I/O threads and requests have their own) end the process with a log line and
// exit code 1, not std::terminate.
int main(int argc, char** argv) {
  try {
    return Main(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "monotable: fatal: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "monotable: fatal: unknown exception\n");
  }
  return 1;
}
