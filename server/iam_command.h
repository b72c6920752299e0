#pragma once
// `monotable iam simulate --iam FILE --principal ARN|ACCESS_KEY --action ACTION
//  [--resource ARN] [--context KEY=VALUE]... [--resource-policy FILE]`: decides one
// request as the server would with --iam FILE, like IAM's policy simulator, and prints
// the decision with the statement that decided it (and, for a denial, the
// AccessDeniedException message a request would get). No server, no data directory.
// A repeated --context key makes a multivalued key (dynamodb:LeadingKeys).

#include <ostream>
#include <string>
#include <vector>

namespace monotable::server {

// `args`: what follows `monotable iam`. Returns the exit code: 0 allowed, 1 denied,
// 2 a usage error or an unreadable or malformed file (the reason on `err`).
int RunIamCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace monotable::server
