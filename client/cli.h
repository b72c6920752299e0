#pragma once
// The client commands of the monotable binary:
//   monotable export --endpoint URL --table T > file
//   monotable import --endpoint URL --table T < file
// They talk to a running server (or DynamoDB itself) over the API; see import.h,
// export.h and aws_config.h for the format, the batching and the credentials.

#include <string>
#include <vector>

namespace monotable::client {

// True for "export" and "import".
bool IsClientCommand(const std::string& command);

// Runs `args` ("export", "--endpoint", ...). Returns the exit status: 0 done, 1 the
// command failed (or import met bad lines: each is reported on stderr), 2 usage error.
int RunClientCommand(const std::vector<std::string>& args);

}  // namespace monotable::client
