#include "auth/authorization.h"

namespace monotable::auth {

std::optional<CredentialScope> ParseAuthorization(std::string_view header) {
  constexpr std::string_view kCredential = "Credential=";
  size_t start = header.find(kCredential);
  if (start == std::string_view::npos) return std::nullopt;
  start += kCredential.size();
  // The scope ends at the first ',' or ' ': two memchr scans (the ',' first, then a
  // ' ' before it), where a loop over the scope's ~55 characters cost ~300 instructions
  // on every request, and find_first_of calls memchr once per character scanned.
  std::string_view scope = header.substr(start);
  if (const size_t comma = scope.find(','); comma != std::string_view::npos) {
    scope = scope.substr(0, comma);
  }
  if (const size_t space = scope.find(' '); space != std::string_view::npos) {
    scope = scope.substr(0, space);
  }
  // AKID / date / region / service / aws4_request
  size_t p1 = scope.find('/');
  if (p1 == std::string_view::npos || p1 == 0) return std::nullopt;
  size_t p2 = scope.find('/', p1 + 1);
  if (p2 == std::string_view::npos) return std::nullopt;
  size_t p3 = scope.find('/', p2 + 1);
  if (p3 == std::string_view::npos) return std::nullopt;
  CredentialScope result;
  result.access_key_id = std::string(scope.substr(0, p1));
  result.region = std::string(scope.substr(p2 + 1, p3 - p2 - 1));
  if (result.region.empty()) return std::nullopt;
  // Both name the caller's namespace and the region goes into ARNs: bytes outside
  // printable ASCII (which no key id or region has) would reach JSON responses
  // unescaped and not as UTF-8 (found by fuzz_http).
  auto printable = [](std::string_view text) {
    for (unsigned char c : text) {
      if (c < 0x21 || c > 0x7E) return false;
    }
    return true;
  };
  if (!printable(result.access_key_id) || !printable(result.region)) return std::nullopt;
  return result;
}

namespace {

// The value of "Name=" up to the next ',' (or the end), trimmed; empty if absent.
std::string_view ParameterOf(std::string_view header, std::string_view name) {
  size_t pos = 0;
  while ((pos = header.find(name, pos)) != std::string_view::npos) {
    bool at_start = pos == 0 || header[pos - 1] == ' ' || header[pos - 1] == ',';
    if (at_start && pos + name.size() < header.size() && header[pos + name.size()] == '=') {
      size_t start = pos + name.size() + 1;
      size_t end = header.find(',', start);
      std::string_view value = header.substr(start, end == header.npos ? header.npos : end - start);
      while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
      return value;
    }
    pos += name.size();
  }
  return {};
}

std::vector<std::string> Split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  size_t pos = 0;
  while (true) {
    size_t end = text.find(separator, pos);
    parts.emplace_back(text.substr(pos, end == text.npos ? text.npos : end - pos));
    if (end == text.npos) return parts;
    pos = end + 1;
  }
}

}  // namespace

Result<SignedAuthorization> ParseSignedAuthorization(std::string_view header) {
  constexpr std::string_view kAlgorithm = "AWS4-HMAC-SHA256 ";
  if (header.substr(0, kAlgorithm.size()) != kAlgorithm) {
    size_t space = header.find(' ');
    return Status(ErrorCode::kIncompleteSignature,
                  "Unsupported AWS 'algorithm': '" + std::string(header.substr(0, space)) + "'");
  }
  std::string_view credential = ParameterOf(header, "Credential");
  std::string_view signed_headers = ParameterOf(header, "SignedHeaders");
  std::string_view signature = ParameterOf(header, "Signature");
  std::string missing;
  if (credential.empty()) missing += "Authorization header requires 'Credential' parameter. ";
  if (signature.empty()) missing += "Authorization header requires 'Signature' parameter. ";
  if (signed_headers.empty()) {
    missing += "Authorization header requires 'SignedHeaders' parameter. ";
  }
  if (!missing.empty()) {
    return Status(ErrorCode::kIncompleteSignature,
                  missing + "Authorization=" + std::string(header));
  }
  std::vector<std::string> scope = Split(credential, '/');
  if (scope.size() != 5 || scope[0].empty() || scope[4] != "aws4_request") {
    return Status(ErrorCode::kIncompleteSignature,
                  "Credential should be of the form "
                  "<access key>/<date>/<region>/<service>/aws4_request, not '" +
                      std::string(credential) + "'");
  }
  SignedAuthorization result;
  result.access_key_id = scope[0];
  result.scope = Scope{scope[1], scope[2], scope[3]};
  result.signed_headers = Split(signed_headers, ';');
  result.signature = std::string(signature);
  return result;
}

}  // namespace monotable::auth
