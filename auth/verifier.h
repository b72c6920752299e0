#pragma once
// SignatureVerifier: checks a request's SigV4 signature (opt-in with the server's
// --require-signature) against a fixed set of access keys and their secrets.
//
// What it checks, in AWS's order: an Authorization header is present
// (MissingAuthenticationTokenException), well formed (IncompleteSignatureException),
// names a known access key (UnrecognizedClientException), is dated within 15 minutes
// of now (InvalidSignatureException "Signature expired" / "not yet current"), is
// scoped to that date and to the dynamodb service, and carries the signature computed
// from the secret over the method, path, query, signed headers and body
// (InvalidSignatureException). Presigned query strings are not accepted: no AWS SDK
// or the CLI presigns DynamoDB's POST requests, so a request signed only in its
// query gets MissingAuthenticationTokenException.
//
// Immutable after construction: Verify() is thread-safe.

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "auth/sigv4.h"
#include "engine/base/status.h"

namespace monotable::auth {

// The parts of an HTTP request a signature covers.
struct RequestToVerify {
  std::string_view method;
  std::string_view target;      // path and query as on the request line
  std::vector<Header> headers;  // every header, names in lower case
  std::string_view body;
};

// Access key id -> secret access key.
using SecretsByKey = std::unordered_map<std::string, std::string>;

class SignatureVerifier {
 public:
  explicit SignatureVerifier(SecretsByKey secrets) : secrets_(std::move(secrets)) {}

  // `now_seconds`: the Unix time to check the request's date against.
  // Errors: kMissingAuthenticationToken, kIncompleteSignature, kUnrecognizedClient,
  // kInvalidSignature, each with AWS's message.
  Status Verify(const RequestToVerify& request, int64_t now_seconds) const;

  // The maximum clock difference between a request's X-Amz-Date and now.
  static constexpr int64_t kMaxSkewSeconds = 15 * 60;

 private:
  SecretsByKey secrets_;
};

// "20150830T123600Z" <-> Unix time. ParseAmzDate returns false for another form.
bool ParseAmzDate(std::string_view text, int64_t* seconds);
std::string FormatAmzDate(int64_t seconds);

}  // namespace monotable::auth
