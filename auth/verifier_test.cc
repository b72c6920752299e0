#include "auth/verifier.h"

#include <gtest/gtest.h>

// A namespace of the file's own: the unity build compiles the folder's tests together.
namespace monotable::auth::verifier_test {
namespace {

constexpr std::string_view kSecret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
constexpr std::string_view kBody = R"({"TableName":"t"})";
// A DescribeTable request as botocore signs it at 2015-08-30 12:36:00 UTC.
constexpr std::string_view kBotocoreAuthorization =
    "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/dynamodb/aws4_request, "
    "SignedHeaders=content-type;host;x-amz-date;x-amz-target, "
    "Signature=d96d5b890e0df1647e1212379646c960d69bd0ef6d4065bfd7d51ea3008e7ff8";

int64_t SignedAt() {
  int64_t t = 0;
  EXPECT_TRUE(ParseAmzDate("20150830T123600Z", &t));
  return t;
}

RequestToVerify Request(std::string authorization) {
  return RequestToVerify{"POST",
                         "/",
                         {{"host", "localhost:8000"},
                          {"content-type", "application/x-amz-json-1.0"},
                          {"x-amz-target", "DynamoDB_20120810.DescribeTable"},
                          {"x-amz-date", "20150830T123600Z"},
                          {"authorization", std::move(authorization)},
                          {"user-agent", "not signed"}},
                         kBody};
}

SignatureVerifier Verifier() {
  return SignatureVerifier(SecretsByKey{{"AKIDEXAMPLE", std::string(kSecret)}});
}

TEST(VerifierTest, AcceptsBotocoresSignature) {
  EXPECT_TRUE(Verifier().Verify(Request(std::string(kBotocoreAuthorization)), SignedAt()).ok());
  // Within 15 minutes either way.
  EXPECT_TRUE(
      Verifier().Verify(Request(std::string(kBotocoreAuthorization)), SignedAt() + 900).ok());
  EXPECT_TRUE(
      Verifier().Verify(Request(std::string(kBotocoreAuthorization)), SignedAt() - 900).ok());
}

TEST(VerifierTest, WrongSecret) {
  SignatureVerifier other(SecretsByKey{{"AKIDEXAMPLE", "another secret"}});
  Status s = other.Verify(Request(std::string(kBotocoreAuthorization)), SignedAt());
  EXPECT_EQ(s.code(), ErrorCode::kInvalidSignature);
  EXPECT_EQ(s.message(),
            "The request signature we calculated does not match the signature you provided. "
            "Check your AWS Secret Access Key and signing method. Consult the service "
            "documentation for details.");
}

TEST(VerifierTest, ChangedBodyOrSignedHeader) {
  RequestToVerify request = Request(std::string(kBotocoreAuthorization));
  request.body = R"({"TableName":"u"})";
  EXPECT_EQ(Verifier().Verify(request, SignedAt()).code(), ErrorCode::kInvalidSignature);
  request = Request(std::string(kBotocoreAuthorization));
  request.headers[2].value = "DynamoDB_20120810.DeleteTable";
  EXPECT_EQ(Verifier().Verify(request, SignedAt()).code(), ErrorCode::kInvalidSignature);
  request = Request(std::string(kBotocoreAuthorization));
  request.headers.erase(request.headers.begin() + 2);  // a signed header missing
  EXPECT_EQ(Verifier().Verify(request, SignedAt()).code(), ErrorCode::kInvalidSignature);
  request = Request(std::string(kBotocoreAuthorization));
  request.headers[5].value = "changed";  // not signed: no effect
  EXPECT_TRUE(Verifier().Verify(request, SignedAt()).ok());
}

TEST(VerifierTest, UnknownAccessKey) {
  std::string header(kBotocoreAuthorization);
  header.replace(header.find("AKIDEXAMPLE"), 11, "AKIDUNKNOWN");
  Status s = Verifier().Verify(Request(header), SignedAt());
  EXPECT_EQ(s.code(), ErrorCode::kUnrecognizedClient);
  EXPECT_EQ(s.message(), "The security token included in the request is invalid.");
}

TEST(VerifierTest, ClockSkewOverFifteenMinutes) {
  Status s = Verifier().Verify(Request(std::string(kBotocoreAuthorization)), SignedAt() + 901);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidSignature);
  EXPECT_EQ(s.message(),
            "Signature expired: 20150830T123600Z is now earlier than 20150830T123601Z "
            "(20150830T125101Z - 15 min.)");
  s = Verifier().Verify(Request(std::string(kBotocoreAuthorization)), SignedAt() - 901);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidSignature);
  EXPECT_EQ(s.message(),
            "Signature not yet current: 20150830T123600Z is still later than 20150830T123559Z "
            "(20150830T122059Z + 15 min.)");
}

TEST(VerifierTest, MissingOrIncompleteAuthorization) {
  RequestToVerify request = Request("");
  Status s = Verifier().Verify(request, SignedAt());
  EXPECT_EQ(s.code(), ErrorCode::kMissingAuthenticationToken);
  EXPECT_EQ(s.message(), "Request is missing Authentication Token");
  s = Verifier().Verify(
      Request("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/dynamodb/aws4_request"),
      SignedAt());
  EXPECT_EQ(s.code(), ErrorCode::kIncompleteSignature);
  EXPECT_NE(s.message().find("Authorization header requires 'Signature' parameter."),
            std::string::npos);
  EXPECT_EQ(Verifier().Verify(Request("Basic dXNlcjpwYXNz"), SignedAt()).code(),
            ErrorCode::kIncompleteSignature);
  request = Request(std::string(kBotocoreAuthorization));
  request.headers[3].value = "yesterday";
  EXPECT_EQ(Verifier().Verify(request, SignedAt()).code(), ErrorCode::kIncompleteSignature);
}

TEST(VerifierTest, ScopeMustMatchDateAndService) {
  std::string header(kBotocoreAuthorization);
  header.replace(header.find("/dynamodb/"), 10, "/s3/");
  EXPECT_EQ(Verifier().Verify(Request(header), SignedAt()).code(), ErrorCode::kInvalidSignature);
  header = std::string(kBotocoreAuthorization);
  header.replace(header.find("20150830"), 8, "20150831");
  Status s = Verifier().Verify(Request(header), SignedAt());
  EXPECT_EQ(s.code(), ErrorCode::kInvalidSignature);
  EXPECT_NE(s.message().find("Date in Credential scope does not match"), std::string::npos);
}

TEST(VerifierTest, AmzDateRoundTrip) {
  int64_t t = 0;
  ASSERT_TRUE(ParseAmzDate("20240229T235959Z", &t));
  EXPECT_EQ(FormatAmzDate(t), "20240229T235959Z");
  EXPECT_FALSE(ParseAmzDate("2024-02-29T23:59:59Z", &t));
  EXPECT_FALSE(ParseAmzDate("20241329T235959Z", &t));
}

}  // namespace
}  // namespace monotable::auth::verifier_test
