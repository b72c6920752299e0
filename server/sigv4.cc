#include "server/sigv4.h"

namespace monotable::server {

std::optional<CredentialScope> ParseAuthorization(std::string_view header) {
  constexpr std::string_view kCredential = "Credential=";
  size_t start = header.find(kCredential);
  if (start == std::string_view::npos) return std::nullopt;
  start += kCredential.size();
  // A plain loop: find_first_of calls memchr once per character scanned.
  size_t end = start;
  while (end < header.size() && header[end] != ',' && header[end] != ' ') ++end;
  std::string_view scope = header.substr(start, end - start);
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

}  // namespace monotable::server
