#pragma once
// Credentials and region for the import/export client, found the way the AWS CLI
// finds them, so that it lands in the same namespace (access key + region) as the
// CLI and the SDKs: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN
// first, then the profile (--profile, AWS_PROFILE, AWS_DEFAULT_PROFILE or "default")
// in the credentials file (AWS_SHARED_CREDENTIALS_FILE or ~/.aws/credentials) and the
// config file (AWS_CONFIG_FILE or ~/.aws/config, "[profile name]" sections); the
// region from --region, AWS_REGION, AWS_DEFAULT_REGION or the profile's config.
// Reads the environment: not thread-safe against setenv.

#include <functional>
#include <optional>
#include <string>

#include "engine/base/status.h"

namespace monotable::client {

struct AwsIdentity {
  std::string access_key_id;
  std::string secret_access_key;
  std::string session_token;  // empty: none
  std::string region;
};

// The environment lookup (getenv by default; tests pass their own).
using EnvLookup = std::function<std::optional<std::string>(const std::string& name)>;
EnvLookup ProcessEnvironment();

// `profile` / `region`: the command line's --profile / --region (empty: not given).
// Errors: kValidation "Unable to locate credentials..." or "You must specify a
// region..." (the CLI's words), or a config file that does not parse.
Result<AwsIdentity> ResolveIdentity(const std::string& profile, const std::string& region,
                                    const EnvLookup& env);

}  // namespace monotable::client
