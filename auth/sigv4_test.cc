// The signer against examples of AWS's published Signature Version 4 test suite
// (credentials AKIDEXAMPLE, 2015-08-30 12:36:00 UTC, us-east-1, service "service"),
// restated here from its description: request, canonical request and signature.
#include "auth/sigv4.h"

#include <gtest/gtest.h>

namespace monotable::auth {
namespace {

constexpr std::string_view kSecret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
constexpr std::string_view kDate = "20150830T123600Z";
const std::string kEmptyHash = Sha256Hex("");

std::string SignatureOf(const CanonicalParts& parts) {
  Scope scope{"20150830", "us-east-1", "service"};
  return Signature(kSecret, scope, StringToSign(kDate, scope, CanonicalRequest(parts)));
}

CanonicalParts Vanilla(std::string_view method, std::string_view path, std::string_view query) {
  return CanonicalParts{method,
                        path,
                        query,
                        {{"host", "example.amazonaws.com"}, {"x-amz-date", std::string(kDate)}},
                        kEmptyHash};
}

TEST(SigV4Test, EmptyBodyHash) {
  EXPECT_EQ(kEmptyHash, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(SigV4Test, GetVanilla) {
  CanonicalParts parts = Vanilla("GET", "/", "");
  EXPECT_EQ(CanonicalRequest(parts),
            "GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
            "host;x-amz-date\n" +
                kEmptyHash);
  EXPECT_EQ(SignatureOf(parts), "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31");
}

TEST(SigV4Test, PostVanilla) {
  EXPECT_EQ(SignatureOf(Vanilla("POST", "/", "")),
            "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b");
}

TEST(SigV4Test, QueryParametersAreSorted) {
  // get-vanilla-query-order-key-case: Param2 before Param1 on the wire.
  CanonicalParts parts = Vanilla("GET", "/", "Param2=value2&Param1=value1");
  EXPECT_NE(CanonicalRequest(parts).find("\nParam1=value1&Param2=value2\n"), std::string::npos);
  EXPECT_EQ(SignatureOf(parts), "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500");
}

TEST(SigV4Test, HeaderOrderDoesNotMatter) {
  CanonicalParts a = Vanilla("GET", "/", "");
  CanonicalParts b = a;
  std::swap(b.headers[0], b.headers[1]);
  EXPECT_EQ(SignatureOf(a), SignatureOf(b));
}

TEST(SigV4Test, HeaderValuesAreTrimmedAndRepeatedHeadersJoined) {
  CanonicalParts parts = Vanilla("GET", "/", "");
  parts.headers.push_back({"my-header1", "  value1  "});
  parts.headers.push_back({"my-header2", "\"a   b   c\""});
  parts.headers.push_back({"my-header3", "v1"});
  parts.headers.push_back({"my-header3", "v2"});
  std::string canonical = CanonicalRequest(parts);
  EXPECT_NE(canonical.find("my-header1:value1\nmy-header2:\"a b c\"\nmy-header3:v1,v2\n"),
            std::string::npos)
      << canonical;
  EXPECT_NE(canonical.find("\nhost;my-header1;my-header2;my-header3;x-amz-date\n"),
            std::string::npos);
}

TEST(SigV4Test, PathIsEncodedOnceMore) {
  // Every service but S3 encodes the path as sent a second time: a space sent as
  // %20 is signed as %2520; unreserved characters and '/' stay.
  CanonicalParts parts = Vanilla("GET", "/example%20space/a-b_c.d~e", "");
  EXPECT_NE(CanonicalRequest(parts).find("\n/example%2520space/a-b_c.d~e\n"), std::string::npos);
  EXPECT_EQ(UriEncode("ሴ", false), "%E1%88%B4");
}

TEST(SigV4Test, AuthorizationHeader) {
  Scope scope{"20150830", "us-east-1", "service"};
  EXPECT_EQ(AuthorizationHeader("AKIDEXAMPLE", kSecret, kDate, scope, Vanilla("GET", "/", "")),
            "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
            "SignedHeaders=host;x-amz-date, "
            "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31");
}

}  // namespace
}  // namespace monotable::auth
