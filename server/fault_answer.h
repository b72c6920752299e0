#pragma once
// The answers of injected faults, in DynamoDB's shapes (docs/FAULTS.md quotes the
// sources): InternalServerError and InternalFailure (HTTP 500), ServiceUnavailable
// (503), ThrottlingException and RequestLimitExceeded (400), and TransactionConflict:
// TransactionConflictException for a single-item write or ExecuteStatement, a
// TransactionCanceledException with one TransactionConflict reason for a transaction.
//
// Thread-safety: pure functions. Errors: none.

#include <string>
#include <string_view>

#include "engine/base/status.h"
#include "server/fault_rule.h"
#include "server/request_targets.h"

namespace monotable::server {

// The `__type` of a 503, here and on a connection over --max-connections.
inline constexpr char kServiceUnavailableType[] =
    "com.amazonaws.dynamodb.v20120810#ServiceUnavailableException";

struct FaultAnswer {
  int http_status = 500;
  std::string body;
  ErrorCode outcome = ErrorCode::kInternal;  // how /metrics counts the request
};

// The answer for `kind` (an error kind: not kLatency or kConnectionReset) to a request
// for `operation` naming `targets`; `conflicting_action` as in FaultDecision.
FaultAnswer AnswerFault(FaultKind kind, std::string_view operation, const RequestTargets& targets,
                        size_t conflicting_action);

}  // namespace monotable::server
