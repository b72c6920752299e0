#include "auth/verifier.h"

#include <openssl/crypto.h>

#include <algorithm>
#include <ctime>

#include "auth/authorization.h"

namespace monotable::auth {
namespace {

constexpr std::string_view kService = "dynamodb";
constexpr std::string_view kMismatch =
    "The request signature we calculated does not match the signature you provided. Check your "
    "AWS Secret Access Key and signing method. Consult the service documentation for details.";

Status Invalid(std::string message) {
  return Status(ErrorCode::kInvalidSignature, std::move(message));
}

const Header* Find(const std::vector<Header>& headers, std::string_view name) {
  for (const Header& h : headers) {
    if (h.name == name) return &h;
  }
  return nullptr;
}

}  // namespace

bool ParseAmzDate(std::string_view text, int64_t* seconds) {
  if (text.size() != 16 || text[8] != 'T' || text[15] != 'Z') return false;
  auto digits = [&](size_t pos, size_t n, int* out) {
    int v = 0;
    for (size_t i = pos; i < pos + n; ++i) {
      if (text[i] < '0' || text[i] > '9') return false;
      v = v * 10 + (text[i] - '0');
    }
    *out = v;
    return true;
  };
  std::tm tm{};
  if (!digits(0, 4, &tm.tm_year) || !digits(4, 2, &tm.tm_mon) || !digits(6, 2, &tm.tm_mday) ||
      !digits(9, 2, &tm.tm_hour) || !digits(11, 2, &tm.tm_min) || !digits(13, 2, &tm.tm_sec)) {
    return false;
  }
  if (tm.tm_mon < 1 || tm.tm_mon > 12 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 ||
      tm.tm_min > 59 || tm.tm_sec > 60) {
    return false;
  }
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  *seconds = static_cast<int64_t>(timegm(&tm));
  return true;
}

std::string FormatAmzDate(int64_t seconds) {
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[32];
  size_t n = std::strftime(text, sizeof text, "%Y%m%dT%H%M%SZ", &tm);
  return std::string(text, n);
}

Status SignatureVerifier::Verify(const RequestToVerify& request, int64_t now_seconds) const {
  const Header* authorization = Find(request.headers, "authorization");
  if (authorization == nullptr || authorization->value.empty()) {
    return Status(ErrorCode::kMissingAuthenticationToken,
                  "Request is missing Authentication Token");
  }
  MT_ASSIGN_OR_RETURN(auth, ParseSignedAuthorization(authorization->value));
  auto secret = secrets_.find(auth.access_key_id);
  if (secret == secrets_.end()) {
    return Status(ErrorCode::kUnrecognizedClient,
                  "The security token included in the request is invalid.");
  }
  const Header* date = Find(request.headers, "x-amz-date");
  int64_t signed_at = 0;
  if (date == nullptr || !ParseAmzDate(date->value, &signed_at)) {
    return Status(ErrorCode::kIncompleteSignature,
                  "Authorization header requires existence of either a 'X-Amz-Date' or a "
                  "'Date' header. Authorization=" +
                      authorization->value);
  }
  if (signed_at < now_seconds - kMaxSkewSeconds) {
    return Invalid("Signature expired: " + date->value + " is now earlier than " +
                   FormatAmzDate(now_seconds - kMaxSkewSeconds) + " (" +
                   FormatAmzDate(now_seconds) + " - 15 min.)");
  }
  if (signed_at > now_seconds + kMaxSkewSeconds) {
    return Invalid("Signature not yet current: " + date->value + " is still later than " +
                   FormatAmzDate(now_seconds + kMaxSkewSeconds) + " (" +
                   FormatAmzDate(now_seconds) + " + 15 min.)");
  }
  if (auth.scope.date != std::string_view(date->value).substr(0, 8)) {
    return Invalid(
        "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of "
        "date from HTTP: '" +
        auth.scope.date + "' != '" + date->value.substr(0, 8) + "', from '" + date->value + "'.");
  }
  if (auth.scope.service != kService) {
    return Invalid("Credential should be scoped to correct service: '" + std::string(kService) +
                   "'. ");
  }

  CanonicalParts parts;
  parts.method = request.method;
  size_t question = request.target.find('?');
  parts.path = request.target.substr(0, question);
  if (question != std::string_view::npos) parts.query = request.target.substr(question + 1);
  for (const std::string& name : auth.signed_headers) {
    bool found = false;
    for (const Header& h : request.headers) {
      if (h.name == name) {
        parts.headers.push_back(h);
        found = true;
      }
    }
    // A header the client signed but did not send: no signature can match.
    if (!found) return Invalid(std::string(kMismatch));
  }
  std::string payload_hash = Sha256Hex(request.body);
  parts.payload_hash = payload_hash;
  std::string expected = Signature(secret->second, auth.scope,
                                   StringToSign(date->value, auth.scope, CanonicalRequest(parts)));
  // Constant time: the comparison must not tell how many leading characters matched.
  if (expected.size() != auth.signature.size() ||
      CRYPTO_memcmp(expected.data(), auth.signature.data(), expected.size()) != 0) {
    return Invalid(std::string(kMismatch));
  }
  return Status::Ok();
}

}  // namespace monotable::auth
