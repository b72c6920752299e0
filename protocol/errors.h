#pragma once
// The only place that knows DynamoDB's wire error names: maps an engine/protocol
// Status to the HTTP status, the `__type` and the JSON body.

#include <string>
#include <string_view>

#include "engine/base/status.h"

namespace monotable::protocol {

struct WireError {
  int http_status;
  std::string body;  // {"__type": "...#Name", "message": "..."}
};

// Where the request was served: ThrottlingReasons name their table or index by ARN.
struct ArnScope {
  std::string_view region = "us-east-1";
  std::string_view account_id = "000000000000";
};

WireError EncodeError(const Status& status, const ArnScope& scope = {});

// An X-Amz-Target (or method) the service does not know. DynamoDB's body carries the
// message "Unknown operation exception" (boto3 issue 1542 and aws-toolkit-jetbrains
// issue 2956 quote it from the service).
Status UnknownOperation();

// The full `__type`, e.g. "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException".
std::string ErrorType(ErrorCode code);

}  // namespace monotable::protocol
