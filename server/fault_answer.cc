#include "server/fault_answer.h"

#include <vector>

#include "engine/base/throughput_messages.h"
#include "engine/base/transaction_errors.h"
#include "protocol/errors.h"
#include "protocol/json_writer.h"

namespace monotable::server {
namespace {

// The Developer Guide's description of the 503 ("Error handling with DynamoDB").
constexpr char kUnavailableMessage[] =
    "DynamoDB is currently unavailable. (This should be a temporary state.)";
// RequestLimitExceeded's message as the Developer Guide lists it.
constexpr char kRequestLimitMessage[] =
    "Throughput exceeds the current throughput limit for your account. Please contact AWS "
    "Support at https://aws.amazon.com/support request a limit increase";

FaultAnswer Encoded(const Status& status) {
  protocol::WireError wire = protocol::EncodeError(status);
  return {wire.http_status, std::move(wire.body), status.code()};
}

FaultAnswer Literal(int http_status, std::string_view type, const char* message,
                    ErrorCode outcome) {
  protocol::JsonWriter w;
  w.BeginObject().Key("__type").String(type);
  if (message != nullptr) w.Key("message").String(message);
  w.EndObject();
  return {http_status, w.Take(), outcome};
}

// A transaction's cancellation: TransactionConflict for one action, None for the rest.
FaultAnswer CancelledTransaction(size_t actions, size_t conflicting_action) {
  if (actions == 0) actions = 1;
  if (conflicting_action >= actions) conflicting_action = 0;
  std::vector<CancellationReason> reasons(actions, NoReason());
  reasons[conflicting_action] = ConflictReason();
  return Encoded(TransactionCanceled(std::move(reasons)));
}

}  // namespace

FaultAnswer AnswerFault(FaultKind kind, std::string_view operation, const RequestTargets& targets,
                        size_t conflicting_action) {
  switch (kind) {
    case FaultKind::kInternalServerError: return Encoded(Status::Internal("Internal server error"));
    case FaultKind::kInternalFailure:
      // Coral's own 500, with no message (DynamoDB answers it at times, as dynalite's
      // and moto's notes record).
      return Literal(500, "com.amazon.coral.service#InternalFailure", nullptr,
                     ErrorCode::kInternal);
    case FaultKind::kServiceUnavailable:
      return Literal(503, kServiceUnavailableType, kUnavailableMessage, ErrorCode::kInternal);
    case FaultKind::kThrottling:
      return Encoded(Status(ErrorCode::kThrottling, kOnDemandTableThrottled));
    case FaultKind::kRequestLimitExceeded:
      return Literal(400, "com.amazonaws.dynamodb.v20120810#RequestLimitExceeded",
                     kRequestLimitMessage, ErrorCode::kThrottling);
    case FaultKind::kTransactionConflict:
      if (operation == "TransactWriteItems" || operation == "TransactGetItems" ||
          operation == "ExecuteTransaction") {
        return CancelledTransaction(targets.actions, conflicting_action);
      }
      return Encoded(Status(ErrorCode::kTransactionConflict, kTransactionOngoing));
    case FaultKind::kLatency:
    case FaultKind::kConnectionReset: break;
  }
  return Encoded(Status::Internal("Internal server error"));
}

}  // namespace monotable::server
