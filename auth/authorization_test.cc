#include "auth/authorization.h"

#include <gtest/gtest.h>

#include <string>

namespace monotable::auth {
namespace {

TEST(ParseAuthorizationTest, StandardHeader) {
  auto scope = ParseAuthorization(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/dynamodb/aws4_request, "
      "SignedHeaders=content-type;host;x-amz-date;x-amz-target, "
      "Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7");
  ASSERT_TRUE(scope);
  EXPECT_EQ(scope->access_key_id, "AKIDEXAMPLE");
  EXPECT_EQ(scope->region, "us-east-1");
}

TEST(ParseAuthorizationTest, SeparatorsWithoutSpaces) {
  auto scope = ParseAuthorization(
      "AWS4-HMAC-SHA256 Credential=key/20250101/eu-west-3/dynamodb/aws4_request,"
      "SignedHeaders=host,Signature=abc");
  ASSERT_TRUE(scope);
  EXPECT_EQ(scope->access_key_id, "key");
  EXPECT_EQ(scope->region, "eu-west-3");
}

TEST(ParseAuthorizationTest, CredentialAtTheEnd) {
  auto scope = ParseAuthorization(
      "AWS4-HMAC-SHA256 Credential=fakeMyKeyId/20250101/local/dynamodb/aws4_request");
  ASSERT_TRUE(scope);
  EXPECT_EQ(scope->access_key_id, "fakeMyKeyId");
  EXPECT_EQ(scope->region, "local");
}

// The scope ends at whichever of ',' and ' ' comes first.
TEST(ParseAuthorizationTest, ASpaceBeforeTheCommaEndsTheScope) {
  auto scope = ParseAuthorization(
      "AWS4-HMAC-SHA256 Credential=K/20250101/r1/dynamodb/aws4_request "
      "SignedHeaders=host,Signature=x");
  ASSERT_TRUE(scope);
  EXPECT_EQ(scope->access_key_id, "K");
  EXPECT_EQ(scope->region, "r1");
  // A space inside the scope cuts it before its first '/': no credential.
  EXPECT_FALSE(ParseAuthorization("AWS4-HMAC-SHA256 Credential=K Z/20250101/r1/dynamodb/x, S=1"));
}

TEST(ParseAuthorizationTest, CredentialNotFirst) {
  auto scope = ParseAuthorization(
      "AWS4-HMAC-SHA256 SignedHeaders=host, "
      "Credential=A/20250101/ap-south-1/dynamodb/aws4_request, "
      "Signature=00");
  ASSERT_TRUE(scope);
  EXPECT_EQ(scope->access_key_id, "A");
  EXPECT_EQ(scope->region, "ap-south-1");
}

TEST(ParseAuthorizationTest, ScopesWithBytesOutsidePrintableAsciiAreMalformed) {
  // fuzz_http's finding: a region with invalid UTF-8 went into the TableArn of the
  // response, which then was not UTF-8 JSON.
  EXPECT_FALSE(
      ParseAuthorization("AWS4-HMAC-SHA256 Credential=AKID/20240101/us(-east-\xD6\xD0"
                         "/dynamodb/aws4_request, SignedHeaders=host, Signature=abc"));
  EXPECT_FALSE(
      ParseAuthorization("AWS4-HMAC-SHA256 Credential=AK\x01ID/20240101/us-east-1"
                         "/dynamodb/aws4_request, SignedHeaders=host, Signature=abc"));
  EXPECT_TRUE(
      ParseAuthorization("AWS4-HMAC-SHA256 Credential=AKID/20240101/us-east-1"
                         "/dynamodb/aws4_request, SignedHeaders=host, Signature=abc"));
}

TEST(ParseAuthorizationTest, MissingOrMalformedCredential) {
  EXPECT_FALSE(ParseAuthorization(""));
  EXPECT_FALSE(ParseAuthorization("Bearer token"));
  EXPECT_FALSE(ParseAuthorization("AWS4-HMAC-SHA256 SignedHeaders=host, Signature=00"));
  EXPECT_FALSE(ParseAuthorization("AWS4-HMAC-SHA256 Credential="));
  EXPECT_FALSE(ParseAuthorization("AWS4-HMAC-SHA256 Credential=AKID, SignedHeaders=host"));
  EXPECT_FALSE(ParseAuthorization("AWS4-HMAC-SHA256 Credential=AKID/20250101, Signature=0"));
  // The region needs a following '/' (service/terminator part of the scope).
  EXPECT_FALSE(ParseAuthorization("AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1"));
  // Empty access key id or empty region.
  EXPECT_FALSE(
      ParseAuthorization("AWS4-HMAC-SHA256 Credential=/20250101/us-east-1/dynamodb/aws4_request"));
  EXPECT_FALSE(
      ParseAuthorization("AWS4-HMAC-SHA256 Credential=AKID/20250101//dynamodb/aws4_request"));
  // A space ends the credential value.
  EXPECT_FALSE(
      ParseAuthorization("AWS4-HMAC-SHA256 Credential=AKID/20250101 /us-east-1/dynamodb/x"));
}

TEST(ParseAuthorizationTest, DifferentKeysAndRegionsAreDistinct) {
  auto a =
      ParseAuthorization("AWS4-HMAC-SHA256 Credential=K1/20250101/us-east-1/dynamodb/aws4_request");
  auto b =
      ParseAuthorization("AWS4-HMAC-SHA256 Credential=K2/20250101/us-east-1/dynamodb/aws4_request");
  auto c =
      ParseAuthorization("AWS4-HMAC-SHA256 Credential=K1/20250101/us-west-2/dynamodb/aws4_request");
  ASSERT_TRUE(a && b && c);
  EXPECT_NE(a->access_key_id, b->access_key_id);
  EXPECT_EQ(a->access_key_id, c->access_key_id);
  EXPECT_NE(a->region, c->region);
}

}  // namespace
}  // namespace monotable::auth
