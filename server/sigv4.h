#pragma once
// AWS Signature Version 4: reading the caller's identity from the Authorization
// header. (Signature verification is a later feature; by default, like DynamoDB
// Local, monotable trusts the credential scope.)

#include <optional>
#include <string>
#include <string_view>

namespace monotable::server {

struct CredentialScope {
  std::string access_key_id;
  std::string region;
};

// Parses "AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/dynamodb/aws4_request,
// SignedHeaders=..., Signature=...". Returns nullopt when there is no credential.
std::optional<CredentialScope> ParseAuthorization(std::string_view header);

}  // namespace monotable::server
