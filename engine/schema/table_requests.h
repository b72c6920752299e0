#pragma once
// The control plane's typed requests (CreateTable, UpdateTable, ListTables): changes of
// table definitions, validated by table_rules.h and index_update_rules.h.

#include <optional>
#include <string>
#include <vector>

#include "engine/schema/table_schema.h"
#include "engine/schema/tag_rules.h"

namespace monotable {

// StreamSpecification as a request gives it: enabling needs a view type, disabling
// must not name one (table_rules.h checks both).
struct StreamSpecificationRequest {
  bool enabled = false;
  std::optional<StreamViewType> view_type;
};

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
  // The lists were in the request, even empty (which is refused: "List of ... is
  // empty"); a non-empty list counts as given either way.
  bool global_secondary_indexes_given = false;
  bool local_secondary_indexes_given = false;
  bool deletion_protection = false;
  std::vector<TagInput> tags;
  // ResourcePolicy: a document the protocol validated and minified.
  std::optional<std::string> resource_policy;
  std::optional<StreamSpecificationRequest> stream;
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
  std::optional<StreamSpecificationRequest> stream;
};

struct ListTablesRequest {
  std::optional<std::string> exclusive_start_table_name;
  int limit = 100;
};

struct ListTablesResult {
  std::vector<std::string> table_names;
  std::optional<std::string> last_evaluated_table_name;
};

// UpdateTimeToLive's TimeToLiveSpecification, also its answer.
struct TimeToLiveSpecification {
  bool enabled = false;
  std::string attribute_name;
};

struct UpdateTimeToLiveRequest {
  std::string table_name;
  TimeToLiveSpecification specification;
};

// DescribeTimeToLive's answer: ENABLED with the attribute, or DISABLED without one.
struct TimeToLiveDescription {
  bool enabled = false;
  std::string attribute_name;  // empty when disabled
};

// TagResource and UntagResource name a table; `resource_arn` is the ARN the client
// sent, quoted in error messages only (the engine knows no ARNs).
struct TagResourceRequest {
  std::string table_name;
  std::string resource_arn;
  std::vector<TagInput> tags;
};

struct UntagResourceRequest {
  std::string table_name;
  std::string resource_arn;
  std::vector<std::string> keys;
};

// PutResourcePolicy and DeleteResourcePolicy. ExpectedRevisionId "NO_POLICY" asks
// that the table have no policy yet. `stream_label` set: the policy of the table's
// stream with that label (its ARN's last part), not the table's.
struct PutResourcePolicyRequest {
  std::string table_name;
  std::string resource_arn;
  std::optional<std::string> stream_label;
  std::string document;  // validated, minified JSON
  std::optional<std::string> expected_revision_id;
};

struct DeleteResourcePolicyRequest {
  std::string table_name;
  std::string resource_arn;
  std::optional<std::string> stream_label;
  std::optional<std::string> expected_revision_id;
};

}  // namespace monotable
