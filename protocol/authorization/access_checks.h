#pragma once
// The authorization questions one DynamoDB request asks: for each, the IAM action,
// the resource (table, index, stream, backup or export ARN, or "*"), and the condition
// keys DynamoDB computes for it (specifying-conditions; the Service Authorization
// Reference's "Actions defined by Amazon DynamoDB"). Most operations ask one question;
// BatchGetItem and BatchWriteItem one per table (dynamodb:LeadingKeys holding every
// item's partition key); TransactWriteItems and TransactGetItems one per item, as the
// item's own action (dynamodb:PutItem, UpdateItem, DeleteItem, ConditionCheckItem,
// GetItem) with dynamodb:EnclosingOperation; the PartiQL operations one per statement
// (dynamodb:PartiQLSelect, PartiQLInsert, PartiQLUpdate, PartiQLDelete).
// Not thread-safe: a TableFacts belongs to one request.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "iam/request_context.h"
#include "protocol/json_reader.h"

namespace monotable::protocol::authorization {

struct AccessCheck {
  std::string action;    // "dynamodb:GetItem"
  std::string table;     // the table whose resource policy and tags apply; empty: none
  std::string resource;  // an ARN, or "*"
  std::vector<iam::ContextKey> keys;
  // Set for a check on one of `table`'s streams: that stream's resource policy applies
  // (rbac-attach-resource-policy-streams), not the table's, and no tags (a stream has none).
  std::string stream_label;
  // BatchExecuteStatement: the statement's place in Statements. Such a check's denial
  // refuses its statement alone (RefusedStatement); -1: a denial refuses the request.
  int statement = -1;
};

// What the checks look up about tables, once per table and request: the definition
// (key schema, tags, resource policy); null for a table that does not exist.
class TableFacts {
 public:
  TableFacts(Engine& engine, const RequestContext& request) : engine_(engine), request_(request) {}
  const TableDefinition* Find(const std::string& name);
  Engine& engine() { return engine_; }

 private:
  Engine& engine_;
  const RequestContext& request_;
  std::map<std::string, std::shared_ptr<const TableDefinition>, std::less<>> tables_;
};

struct CheckScope {
  std::string_view region;
  std::string_view account;  // the tables' owner
  TableFacts* tables;
};

// The checks of `operation` (X-Amz-Target's operation) for a request the service
// model's checks accepted. A member of the wrong type leaves its keys out (the handler
// refuses the request after authorization).
std::vector<AccessCheck> ChecksFor(std::string_view operation, JsonObject request,
                                   CheckScope& scope);

// The parts for item-level operations (item_checks.cc), and the others
// (control_checks.cc).
std::optional<std::vector<AccessCheck>> ItemChecks(std::string_view operation, JsonObject request,
                                                   CheckScope& scope);
std::optional<std::vector<AccessCheck>> PartiqlChecks(std::string_view operation,
                                                      JsonObject request, CheckScope& scope);

// The table a table, index or stream ARN names ("" for another kind).
std::string TableOfArn(std::string_view arn);

// A check on a table (`index`: one of its indexes, or empty), its ARN from the name
// (a name that is an ARN is taken as the resource).
AccessCheck TableCheck(std::string_view action, std::string_view table, std::string_view index,
                       const CheckScope& scope);

}  // namespace monotable::protocol::authorization
