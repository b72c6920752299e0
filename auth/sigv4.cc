#include "auth/sigv4.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <algorithm>
#include <utility>

namespace monotable::auth {
namespace {

std::string HmacSha256(std::string_view key, std::string_view data) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), out, &length);
  return std::string(reinterpret_cast<const char*>(out), length);
}

bool Unreserved(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.' || c == '~';
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Percent-decoding of a query component ('+' is a space in form encoding but SigV4
// clients never send it for one, so it stays a '+').
std::string UriDecode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && HexValue(text[i + 1]) >= 0 &&
        HexValue(text[i + 2]) >= 0) {
      out += static_cast<char>(HexValue(text[i + 1]) * 16 + HexValue(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

// Parameters decoded then encoded the one canonical way, sorted by name then value.
std::string CanonicalQuery(std::string_view query) {
  std::vector<std::pair<std::string, std::string>> params;
  size_t pos = 0;
  while (pos < query.size()) {
    size_t amp = query.find('&', pos);
    std::string_view param = query.substr(pos, amp == query.npos ? query.npos : amp - pos);
    pos = amp == query.npos ? query.size() : amp + 1;
    if (param.empty()) continue;
    size_t eq = param.find('=');
    std::string_view name = param.substr(0, eq);
    std::string_view value = eq == param.npos ? std::string_view() : param.substr(eq + 1);
    params.emplace_back(UriEncode(UriDecode(name), false), UriEncode(UriDecode(value), false));
  }
  std::sort(params.begin(), params.end());
  std::string out;
  for (const auto& [name, value] : params) {
    if (!out.empty()) out += '&';
    out += name;
    out += '=';
    out += value;
  }
  return out;
}

// Trims the value and collapses runs of spaces inside it to one.
std::string CanonicalValue(std::string_view value) {
  std::string out;
  bool space = false;
  for (char c : value) {
    if (c == ' ' || c == '\t') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::vector<Header> SortedHeaders(const std::vector<Header>& headers) {
  std::vector<Header> sorted = headers;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const Header& a, const Header& b) { return a.name < b.name; });
  return sorted;
}

}  // namespace

std::string Scope::ToString() const {
  return date + "/" + region + "/" + service + "/aws4_request";
}

std::string Sha256Hex(std::string_view data) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest);
  return Hex(std::string_view(reinterpret_cast<const char*>(digest), sizeof digest));
}

std::string Hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out += kDigits[c >> 4];
    out += kDigits[c & 15];
  }
  return out;
}

std::string UriEncode(std::string_view text, bool keep_slash) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    if (Unreserved(c) || (keep_slash && c == '/')) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kDigits[c >> 4];
      out += kDigits[c & 15];
    }
  }
  return out;
}

std::string SignedHeaderList(const std::vector<Header>& headers) {
  std::string out;
  const std::string* last = nullptr;
  std::vector<Header> sorted = SortedHeaders(headers);
  for (const Header& h : sorted) {
    if (last != nullptr && h.name == *last) continue;
    if (last != nullptr) out += ';';
    out += h.name;
    last = &h.name;
  }
  return out;
}

std::string CanonicalRequest(const CanonicalParts& parts) {
  std::string out(parts.method);
  out += '\n';
  out += parts.path.empty() ? std::string("/") : UriEncode(parts.path, true);
  out += '\n';
  out += CanonicalQuery(parts.query);
  out += '\n';
  std::vector<Header> sorted = SortedHeaders(parts.headers);
  for (size_t i = 0; i < sorted.size(); ++i) {
    out += sorted[i].name;
    out += ':';
    out += CanonicalValue(sorted[i].value);
    // Repeated headers: one line, values joined by commas in the order received.
    while (i + 1 < sorted.size() && sorted[i + 1].name == sorted[i].name) {
      out += ',';
      out += CanonicalValue(sorted[++i].value);
    }
    out += '\n';
  }
  out += '\n';
  out += SignedHeaderList(parts.headers);
  out += '\n';
  out += parts.payload_hash;
  return out;
}

std::string StringToSign(std::string_view amz_date, const Scope& scope,
                         std::string_view canonical_request) {
  std::string out = "AWS4-HMAC-SHA256\n";
  out += amz_date;
  out += '\n';
  out += scope.ToString();
  out += '\n';
  out += Sha256Hex(canonical_request);
  return out;
}

std::string Signature(std::string_view secret, const Scope& scope,
                      std::string_view string_to_sign) {
  std::string key = HmacSha256("AWS4" + std::string(secret), scope.date);
  key = HmacSha256(key, scope.region);
  key = HmacSha256(key, scope.service);
  key = HmacSha256(key, "aws4_request");
  return Hex(HmacSha256(key, string_to_sign));
}

std::string AuthorizationHeader(std::string_view access_key_id, std::string_view secret,
                                std::string_view amz_date, const Scope& scope,
                                const CanonicalParts& parts) {
  std::string to_sign = StringToSign(amz_date, scope, CanonicalRequest(parts));
  return "AWS4-HMAC-SHA256 Credential=" + std::string(access_key_id) + "/" + scope.ToString() +
         ", SignedHeaders=" + SignedHeaderList(parts.headers) +
         ", Signature=" + Signature(secret, scope, to_sign);
}

}  // namespace monotable::auth
