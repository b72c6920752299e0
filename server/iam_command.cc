#include "server/iam_command.h"

#include <fstream>
#include <iterator>
#include <optional>

#include "iam/evaluator.h"
#include "iam/principals.h"

namespace monotable::server {
namespace {

constexpr char kUsage[] =
    "usage: monotable iam simulate --iam FILE --principal ARN|ACCESS_KEY --action ACTION\n"
    "       [--resource ARN] [--context KEY=VALUE]... [--resource-policy FILE]\n";

std::optional<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct Simulation {
  std::string iam_file, principal, action, resource = "*", resource_policy_file;
  std::vector<std::pair<std::string, std::string>> context;
};

// Errors: a message for the user.
std::optional<std::string> ParseArgs(const std::vector<std::string>& args, Simulation* s) {
  if (args.empty() || args[0] != "simulate") return std::string("unknown iam command");
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (i + 1 >= args.size()) return "missing value for " + flag;
    const std::string& value = args[++i];
    if (flag == "--iam") {
      s->iam_file = value;
    } else if (flag == "--principal") {
      s->principal = value;
    } else if (flag == "--action") {
      s->action = value;
    } else if (flag == "--resource") {
      s->resource = value;
    } else if (flag == "--resource-policy") {
      s->resource_policy_file = value;
    } else if (flag == "--context") {
      size_t eq = value.find('=');
      if (eq == std::string::npos || eq == 0) return "--context expects KEY=VALUE: " + value;
      s->context.emplace_back(value.substr(0, eq), value.substr(eq + 1));
    } else {
      return "unknown option " + flag;
    }
  }
  if (s->iam_file.empty() || s->principal.empty() || s->action.empty()) {
    return std::string("--iam, --principal and --action are required");
  }
  return std::nullopt;
}

// The account of an ARN (its fifth component), or empty.
std::string AccountOf(const std::string& arn) {
  size_t at = 0;
  for (int i = 0; i < 4; ++i) {
    at = arn.find(':', at);
    if (at == std::string::npos) return "";
    ++at;
  }
  size_t end = arn.find(':', at);
  return end == std::string::npos ? "" : arn.substr(at, end - at);
}

}  // namespace

int RunIamCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  Simulation s;
  if (auto problem = ParseArgs(args, &s)) {
    err << *problem << "\n" << kUsage;
    return 2;
  }
  auto text = ReadFile(s.iam_file);
  if (!text) {
    err << "cannot read " << s.iam_file << "\n";
    return 2;
  }
  auto principals = iam::ParsePrincipals(*text);
  if (!principals.ok()) {
    err << s.iam_file << ": " << principals.status().message() << "\n";
    return 2;
  }
  const iam::Principal* principal = principals->Find(s.principal);
  for (const auto& p : principals->principals) {
    if (p.arn == s.principal) principal = &p;
  }
  if (principal == nullptr) {
    err << "no principal with the ARN or access key " << s.principal << " in " << s.iam_file
        << "\n";
    return 2;
  }
  std::optional<iam::Policy> resource_policy;
  if (!s.resource_policy_file.empty()) {
    auto policy_text = ReadFile(s.resource_policy_file);
    if (!policy_text) {
      err << "cannot read " << s.resource_policy_file << "\n";
      return 2;
    }
    auto policy = iam::ParsePolicy(*policy_text, iam::PolicyKind::kResource);
    if (!policy.ok()) {
      err << s.resource_policy_file << ": " << policy.status().message() << "\n";
      return 2;
    }
    resource_policy = std::move(*policy);
  }
  iam::RequestContext context;
  context.principal_arn = principal->arn;
  context.principal_account = principal->account;
  context.action = s.action;
  context.resource = s.resource;
  const std::string resource_account = AccountOf(s.resource);
  context.resource_account = resource_account.empty() ? principals->account_id : resource_account;
  context.keys = principal->keys;
  // The --context keys replace the principal's; a key given again adds a value.
  iam::RequestContext given;
  for (const auto& [key, value] : s.context) {
    std::vector<std::string> values;
    if (const auto before = given.Find(key)) values.assign(before->begin(), before->end());
    values.push_back(value);
    given.SetList(key, std::move(values));
  }
  for (auto& key : given.keys) context.SetList(key.name, std::move(key.values));
  iam::ApplicablePolicies policies;
  for (const auto& p : principal->policies) policies.identity.push_back(&p);
  if (principal->boundary) policies.boundary = &*principal->boundary;
  if (resource_policy) policies.resource = &*resource_policy;
  const iam::Decision decision = iam::Evaluate(policies, context);
  out << iam::DescribeDecision(decision) << "\n";
  if (!decision.allowed()) out << iam::AccessDeniedMessage(decision, context) << "\n";
  return decision.allowed() ? 0 : 1;
}

}  // namespace monotable::server
