#include "protocol/errors.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/base/transaction_errors.h"

namespace monotable::protocol {
namespace {

const std::string kDynamo = "com.amazonaws.dynamodb.v20120810#";
const std::string kValidate = "com.amazon.coral.validate#";
const std::string kService = "com.amazon.coral.service#";

TEST(ErrorsTest, TypeNamesAndPrefixes) {
  const std::pair<ErrorCode, std::string> cases[] = {
      {ErrorCode::kValidation, kValidate + "ValidationException"},
      {ErrorCode::kConditionalCheckFailed, kDynamo + "ConditionalCheckFailedException"},
      {ErrorCode::kResourceNotFound, kDynamo + "ResourceNotFoundException"},
      {ErrorCode::kResourceInUse, kDynamo + "ResourceInUseException"},
      {ErrorCode::kLimitExceeded, kDynamo + "LimitExceededException"},
      {ErrorCode::kTransactionCanceled, kDynamo + "TransactionCanceledException"},
      {ErrorCode::kTransactionConflict, kDynamo + "TransactionConflictException"},
      {ErrorCode::kProvisionedThroughputExceeded,
       kDynamo + "ProvisionedThroughputExceededException"},
      {ErrorCode::kThrottling, "com.amazon.coral.availability#ThrottlingException"},
      {ErrorCode::kItemCollectionSizeLimitExceeded,
       kDynamo + "ItemCollectionSizeLimitExceededException"},
      {ErrorCode::kIdempotentParameterMismatch, kDynamo + "IdempotentParameterMismatchException"},
      {ErrorCode::kTransactionInProgress, kDynamo + "TransactionInProgressException"},
      {ErrorCode::kDuplicateItem, kDynamo + "DuplicateItemException"},
      {ErrorCode::kPolicyNotFound, kDynamo + "PolicyNotFoundException"},
      {ErrorCode::kAccessDenied, kService + "AccessDeniedException"},
      {ErrorCode::kTableNotFound, kDynamo + "TableNotFoundException"},
      {ErrorCode::kTableAlreadyExists, kDynamo + "TableAlreadyExistsException"},
      {ErrorCode::kTableInUse, kDynamo + "TableInUseException"},
      {ErrorCode::kBackupNotFound, kDynamo + "BackupNotFoundException"},
      {ErrorCode::kBackupInUse, kDynamo + "BackupInUseException"},
      {ErrorCode::kInvalidRestoreTime, kDynamo + "InvalidRestoreTimeException"},
      {ErrorCode::kPitrUnavailable, kDynamo + "PointInTimeRecoveryUnavailableException"},
      {ErrorCode::kImportNotFound, kDynamo + "ImportNotFoundException"},
      {ErrorCode::kExportNotFound, kDynamo + "ExportNotFoundException"},
      {ErrorCode::kSerialization, kService + "SerializationException"},
      {ErrorCode::kUnknownOperation, kService + "UnknownOperationException"},
      {ErrorCode::kMissingAuthenticationToken, kService + "MissingAuthenticationTokenException"},
      {ErrorCode::kUnrecognizedClient, kService + "UnrecognizedClientException"},
      {ErrorCode::kInvalidSignature, kService + "InvalidSignatureException"},
      {ErrorCode::kIncompleteSignature, kService + "IncompleteSignatureException"},
      {ErrorCode::kRequestTooLarge, kService + "RequestEntityTooLargeException"},
      {ErrorCode::kTrimmedDataAccess, kDynamo + "TrimmedDataAccessException"},
      {ErrorCode::kExpiredIterator, kDynamo + "ExpiredIteratorException"},
      {ErrorCode::kNotImplemented, kValidate + "ValidationException"},
      {ErrorCode::kInternal, kDynamo + "InternalServerError"},
  };
  for (const auto& [code, type] : cases) {
    EXPECT_EQ(ErrorType(code), type) << static_cast<int>(code);
  }
  EXPECT_EQ(ErrorType(ErrorCode::kOk), "");
}

TEST(ErrorsTest, HttpStatus) {
  for (ErrorCode code : {ErrorCode::kValidation,
                         ErrorCode::kConditionalCheckFailed,
                         ErrorCode::kResourceNotFound,
                         ErrorCode::kResourceInUse,
                         ErrorCode::kLimitExceeded,
                         ErrorCode::kTransactionCanceled,
                         ErrorCode::kTransactionConflict,
                         ErrorCode::kProvisionedThroughputExceeded,
                         ErrorCode::kItemCollectionSizeLimitExceeded,
                         ErrorCode::kIdempotentParameterMismatch,
                         ErrorCode::kDuplicateItem,
                         ErrorCode::kPolicyNotFound,
                         ErrorCode::kAccessDenied,
                         ErrorCode::kTableNotFound,
                         ErrorCode::kBackupNotFound,
                         ErrorCode::kPitrUnavailable,
                         ErrorCode::kSerialization,
                         ErrorCode::kUnknownOperation,
                         ErrorCode::kMissingAuthenticationToken,
                         ErrorCode::kUnrecognizedClient,
                         ErrorCode::kInvalidSignature,
                         ErrorCode::kIncompleteSignature,
                         ErrorCode::kTrimmedDataAccess,
                         ErrorCode::kExpiredIterator,
                         ErrorCode::kNotImplemented}) {
    EXPECT_EQ(EncodeError(Status(code, "m")).http_status, 400) << static_cast<int>(code);
  }
  EXPECT_EQ(EncodeError(Status::Internal("boom")).http_status, 500);
  EXPECT_EQ(EncodeError(Status(ErrorCode::kRequestTooLarge, "big")).http_status, 413);
}

TEST(ErrorsTest, Body) {
  WireError e = EncodeError(Status::NotFound("Requested resource not found"));
  EXPECT_EQ(e.body, R"({"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",)"
                    R"("message":"Requested resource not found"})");
  // Messages are JSON-escaped.
  WireError quoted = EncodeError(Status::Validation("bad \"value\"\n"));
  EXPECT_EQ(quoted.body, R"({"__type":"com.amazon.coral.validate#ValidationException",)"
                         R"("message":"bad \"value\"\n"})");
  // No message: only the type.
  WireError bare = EncodeError(Status(ErrorCode::kInternal, ""));
  EXPECT_EQ(bare.body, R"({"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError"})");
  // The fuzzer's finding: an unknown operation had no message at all.
  EXPECT_EQ(EncodeError(UnknownOperation()).body,
            R"({"__type":"com.amazon.coral.service#UnknownOperationException",)"
            R"("message":"Unknown operation exception"})");
}

TEST(ErrorsTest, MessagesEchoingBadBytesStayValidUtf8) {
  // One byte of a two-byte character, as a message might echo it, becomes U+FFFD.
  WireError e = EncodeError(Status(ErrorCode::kSerialization, "character: '\xC3'"));
  EXPECT_EQ(e.body,
            "{\"__type\":\"com.amazon.coral.service#SerializationException\","
            "\"message\":\"character: '\xEF\xBF\xBD'\"}");
  CancellationReason bad{"ValidationError", "bad \xFF", std::nullopt};
  WireError cancelled = EncodeError(TransactionCanceled({std::move(bad)}));
  EXPECT_NE(cancelled.body.find("\"Message\":\"bad \xEF\xBF\xBD\""), std::string::npos)
      << cancelled.body;
}

TEST(ErrorsTest, CancellationReasonsInRequestOrder) {
  CancellationReason failed{"ConditionalCheckFailed", "The conditional request failed",
                            Item{{"pk", AttributeValue::String("a")}}};
  WireError e = EncodeError(TransactionCanceled({NoReason(), std::move(failed)}));
  EXPECT_EQ(e.http_status, 400);
  EXPECT_EQ(e.body,
            R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException",)"
            R"("message":"Transaction cancelled, please refer cancellation reasons for specific )"
            R"(reasons [None, ConditionalCheckFailed]",)"
            R"("CancellationReasons":[{"Code":"None"},)"
            R"({"Item":{"pk":{"S":"a"}},"Code":"ConditionalCheckFailed",)"
            R"("Message":"The conditional request failed"}]})");
}

