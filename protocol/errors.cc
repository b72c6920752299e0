#include "protocol/errors.h"

#include "engine/base/error_detail.h"
#include "protocol/attribute_value_json.h"
#include "protocol/json_writer.h"
#include "protocol/table_description_json.h"

namespace monotable::protocol {
namespace {

// Real DynamoDB answers with three namespaces: its own exceptions, the Coral
// framework's request validation, and Coral's service-level errors.
constexpr char kDynamo[] = "com.amazonaws.dynamodb.v20120810#";
constexpr char kCoralValidate[] = "com.amazon.coral.validate#";
constexpr char kCoralService[] = "com.amazon.coral.service#";
// ThrottlingException comes from Coral's availability layer.
constexpr char kCoralAvailability[] = "com.amazon.coral.availability#";

// TransactionCanceledException's CancellationReasons, in request order; boto3 exposes
// them as error.response["CancellationReasons"].
void WriteCancellationReasons(JsonWriter& w, const std::vector<CancellationReason>& reasons) {
  w.Key("CancellationReasons").BeginArray();
  for (const auto& reason : reasons) {
    w.BeginObject();
    if (reason.item) {
      w.Key("Item");
      WriteItem(w, *reason.item);
    }
    w.Key("Code").String(reason.code);
    if (!reason.message.empty()) w.Key("Message").Utf8String(reason.message);
    w.EndObject();
  }
  w.EndArray();
}

// ThrottlingReasons: [{"reason": ..., "resource": <table or index ARN>}]. The member is
// "ThrottlingReasons" in ProvisionedThroughputExceededException and "throttlingReasons"
// in ThrottlingException (botocore's service model for DynamoDB, 2012-08-10); boto3
// exposes it as error.response[<that name>].
void WriteThrottlingReasons(JsonWriter& w, std::string_view member,
                            const std::vector<ThrottlingReasonDetail>& reasons,
                            const ArnScope& scope) {
  w.Key(member).BeginArray();
  for (const auto& reason : reasons) {
    std::string arn = TableArn(scope.region, scope.account_id, reason.table_name);
    if (!reason.index_name.empty()) arn += "/index/" + reason.index_name;
    w.BeginObject().Key("reason").String(reason.reason).Key("resource").String(arn).EndObject();
  }
  w.EndArray();
}

}  // namespace

std::string ErrorType(ErrorCode code) {
  switch (code) {
    case ErrorCode::kOk: return "";
    case ErrorCode::kValidation: return std::string(kCoralValidate) + "ValidationException";
    case ErrorCode::kConditionalCheckFailed:
      return std::string(kDynamo) + "ConditionalCheckFailedException";
    case ErrorCode::kResourceNotFound: return std::string(kDynamo) + "ResourceNotFoundException";
    case ErrorCode::kResourceInUse: return std::string(kDynamo) + "ResourceInUseException";
    case ErrorCode::kLimitExceeded: return std::string(kDynamo) + "LimitExceededException";
    case ErrorCode::kTransactionCanceled:
      return std::string(kDynamo) + "TransactionCanceledException";
    case ErrorCode::kTransactionConflict:
      return std::string(kDynamo) + "TransactionConflictException";
    case ErrorCode::kProvisionedThroughputExceeded:
      return std::string(kDynamo) + "ProvisionedThroughputExceededException";
    case ErrorCode::kThrottling: return std::string(kCoralAvailability) + "ThrottlingException";
    case ErrorCode::kItemCollectionSizeLimitExceeded:
      return std::string(kDynamo) + "ItemCollectionSizeLimitExceededException";
    case ErrorCode::kIdempotentParameterMismatch:
      return std::string(kDynamo) + "IdempotentParameterMismatchException";
    case ErrorCode::kTransactionInProgress:
      return std::string(kDynamo) + "TransactionInProgressException";
    case ErrorCode::kDuplicateItem: return std::string(kDynamo) + "DuplicateItemException";
    case ErrorCode::kPolicyNotFound: return std::string(kDynamo) + "PolicyNotFoundException";
    case ErrorCode::kAccessDenied: return std::string(kCoralService) + "AccessDeniedException";
    case ErrorCode::kTableNotFound: return std::string(kDynamo) + "TableNotFoundException";
    case ErrorCode::kTableAlreadyExists:
      return std::string(kDynamo) + "TableAlreadyExistsException";
    case ErrorCode::kTableInUse: return std::string(kDynamo) + "TableInUseException";
    case ErrorCode::kBackupNotFound: return std::string(kDynamo) + "BackupNotFoundException";
    case ErrorCode::kBackupInUse: return std::string(kDynamo) + "BackupInUseException";
    case ErrorCode::kInvalidRestoreTime:
      return std::string(kDynamo) + "InvalidRestoreTimeException";
    case ErrorCode::kPitrUnavailable:
      return std::string(kDynamo) + "PointInTimeRecoveryUnavailableException";
    case ErrorCode::kImportNotFound: return std::string(kDynamo) + "ImportNotFoundException";
    case ErrorCode::kExportNotFound: return std::string(kDynamo) + "ExportNotFoundException";
    case ErrorCode::kSerialization: return std::string(kCoralService) + "SerializationException";
    case ErrorCode::kUnknownOperation:
      return std::string(kCoralService) + "UnknownOperationException";
    case ErrorCode::kMissingAuthenticationToken:
      return std::string(kCoralService) + "MissingAuthenticationTokenException";
    case ErrorCode::kUnrecognizedClient:
      return std::string(kCoralService) + "UnrecognizedClientException";
    case ErrorCode::kInvalidSignature:
      return std::string(kCoralService) + "InvalidSignatureException";
    case ErrorCode::kIncompleteSignature:
      return std::string(kCoralService) + "IncompleteSignatureException";
    case ErrorCode::kRequestTooLarge:
      return std::string(kCoralService) + "RequestEntityTooLargeException";
    case ErrorCode::kTrimmedDataAccess: return std::string(kDynamo) + "TrimmedDataAccessException";
    case ErrorCode::kExpiredIterator: return std::string(kDynamo) + "ExpiredIteratorException";
    // An operation that exists in DynamoDB but that monotable does not serve yet is
    // a client-visible 400, never a crash or a 500.
    case ErrorCode::kNotImplemented: return std::string(kCoralValidate) + "ValidationException";
    case ErrorCode::kInternal: return std::string(kDynamo) + "InternalServerError";
  }
  return std::string(kDynamo) + "InternalServerError";
}

Status UnknownOperation() {
  return Status(ErrorCode::kUnknownOperation, "Unknown operation exception");
}

WireError EncodeError(const Status& status, const ArnScope& scope) {
  int http_status = 400;
  if (status.code() == ErrorCode::kInternal) http_status = 500;
  if (status.code() == ErrorCode::kRequestTooLarge) http_status = 413;
  JsonWriter w;
  w.BeginObject().Key("__type").String(ErrorType(status.code()));
  if (!status.message().empty()) w.Key("message").Utf8String(status.message());
  if (const auto& detail = status.detail(); detail && detail->item) {
    w.Key("Item");
    WriteItem(w, *detail->item);
  }
  if (const auto& detail = status.detail(); detail && !detail->cancellation_reasons.empty()) {
    WriteCancellationReasons(w, detail->cancellation_reasons);
  }
  if (const auto& detail = status.detail(); detail && !detail->throttling_reasons.empty()) {
    WriteThrottlingReasons(
        w, status.code() == ErrorCode::kThrottling ? "throttlingReasons" : "ThrottlingReasons",
        detail->throttling_reasons, scope);
  }
  w.EndObject();
  return {http_status, w.Take()};
}

}  // namespace monotable::protocol
