#pragma once
// One fault-injection rule (docs/FAULTS.md): which requests it applies to (an operation,
// a table, an index, each optional), how likely it fires, and what it does: answer one
// of DynamoDB's errors, add latency, or reset the connection. Rules come as JSON from
// the admin API (POST /monotable/faults) or the --faults file, and are listed back in
// the same shape.
//
// Thread-safety: values; the functions are pure. Errors: kValidation with a message
// for the caller (an unknown field or kind, a probability outside [0, 1], ...).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/base/status.h"
#include "protocol/json_reader.h"
#include "protocol/json_writer.h"

namespace monotable::server {

enum class FaultKind {
  kInternalServerError,   // HTTP 500, DynamoDB's modelled InternalServerError
  kInternalFailure,       // HTTP 500, Coral's unmodelled InternalFailure (no message)
  kServiceUnavailable,    // HTTP 503
  kThrottling,            // HTTP 400 ThrottlingException
  kRequestLimitExceeded,  // HTTP 400 RequestLimitExceeded (the account's quota)
  kTransactionConflict,   // TransactionConflictException, or a cancelled transaction
  kLatency,               // the request is served, its answer delayed by latency_ms
  kConnectionReset,       // no answer: the connection is reset (TCP RST)
};

// The names the API takes and lists: "InternalServerError", "ThrottlingException", ...
std::string_view FaultKindName(FaultKind kind);
std::optional<FaultKind> ParseFaultKind(std::string_view name);

// True for an operation DynamoDB may answer with a transaction conflict: the
// single-item writes and ExecuteStatement (TransactionConflictException), the
// transactions (TransactionCanceledException with a TransactionConflict reason).
bool MayConflict(std::string_view operation);

struct FaultRule {
  std::string id;         // given by the caller, or "fault-N"
  std::string operation;  // X-Amz-Target's operation ("PutItem"); empty: any
  std::string table;      // a table the request names; empty: any
  std::string index;      // the request's IndexName; empty: any
  double probability = 1.0;
  FaultKind kind = FaultKind::kInternalServerError;
  int64_t latency_ms = 0;        // kLatency only
  std::optional<int64_t> count;  // fires at most this many times; nullopt: no limit
};

// A rule from its JSON object: {"kind": ..., "operation": ..., "table": ...,
// "index": ..., "probability": ..., "latencyMs": ..., "count": ..., "id": ...}; only
// "kind" is required. Errors: kValidation.
Result<FaultRule> ParseFaultRule(protocol::JsonObject object);

// The rule's fields as JSON members (inside an object the caller opened).
void WriteFaultRuleFields(protocol::JsonWriter& w, const FaultRule& rule);

}  // namespace monotable::server