TEST(ErrorsTest, ThrottlingReasonsNameTheTableOrIndexByArn) {
  auto detail = std::make_shared<ErrorDetail>();
  detail->throttling_reasons = {{"TableWriteKeyRangeThroughputExceeded", "T", ""},
                                {"IndexWriteProvisionedThroughputExceeded", "T", "byOwner"}};
  Status provisioned = Status(ErrorCode::kProvisionedThroughputExceeded, "m").WithDetail(detail);
  EXPECT_EQ(
      EncodeError(provisioned, {"eu-west-1", "123456789012"}).body,
      R"({"__type":"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",)"
      R"("message":"m","ThrottlingReasons":[)"
      R"({"reason":"TableWriteKeyRangeThroughputExceeded",)"
      R"("resource":"arn:aws:dynamodb:eu-west-1:123456789012:table/T"},)"
      R"({"reason":"IndexWriteProvisionedThroughputExceeded",)"
      R"("resource":"arn:aws:dynamodb:eu-west-1:123456789012:table/T/index/byOwner"}]})");
  // ThrottlingException's member is spelled in lower camel case in the service model.
  Status on_demand = Status(ErrorCode::kThrottling, "m").WithDetail(detail);
  EXPECT_NE(EncodeError(on_demand).body.find(R"("throttlingReasons":[)"), std::string::npos);
}

}  // namespace
}  // namespace monotable::protocol
