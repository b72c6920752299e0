#pragma once
// The only place that knows DynamoDB's wire error names: maps an engine/protocol
// Status to the HTTP status, the `__type` and the JSON body.

#include <string>

#include "engine/base/status.h"

namespace monotable::protocol {

struct WireError {
  int http_status;
  std::string body;  // {"__type": "...#Name", "message": "..."}
};

WireError EncodeError(const Status& status);

// The full `__type`, e.g. "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException".
std::string ErrorType(ErrorCode code);

}  // namespace monotable::protocol
