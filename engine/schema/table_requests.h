#pragma once
// The control plane's typed requests (CreateTable, UpdateTable, ListTables): changes of
// table definitions, validated by table_rules.h and index_update_rules.h.

#include <optional>
#include <string>
#include <vector>

#include "engine/schema/table_schema.h"

namespace monotable {

struct CreateTableRequest {
  std::string table_name;
  std::vector<AttributeDefinition> attribute_definitions;
  std::vector<KeySchemaElement> key_schema;
  std::optional<BillingMode> billing_mode;
  std::optional<ProvisionedThroughput> throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::optional<WarmThroughput> warm_throughput;
  std::vector<SecondaryIndexDefinition> global_secondary_indexes;
  std::vector<SecondaryIndexDefinition> local_secondary_indexes;
  bool deletion_protection = false;
};

struct UpdateTableRequest {
  std::string table_name;
  std::optional<BillingMode> billing_mode;
  std::optional<ProvisionedThroughput> throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::optional<WarmThroughput> warm_throughput;
  std::optional<bool> deletion_protection;
  std::vector<AttributeDefinition> attribute_definitions;
  // GlobalSecondaryIndexUpdates, in request order.
  struct IndexUpdate {
    enum class Action { kCreate, kUpdate, kDelete };
    Action action = Action::kCreate;
    // Create: the whole definition; Update: name, throughput, on-demand throughput and
    // warm throughput; Delete: name.
    SecondaryIndexDefinition index;
  };
  std::vector<IndexUpdate> index_updates;
};

struct ListTablesRequest {
  std::optional<std::string> exclusive_start_table_name;
  int limit = 100;
};

struct ListTablesResult {
  std::vector<std::string> table_names;
  std::optional<std::string> last_evaluated_table_name;
};

}  // namespace monotable
