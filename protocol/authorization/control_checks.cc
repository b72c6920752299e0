// The checks of the control-plane, Streams and PartiQL operations, and the entry point.
#include <utility>

#include "engine/partiql/lower.h"
#include "protocol/authorization/access_checks.h"
#include "protocol/authorization/statement_facts.h"
#include "protocol/table_description_json.h"

namespace monotable::protocol::authorization {
namespace {

std::string_view Member(JsonObject o, std::string_view key) {
  std::string_view s;
  if (o[key].get_string().get(s)) return {};
  return s;
}

// What an operation's resource is named by.
enum class ResourceFrom {
  kNone,         // "*": account-level (ListTables, DescribeLimits, ...)
  kTableName,    // TableName
  kTableOrArn,   // TableName, a name or an ARN (the continuous-backup operations)
  kResourceArn,  // ResourceArn (tags, resource policies)
  kStreamArn,    // StreamArn
  kIterator,     // ShardIterator: the stream it reads
  kBackupArn,    // BackupArn
  kTargetTable,  // TargetTableName (restores)
  kTableArn,     // TableArn (exports)
  kExportArn,
  kImportArn,
  kImportTable,  // TableCreationParameters.TableName
  kIndex,        // TableName and an optional IndexName (Contributor Insights)
};

struct ControlOperation {
  std::string_view name;
  ResourceFrom from;
};

constexpr ControlOperation kControl[] = {
    {"CreateTable", ResourceFrom::kTableName},
    {"DescribeTable", ResourceFrom::kTableOrArn},
    {"UpdateTable", ResourceFrom::kTableOrArn},
    {"DeleteTable", ResourceFrom::kTableOrArn},
    {"ListTables", ResourceFrom::kNone},
    {"DescribeLimits", ResourceFrom::kNone},
    {"DescribeEndpoints", ResourceFrom::kNone},
    {"DescribeTimeToLive", ResourceFrom::kTableName},
    {"UpdateTimeToLive", ResourceFrom::kTableName},
    {"TagResource", ResourceFrom::kResourceArn},
    {"UntagResource", ResourceFrom::kResourceArn},
    {"ListTagsOfResource", ResourceFrom::kResourceArn},
    {"PutResourcePolicy", ResourceFrom::kResourceArn},
    {"GetResourcePolicy", ResourceFrom::kResourceArn},
    {"DeleteResourcePolicy", ResourceFrom::kResourceArn},
    {"CreateBackup", ResourceFrom::kTableName},
    {"DescribeBackup", ResourceFrom::kBackupArn},
    {"DeleteBackup", ResourceFrom::kBackupArn},
    {"ListBackups", ResourceFrom::kNone},
    {"RestoreTableFromBackup", ResourceFrom::kTargetTable},
    {"RestoreTableToPointInTime", ResourceFrom::kTargetTable},
    {"DescribeContinuousBackups", ResourceFrom::kTableOrArn},
    {"UpdateContinuousBackups", ResourceFrom::kTableOrArn},
    {"DescribeContributorInsights", ResourceFrom::kIndex},
    {"UpdateContributorInsights", ResourceFrom::kIndex},
    {"ListContributorInsights", ResourceFrom::kNone},
    {"ExportTableToPointInTime", ResourceFrom::kTableArn},
    {"DescribeExport", ResourceFrom::kExportArn},
    {"ListExports", ResourceFrom::kNone},
    {"ImportTable", ResourceFrom::kImportTable},
    {"DescribeImport", ResourceFrom::kImportArn},
    {"ListImports", ResourceFrom::kNone},
    {"DynamoDBStreams_20120810.DescribeStream", ResourceFrom::kStreamArn},
    {"DynamoDBStreams_20120810.GetShardIterator", ResourceFrom::kStreamArn},
    // On the stream the iterator reads (Engine::StreamOfIterator).
    {"DynamoDBStreams_20120810.GetRecords", ResourceFrom::kIterator},
    {"DynamoDBStreams_20120810.ListStreams", ResourceFrom::kNone},
};

// An ARN-named resource: the ARN itself, its table for the resource policy and tags.
AccessCheck ArnCheck(std::string action, std::string_view arn) {
  AccessCheck check{std::move(action), TableOfArn(arn), std::string(arn), {}, {}};
  if (check.resource.empty()) check.resource = "*";
  return check;
}

// A check on a stream: its ARN, its table, its label.
AccessCheck StreamCheck(std::string action, std::string_view arn) {
  AccessCheck check = ArnCheck(std::move(action), arn);
  const size_t at = arn.find("/stream/");
  if (!check.table.empty() && at != std::string_view::npos) {
    check.stream_label = std::string(arn.substr(at + 8));
  }
  return check;
}

AccessCheck ControlCheck(std::string_view operation, ResourceFrom from, JsonObject request,
                         CheckScope& scope) {
  std::string action = "dynamodb:";
  action += operation.substr(operation.find('.') + 1);
  switch (from) {
    case ResourceFrom::kNone: return {action, "", "*", {}, {}};
    case ResourceFrom::kIterator: {
      // An iterator this server did not issue is refused by the handler, whoever asks;
      // until then it is checked as on any stream of the account.
      auto stream = scope.tables->engine().StreamOfIterator(Member(request, "ShardIterator"));
      if (!stream)
        return {action, "", TableArn(scope.region, scope.account, "*") + "/stream/*", {}, {}};
      return StreamCheck(action, TableArn(scope.region, scope.account, stream->table_name) +
                                     "/stream/" + stream->label);
    }
    case ResourceFrom::kTableName:
    case ResourceFrom::kTableOrArn:
      return TableCheck(action, Member(request, "TableName"), "", scope);
    case ResourceFrom::kIndex:
      return TableCheck(action, Member(request, "TableName"), Member(request, "IndexName"), scope);
    case ResourceFrom::kTargetTable:
      return TableCheck(action, Member(request, "TargetTableName"), "", scope);
    case ResourceFrom::kImportTable: {
      JsonObject parameters;
      std::string_view table;
      if (!request["TableCreationParameters"].get_object().get(parameters)) {
        table = Member(parameters, "TableName");
      }
      return TableCheck(action, table, "", scope);
    }
    // A stream's ARN (the resource-policy operations take one): the stream's policy.
    case ResourceFrom::kResourceArn: return StreamCheck(action, Member(request, "ResourceArn"));
    case ResourceFrom::kStreamArn: return StreamCheck(action, Member(request, "StreamArn"));
    case ResourceFrom::kBackupArn: return ArnCheck(action, Member(request, "BackupArn"));
    case ResourceFrom::kTableArn: return ArnCheck(action, Member(request, "TableArn"));
    case ResourceFrom::kExportArn: return ArnCheck(action, Member(request, "ExportArn"));
    case ResourceFrom::kImportArn: return ArnCheck(action, Member(request, "ImportArn"));
  }
  return {action, "", "*", {}, {}};
}

// aws:RequestTag/<key> and aws:TagKeys of CreateTable's Tags, TagResource's Tags and
// UntagResource's TagKeys (reference_policies_condition-keys).
void AddRequestTags(JsonObject request, AccessCheck& check) {
  JsonArray list;
  std::vector<std::string> keys;
  if (!request["Tags"].get_array().get(list)) {
    for (JsonElement e : list) {
      JsonObject tag;
      std::string_view key, value;
      if (e.get_object().get(tag) || tag["Key"].get_string().get(key)) continue;
      keys.emplace_back(key);
      if (!tag["Value"].get_string().get(value)) {
        check.keys.push_back({"aws:RequestTag/" + std::string(key), {std::string(value)}});
      }
    }
  } else if (!request["TagKeys"].get_array().get(list)) {
    for (JsonElement e : list) {
      std::string_view key;
      if (!e.get_string().get(key)) keys.emplace_back(key);
    }
  } else {
    return;
  }
  check.keys.push_back({"aws:TagKeys", std::move(keys)});
}

// A PartiQL statement's fine-grained keys (statement_facts.h), as the Service
// Authorization Reference lists them for its action.
void AddStatementKeys(const partiql::ast::Statement& statement, JsonObject request,
                      const partiql::Target& target, CheckScope& scope, AccessCheck& check) {
  std::string partition_key;
  if (const TableDefinition* table = scope.tables->Find(target.table)) {
    partition_key = table->hash_key();
    if (target.index) {
      const SecondaryIndexDefinition* index = table->FindIndex(*target.index);
      partition_key = index != nullptr && !index->key_schema.empty() ? index->key_schema[0].name
                                                                     : std::string();
    }
  }
  std::optional<JsonArray> parameters;
  JsonArray list;
  if (!request["Parameters"].get_array().get(list)) parameters = list;
  StatementFacts facts = FactsOf(statement, partition_key, parameters);
  check.keys.push_back({"dynamodb:LeadingKeys", std::move(facts.leading_keys)});
  check.keys.push_back({"dynamodb:Attributes", std::move(facts.attributes)});
  using Kind = partiql::ast::Statement::Kind;
  if (statement.kind == Kind::kSelect || statement.kind == Kind::kExists) {
    check.keys.push_back({"dynamodb:Select", {std::string(facts.select)}});
    check.keys.push_back({"dynamodb:FullTableScan", {facts.full_table_scan ? "true" : "false"}});
  } else if (statement.kind != Kind::kInsert) {
    check.keys.push_back({"dynamodb:ReturnValues", {std::string(facts.return_values)}});
  }
}

}  // namespace

const TableDefinition* TableFacts::Find(const std::string& name) {
  auto it = tables_.find(name);
  if (it == tables_.end())
    it = tables_.emplace(name, engine_.SharedDefinitionOf(request_, name)).first;
  return it->second.get();
}

std::string TableOfArn(std::string_view arn) {
  // arn:aws:dynamodb:<region>:<account>:table/<name>[/index/<i> | /stream/<label> |
  // /backup/<id> | /export/<id>]
  size_t at = arn.find(":table/");
  if (!arn.starts_with("arn:") || at == std::string_view::npos) return "";
  std::string_view rest = arn.substr(at + 7);
  return std::string(rest.substr(0, rest.find('/')));
}

AccessCheck TableCheck(std::string_view action, std::string_view table, std::string_view index,
                       const CheckScope& scope) {
  AccessCheck check;
  check.action = std::string(action);
  if (table.starts_with("arn:")) {
    check.table = TableOfArn(table);
    check.resource = std::string(table);
  } else {
    check.table = std::string(table);
    check.resource = TableArn(scope.region, scope.account, table);
  }
  if (!index.empty()) check.resource.append("/index/").append(index);
  return check;
}

std::optional<std::vector<AccessCheck>> PartiqlChecks(std::string_view operation,
                                                      JsonObject request, CheckScope& scope) {
  // Each statement with its place in the request's list.
  std::vector<std::pair<JsonObject, int>> statements;
  if (operation == "ExecuteStatement") {
    statements.emplace_back(request, 0);
  } else if (operation == "BatchExecuteStatement" || operation == "ExecuteTransaction") {
    JsonArray list;
    if (!request[operation == "ExecuteTransaction" ? "TransactStatements" : "Statements"]
             .get_array()
             .get(list)) {
      int at = 0;
      for (JsonElement e : list) {
        JsonObject o;
        if (!e.get_object().get(o)) statements.emplace_back(o, at);
        ++at;
      }
    }
  } else {
    return std::nullopt;
  }
  const bool each_alone = operation == "BatchExecuteStatement";
  std::vector<AccessCheck> checks;
  for (auto [o, at] : statements) {
    auto parsed = scope.tables->engine().statement_cache().GetOrParse(Member(o, "Statement"));
    // A statement that does not parse, or names no table, is refused by the handler,
    // whoever asks.
    if (!parsed.ok()) continue;
    auto target = partiql::TargetOf(**parsed, /*exists_allowed=*/true);
    if (!target.ok()) continue;
    using Kind = partiql::ast::Statement::Kind;
    const Kind kind = (*parsed)->kind;
    std::string_view action = kind == Kind::kInsert   ? "dynamodb:PartiQLInsert"
                              : kind == Kind::kUpdate ? "dynamodb:PartiQLUpdate"
                              : kind == Kind::kDelete ? "dynamodb:PartiQLDelete"
                                                      : "dynamodb:PartiQLSelect";
    AccessCheck check = TableCheck(action, target->table, target->index.value_or(""), scope);
    AddStatementKeys(**parsed, o, *target, scope, check);
    if (operation == "ExecuteTransaction") {
      check.keys.push_back({"dynamodb:EnclosingOperation", {"ExecuteTransaction"}});
    }
    if (each_alone) check.statement = at;
    checks.push_back(std::move(check));
  }
  return checks;
}

std::vector<AccessCheck> ChecksFor(std::string_view operation, JsonObject request,
                                   CheckScope& scope) {
  std::optional<std::vector<AccessCheck>> checks = ItemChecks(operation, request, scope);
  if (!checks) checks = PartiqlChecks(operation, request, scope);
  if (checks) {
    std::string_view capacity = Member(request, "ReturnConsumedCapacity");
    for (auto& check : *checks) {
      check.keys.push_back(
          {"dynamodb:ReturnConsumedCapacity", {std::string(capacity.empty() ? "NONE" : capacity)}});
    }
    return std::move(*checks);
  }
  for (const auto& c : kControl) {
    if (c.name != operation) continue;
    AccessCheck check = ControlCheck(operation, c.from, request, scope);
    if (operation == "CreateTable" || operation == "TagResource" || operation == "UntagResource") {
      AddRequestTags(request, check);
    }
    return {std::move(check)};
  }
  // An operation served without a check of its own: asked as itself on "*".
  return {AccessCheck{"dynamodb:" + std::string(operation), "", "*", {}, {}, -1}};
}

}  // namespace monotable::protocol::authorization
