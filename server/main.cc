// monotable: a local DynamoDB-compatible server.
#include <cstdio>
#include <string>
#include <vector>

#include "server/config.h"
#include "server/server.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  auto config = monotable::server::ParseCommandLine(args);
  if (!config.ok()) {
    std::fprintf(stderr, "monotable: %s\n", config.status().message().c_str());
    return 2;
  }
  if (config->show_help) {
    std::fputs(monotable::server::UsageText().c_str(), stdout);
    return 0;
  }
  auto server = monotable::server::Server::Create(*config);
  if (!server.ok()) {
    std::fprintf(stderr, "monotable: %s\n", server.status().message().c_str());
    return 1;
  }
  monotable::Status status = (*server)->Run();
  if (!status.ok()) {
    std::fprintf(stderr, "monotable: shutdown: %s\n", status.message().c_str());
    return 1;
  }
  return 0;
}
