#include "protocol/errors.h"

#include "engine/base/error_detail.h"
#include "protocol/attribute_value_json.h"
#include "protocol/json_writer.h"

namespace monotable::protocol {
namespace {

// Real DynamoDB answers with three namespaces: its own exceptions, the Coral
// framework's request validation, and Coral's service-level errors.
constexpr char kDynamo[] = "com.amazonaws.dynamodb.v20120810#";
constexpr char kCoralValidate[] = "com.amazon.coral.validate#";
constexpr char kCoralService[] = "com.amazon.coral.service#";

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
    if (!reason.message.empty()) w.Key("Message").String(reason.message);
    w.EndObject();
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
    case ErrorCode::kItemCollectionSizeLimitExceeded:
      return std::string(kDynamo) + "ItemCollectionSizeLimitExceededException";
    case ErrorCode::kIdempotentParameterMismatch:
      return std::string(kDynamo) + "IdempotentParameterMismatchException";
    case ErrorCode::kTransactionInProgress:
      return std::string(kDynamo) + "TransactionInProgressException";
    case ErrorCode::kDuplicateItem: return std::string(kDynamo) + "DuplicateItemException";
    case ErrorCode::kSerialization: return std::string(kCoralService) + "SerializationException";
    case ErrorCode::kUnknownOperation:
      return std::string(kCoralService) + "UnknownOperationException";
    case ErrorCode::kMissingAuthenticationToken:
      return std::string(kCoralService) + "MissingAuthenticationTokenException";
    case ErrorCode::kRequestTooLarge:
      return std::string(kCoralService) + "RequestEntityTooLargeException";
    // An operation that exists in DynamoDB but that monotable does not serve yet is
    // a client-visible 400, never a crash or a 500.
    case ErrorCode::kNotImplemented: return std::string(kCoralValidate) + "ValidationException";
    case ErrorCode::kInternal: return std::string(kDynamo) + "InternalServerError";
  }
  return std::string(kDynamo) + "InternalServerError";
}

WireError EncodeError(const Status& status) {
  int http_status = 400;
  if (status.code() == ErrorCode::kInternal) http_status = 500;
  if (status.code() == ErrorCode::kRequestTooLarge) http_status = 413;
  JsonWriter w;
  w.BeginObject().Key("__type").String(ErrorType(status.code()));
  if (!status.message().empty()) w.Key("message").String(status.message());
  if (const auto& detail = status.detail(); detail && detail->item) {
    w.Key("Item");
    WriteItem(w, *detail->item);
  }
  if (const auto& detail = status.detail(); detail && !detail->cancellation_reasons.empty()) {
    WriteCancellationReasons(w, detail->cancellation_reasons);
  }
  w.EndObject();
  return {http_status, w.Take()};
}

}  // namespace monotable::protocol
