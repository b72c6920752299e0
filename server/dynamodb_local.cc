#include "server/dynamodb_local.h"

namespace monotable::server {
namespace {

std::string BannerLine(std::string_view name, std::string_view value) {
  std::string line(name);
  line += ":\t";
  line += value;
  line += '\n';
  return line;
}

std::string_view BannerBool(bool value) { return value ? "true" : "false"; }

}  // namespace

std::string DynamoDbLocalBanner(const Config& config, uint16_t port) {
  std::string banner = "Initializing DynamoDB Local with the following configuration:\n";
  banner += BannerLine("Port", std::to_string(port));
  banner += BannerLine("InMemory", BannerBool(config.in_memory));
  banner += BannerLine("Version", "monotable");
  banner += BannerLine("DbPath", config.in_memory ? "null" : config.db_path);
  banner += BannerLine("SharedDb", BannerBool(config.shared_db));
  banner += BannerLine("shouldDelayTransientStatuses", BannerBool(config.transient_statuses.any()));
  banner += BannerLine("CorsParams", config.cors_origins.empty() ? "null" : config.cors_origins);
  banner += '\n';
  return banner;
}

bool IsDynamoDbLocalRootAnswer(unsigned status, std::string_view body) {
  return status == static_cast<unsigned>(kDynamoDbLocalRootStatus) &&
         body.find("#MissingAuthenticationToken\"") != std::string_view::npos;
}

}  // namespace monotable::server
