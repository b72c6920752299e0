#include "client/cli.h"

#include <charconv>
#include <cstdio>

#include "client/import.h"

namespace monotable::client {
namespace {

constexpr const char* kUsage = R"(usage:
  monotable export --endpoint URL --table TABLE [options] > FILE
  monotable import --endpoint URL --table TABLE [options] < FILE

Export writes every item of TABLE as one line {"Item": {...}} of DynamoDB JSON (the
format of DynamoDB's export to S3), by a parallel Scan. Import reads such lines into
the existing TABLE with BatchWriteItem, and reports bad lines with their number
without stopping. Both sign their requests (SigV4) with the credentials and region the
AWS CLI would use: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, ~/.aws.

options:
  --endpoint URL     http://host:port or https://host[:port] (required)
  --table TABLE      the table (required)
  --region REGION    instead of AWS_REGION / AWS_DEFAULT_REGION / the profile's
  --profile NAME     instead of AWS_PROFILE
  --ca-bundle FILE   trusted certificates (PEM) for https (default: AWS_CA_BUNDLE or
                     the system's)
  --segments N       export: parallel Scan segments (default 4)
  --writers N        import: parallel BatchWriteItem connections (default 4)
)";

int Usage(const std::string& message) {
  std::fprintf(stderr, "monotable: %s\n\n%s", message.c_str(), kUsage);
  return 2;
}

}  // namespace

bool IsClientCommand(const std::string& command) {
  return command == "export" || command == "import";
}

int RunClientCommand(const std::vector<std::string>& args) {
  const std::string command = args.at(0);
  std::string endpoint_url, table, region, profile, ca_bundle;
  int parallel = 4;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--help" || flag == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (i + 1 >= args.size()) return Usage("missing value for " + flag);
    const std::string& value = args[++i];
    if (flag == "--endpoint" || flag == "--endpoint-url") {
      endpoint_url = value;
    } else if (flag == "--table") {
      table = value;
    } else if (flag == "--region") {
      region = value;
    } else if (flag == "--profile") {
      profile = value;
    } else if (flag == "--ca-bundle") {
      ca_bundle = value;
    } else if ((flag == "--segments" && command == "export") ||
               (flag == "--writers" && command == "import")) {
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parallel);
      if (ec != std::errc() || end != value.data() + value.size() || parallel < 1 ||
          parallel > 64) {
        return Usage("invalid value '" + value + "' for " + flag + " (expected 1 to 64)");
      }
    } else {
      return Usage("unknown option '" + flag + "' for " + command);
    }
  }
  if (endpoint_url.empty()) return Usage("--endpoint is required");
  if (table.empty()) return Usage("--table is required");
  auto endpoint = ParseEndpoint(endpoint_url);
  if (!endpoint.ok()) return Usage(endpoint.status().message());
  EnvLookup env = ProcessEnvironment();
  auto identity = ResolveIdentity(profile, region, env);
  if (!identity.ok()) {
    std::fprintf(stderr, "monotable %s: %s\n", command.c_str(),
                 identity.status().message().c_str());
    return 1;
  }
  if (ca_bundle.empty()) ca_bundle = env("AWS_CA_BUNDLE").value_or("");
  ClientFactory connect = [&] {
    return std::make_unique<DynamoClient>(*endpoint, *identity, ca_bundle);
  };

  if (command == "export") {
    Progress progress("exported");
    Status status = RunExport(connect, ExportOptions{table, parallel}, stdout, progress);
    if (!status.ok()) {
      std::fprintf(stderr, "monotable export: %s\n", status.message().c_str());
      return 1;
    }
    return 0;
  }
  Progress progress("imported");
  auto result = RunImport(connect, ImportOptions{table, parallel}, stdin, stderr, progress);
  if (!result.ok()) {
    std::fprintf(stderr, "monotable import: %s\n", result.status().message().c_str());
    return 1;
  }
  if (result->bad_lines > 0) {
    std::fprintf(stderr, "monotable import: %lld items imported, %lld bad lines\n",
                 static_cast<long long>(result->imported),
                 static_cast<long long>(result->bad_lines));
    return 1;
  }
  return 0;
}

}  // namespace monotable::client
