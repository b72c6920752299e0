#include "client/aws_config.h"

#include <cstdlib>
#include <filesystem>

#include "auth/ini_file.h"

namespace monotable::client {
namespace {

// A config file's sections, or none when the file does not exist (as the CLI).
Result<auth::IniSections> ReadOptional(const std::string& path) {
  std::error_code ec;
  if (path.empty() || !std::filesystem::exists(path, ec)) return auth::IniSections{};
  return auth::ReadIniFile(path);
}

std::string Lookup(const auth::IniSections& sections, const std::string& section,
                   const std::string& key) {
  auto s = sections.find(section);
  if (s == sections.end()) return "";
  auto k = s->second.find(key);
  return k == s->second.end() ? "" : k->second;
}

}  // namespace

EnvLookup ProcessEnvironment() {
  return [](const std::string& name) -> std::optional<std::string> {
    const char* value = std::getenv(name.c_str());
    if (value == nullptr || *value == '\0') return std::nullopt;
    return std::string(value);
  };
}

Result<AwsIdentity> ResolveIdentity(const std::string& profile_flag, const std::string& region_flag,
                                    const EnvLookup& env) {
  std::string home = env("HOME").value_or("");
  std::string profile =
      !profile_flag.empty()
          ? profile_flag
          : env("AWS_PROFILE").value_or(env("AWS_DEFAULT_PROFILE").value_or("default"));
  MT_ASSIGN_OR_RETURN(
      credentials,
      ReadOptional(env("AWS_SHARED_CREDENTIALS_FILE").value_or(home + "/.aws/credentials")));
  MT_ASSIGN_OR_RETURN(config, ReadOptional(env("AWS_CONFIG_FILE").value_or(home + "/.aws/config")));
  // The config file names a profile "[profile name]", except "[default]".
  std::string config_section = profile == "default" ? profile : "profile " + profile;

  AwsIdentity id;
  auto env_key = env("AWS_ACCESS_KEY_ID");
  auto env_secret = env("AWS_SECRET_ACCESS_KEY");
  // Environment keys win unless --profile was given, as in the CLI.
  if (env_key && env_secret && profile_flag.empty()) {
    id.access_key_id = *env_key;
    id.secret_access_key = *env_secret;
    id.session_token = env("AWS_SESSION_TOKEN").value_or("");
  } else {
    for (const auto& [sections, section] :
         {std::pair{&credentials, profile}, std::pair{&config, config_section}}) {
      std::string key = Lookup(*sections, section, "aws_access_key_id");
      std::string secret = Lookup(*sections, section, "aws_secret_access_key");
      if (!key.empty() && !secret.empty()) {
        id.access_key_id = key;
        id.secret_access_key = secret;
        id.session_token = Lookup(*sections, section, "aws_session_token");
        break;
      }
    }
  }
  if (id.access_key_id.empty()) {
    return Status::Validation(
        "Unable to locate credentials. You can configure credentials by "
        "running \"aws configure\".");
  }
  id.region =
      !region_flag.empty()
          ? region_flag
          : env("AWS_REGION")
                .value_or(
                    env("AWS_DEFAULT_REGION").value_or(Lookup(config, config_section, "region")));
  if (id.region.empty()) {
    return Status::Validation(
        "You must specify a region. You can also configure your region by "
        "running \"aws configure\".");
  }
  return id;
}

}  // namespace monotable::client
