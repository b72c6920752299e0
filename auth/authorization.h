#pragma once
// AWS Signature Version 4's Authorization header: the caller's identity (the fast
// path every request takes: by default, like DynamoDB Local, monotable trusts the
// credential scope) and, for verification (auth/verifier.h), all of its parts.
// Pure functions, thread-safe.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "auth/sigv4.h"
#include "engine/base/status.h"

namespace monotable::auth {

struct CredentialScope {
  std::string access_key_id;
  std::string region;
};

// Parses "AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/dynamodb/aws4_request,
// SignedHeaders=..., Signature=...". Returns nullopt when there is no credential.
std::optional<CredentialScope> ParseAuthorization(std::string_view header);

// Every part of a SigV4 Authorization header.
struct SignedAuthorization {
  std::string access_key_id;
  Scope scope;
  std::vector<std::string> signed_headers;  // lower case, as listed
  std::string signature;                    // hex
};

// Errors: kIncompleteSignature naming what is missing or malformed (another algorithm
// than AWS4-HMAC-SHA256, no Credential, SignedHeaders or Signature, a scope without its
// five parts), as AWS words it.
Result<SignedAuthorization> ParseSignedAuthorization(std::string_view header);

}  // namespace monotable::auth
