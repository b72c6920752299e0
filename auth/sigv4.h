#pragma once
// AWS Signature Version 4, the one implementation both sides use: the server's
// verifier (auth/verifier.h) recomputes a request's signature with it, and the import
// and export client (client/) signs its requests with it. Pure functions of their
// arguments (OpenSSL's SHA-256 and HMAC underneath), thread-safe.

#include <string>
#include <string_view>
#include <vector>

namespace monotable::auth {

// One HTTP header; `name` in lower case.
struct Header {
  std::string name;
  std::string value;
};

// What the canonical request is made of.
struct CanonicalParts {
  std::string_view method;  // "POST"
  // The path as it appears on the request line (percent-encoded as the client sent it);
  // it is encoded once more, as SigV4 asks of every service but S3.
  std::string_view path;
  std::string_view query;         // without the '?'; may be percent-encoded
  std::vector<Header> headers;    // the signed headers only, in any order
  std::string_view payload_hash;  // hex SHA-256 of the body
};

// The credential scope: YYYYMMDD/region/service/aws4_request.
struct Scope {
  std::string date;  // YYYYMMDD
  std::string region;
  std::string service;
  std::string ToString() const;
};

std::string Sha256Hex(std::string_view data);

// Lower-case hex of raw bytes.
std::string Hex(std::string_view bytes);

// RFC 3986 percent-encoding: unreserved characters stay; '/' stays if keep_slash.
std::string UriEncode(std::string_view text, bool keep_slash);

// "content-type;host;x-amz-date": the sorted, distinct header names.
std::string SignedHeaderList(const std::vector<Header>& headers);

// The canonical request: method, canonical URI, canonical query string, canonical
// headers (values trimmed, inner runs of spaces collapsed, repeated headers joined by
// ','), the signed-header list and the payload hash, one per line.
std::string CanonicalRequest(const CanonicalParts& parts);

// "AWS4-HMAC-SHA256\n<amz_date>\n<scope>\n<hex sha256 of the canonical request>".
std::string StringToSign(std::string_view amz_date, const Scope& scope,
                         std::string_view canonical_request);

// The hex signature of `string_to_sign` with the key derived from `secret` and `scope`.
std::string Signature(std::string_view secret, const Scope& scope, std::string_view string_to_sign);

// The Authorization header's value for a request (the client side).
std::string AuthorizationHeader(std::string_view access_key_id, std::string_view secret,
                                std::string_view amz_date, const Scope& scope,
                                const CanonicalParts& parts);

}  // namespace monotable::auth
