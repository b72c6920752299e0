#include "server/fault_rule.h"

#include <array>
#include <utility>

namespace monotable::server {
namespace {

constexpr std::array<std::pair<FaultKind, std::string_view>, 8> kKindNames = {{
    {FaultKind::kInternalServerError, "InternalServerError"},
    {FaultKind::kInternalFailure, "InternalFailure"},
    {FaultKind::kServiceUnavailable, "ServiceUnavailable"},
    {FaultKind::kThrottling, "ThrottlingException"},
    {FaultKind::kRequestLimitExceeded, "RequestLimitExceeded"},
    {FaultKind::kTransactionConflict, "TransactionConflict"},
    {FaultKind::kLatency, "Latency"},
    {FaultKind::kConnectionReset, "ConnectionReset"},
}};

// The operations whose API reference lists TransactionConflictException, and the
// transactions, which are cancelled with a TransactionConflict reason instead.
constexpr std::array<std::string_view, 7> kConflictingOperations = {
    "PutItem",
    "UpdateItem",
    "DeleteItem",
    "ExecuteStatement",
    "TransactWriteItems",
    "TransactGetItems",
    "ExecuteTransaction",
};

constexpr std::string_view kFields =
    "id, operation, table, index, kind, probability, latencyMs and count";

Status RuleError(const std::string& message) {
  return Status::Validation("fault rule: " + message);
}

Result<std::string> StringField(protocol::JsonElement value, std::string_view key) {
  std::string_view text;
  if (value.get_string().get(text)) {
    return RuleError("'" + std::string(key) + "' must be a string");
  }
  return std::string(text);
}

Result<int64_t> CountField(protocol::JsonElement value, std::string_view key, int64_t hi) {
  int64_t n = 0;
  if (value.get_int64().get(n) || n < 0 || n > hi) {
    return RuleError("'" + std::string(key) + "' must be an integer from 0 to " +
                     std::to_string(hi));
  }
  return n;
}

Status Check(const FaultRule& rule, bool has_latency) {
  if (rule.kind == FaultKind::kLatency && rule.latency_ms <= 0) {
    return RuleError("kind Latency needs 'latencyMs' above 0");
  }
  if (rule.kind != FaultKind::kLatency && has_latency) {
    return RuleError("'latencyMs' goes with kind Latency only");
  }
  if (rule.kind == FaultKind::kTransactionConflict && !rule.operation.empty() &&
      !MayConflict(rule.operation)) {
    return RuleError(
        "DynamoDB answers TransactionConflict only to PutItem, UpdateItem, DeleteItem, "
        "ExecuteStatement, TransactWriteItems, TransactGetItems and ExecuteTransaction, not " +
        rule.operation);
  }
  return Status::Ok();
}

}  // namespace

std::string_view FaultKindName(FaultKind kind) {
  for (const auto& [k, name] : kKindNames) {
    if (k == kind) return name;
  }
  return "?";
}

std::optional<FaultKind> ParseFaultKind(std::string_view name) {
  for (const auto& [kind, n] : kKindNames) {
    if (n == name) return kind;
  }
  return std::nullopt;
}

bool MayConflict(std::string_view operation) {
  for (std::string_view op : kConflictingOperations) {
    if (op == operation) return true;
  }
  return false;
}

Result<FaultRule> ParseFaultRule(protocol::JsonObject object) {
  FaultRule rule;
  bool has_kind = false;
  bool has_latency = false;
  for (auto field : object) {
    const std::string_view key = field.key;
    const protocol::JsonElement value = field.value;
    if (key == "id") {
      MT_ASSIGN_OR_RETURN(id, StringField(value, key));
      if (id.empty() || id.size() > 128 || id.find('/') != std::string::npos) {
        return RuleError("'id' must have 1 to 128 characters and no '/'");
      }
      rule.id = std::move(id);
    } else if (key == "operation") {
      MT_ASSIGN_OR_RETURN(operation, StringField(value, key));
      rule.operation = operation == "*" ? "" : std::move(operation);
    } else if (key == "table") {
      MT_ASSIGN_OR_RETURN(table, StringField(value, key));
      rule.table = std::move(table);
    } else if (key == "index") {
      MT_ASSIGN_OR_RETURN(index, StringField(value, key));
      rule.index = std::move(index);
    } else if (key == "kind") {
      MT_ASSIGN_OR_RETURN(name, StringField(value, key));
      std::optional<FaultKind> kind = ParseFaultKind(name);
      if (!kind) {
        std::string names;
        for (const auto& [k, n] : kKindNames) names += (names.empty() ? "" : ", ") + std::string(n);
        return RuleError("unknown kind '" + name + "' (expected one of " + names + ")");
      }
      rule.kind = *kind;
      has_kind = true;
    } else if (key == "probability") {
      double p = 0;
      if (value.get_double().get(p) || !(p >= 0 && p <= 1)) {
        return RuleError("'probability' must be a number from 0 to 1");
      }
      rule.probability = p;
    } else if (key == "latencyMs") {
      MT_ASSIGN_OR_RETURN(ms, CountField(value, key, 600'000));
      rule.latency_ms = ms;
      has_latency = true;
    } else if (key == "count") {
      MT_ASSIGN_OR_RETURN(count, CountField(value, key, int64_t{1} << 40));
      rule.count = count;
    } else if (key == "matched" || key == "injected") {
      // Listed counters: a listed rule may be posted back as it is.
    } else {
      return RuleError("unknown field '" + std::string(key) + "' (fields: " + std::string(kFields) +
                       ")");
    }
  }
  if (!has_kind) return RuleError("'kind' is required");
  MT_RETURN_IF_ERROR(Check(rule, has_latency));
  return rule;
}

void WriteFaultRuleFields(protocol::JsonWriter& w, const FaultRule& rule) {
  w.Key("id").Utf8String(rule.id);
  w.Key("kind").String(FaultKindName(rule.kind));
  if (!rule.operation.empty()) w.Key("operation").Utf8String(rule.operation);
  if (!rule.table.empty()) w.Key("table").Utf8String(rule.table);
  if (!rule.index.empty()) w.Key("index").Utf8String(rule.index);
  w.Key("probability").Double(rule.probability);
  if (rule.kind == FaultKind::kLatency) w.Key("latencyMs").Int(rule.latency_ms);
  if (rule.count) w.Key("count").Int(*rule.count);
}

}  // namespace monotable::server
