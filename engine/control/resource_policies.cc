#include "engine/control/resource_policies.h"

#include <algorithm>
#include <charconv>
#include <functional>

#include "engine/base/not_found.h"

namespace monotable {
namespace {

constexpr std::string_view kNotFoundPrefix =
    "Resource-based policy not found for the provided ResourceArn: ";
constexpr std::string_view kNoPolicyExpected = "NO_POLICY";

Status PolicyNotFound(const std::string& detail) {
  return {ErrorCode::kPolicyNotFound, std::string(kNotFoundPrefix) + detail};
}

// The ExpectedRevisionId check, DynamoDB's texts.
Status CheckExpectedRevision(const std::optional<ResourcePolicy>& current,
                             const std::optional<std::string>& expected,
                             const std::string& table_name, const std::string& resource_arn) {
  if (!expected) return Status::Ok();
  if (*expected == kNoPolicyExpected) {
    if (!current) return Status::Ok();
    return PolicyNotFound("Requested policy update expecting none to be present for table " +
                          table_name + ", but a policy exists with revision id " +
                          current->revision_id + ".");
  }
  if (!current) return PolicyNotFound(resource_arn);
  if (current->revision_id == *expected) return Status::Ok();
  return PolicyNotFound("Requested update for policy with revision id " + *expected +
                        ", but the policy associated to target table " + table_name +
                        " has revision id " + current->revision_id + ".");
}

// The next revision: now, or one past the current one if the clock has not moved on
// (two changes in one millisecond must still differ and order).
std::string NextRevision(const std::optional<ResourcePolicy>& current, int64_t now_ms) {
  int64_t previous = 0;
  if (current) {
    const std::string& id = current->revision_id;
    std::from_chars(id.data(), id.data() + id.size(), previous);
  }
  return std::to_string(std::max(now_ms, previous + 1));
}

using PolicyChange = std::function<Status(std::optional<ResourcePolicy>& policy)>;

// Applies `change` to the table's policy under the catalog lock, or (`stream_label`
// set) to that stream's, kept in the stream's own record under the stream's lock, its
// table there or not. Errors: whatever `change` returns, kResourceNotFound, kInternal.
Status ChangePolicy(Catalog& catalog, streams::StreamRegistry& streams, const std::string& ns,
                    const std::string& table_name, const std::optional<std::string>& stream_label,
                    const PolicyChange& change) {
  if (stream_label) return streams.ChangePolicy(ns, {table_name, *stream_label}, change);
  auto table = catalog.Find(ns, table_name);
  if (!table) return TableNotFound(table_name);
  return catalog.Update(ns, *table, [&](const TableDefinition& current) -> Result<TableDefinition> {
    TableDefinition next = current;
    MT_RETURN_IF_ERROR(change(next.resource_policy));
    return next;
  });
}

}  // namespace

Result<std::string> PutTablePolicy(Catalog& catalog, streams::StreamRegistry& streams,
                                   const Clock& clock, const std::string& ns,
                                   const PutResourcePolicyRequest& request) {
  std::string revision;
  MT_RETURN_IF_ERROR(ChangePolicy(
      catalog, streams, ns, request.table_name, request.stream_label,
      [&](std::optional<ResourcePolicy>& policy) -> Status {
        MT_RETURN_IF_ERROR(CheckExpectedRevision(policy, request.expected_revision_id,
                                                 request.table_name, request.resource_arn));
        if (!policy || policy->document != request.document) {
          policy = ResourcePolicy{request.document, NextRevision(policy, clock.NowMillis())};
        }
        revision = policy->revision_id;
        return Status::Ok();
      }));
  return revision;
}

Result<ResourcePolicy> GetTablePolicy(const Catalog& catalog,
                                      const streams::StreamRegistry& streams, const std::string& ns,
                                      const std::string& table_name,
                                      const std::string& resource_arn,
                                      const std::optional<std::string>& stream_label) {
  std::optional<ResourcePolicy> policy;
  if (stream_label) {
    MT_ASSIGN_OR_RETURN(kept, streams.PolicyOf(ns, {table_name, *stream_label}));
    policy = std::move(kept);
  } else {
    auto table = catalog.Find(ns, table_name);
    if (!table) return TableNotFound(table_name);
    auto definition = table->definition();  // held while read: another may be published
    policy = definition->resource_policy;
  }
  if (!policy) return PolicyNotFound(resource_arn);
  return *std::move(policy);
}

Result<std::optional<std::string>> DeleteTablePolicy(Catalog& catalog,
                                                     streams::StreamRegistry& streams,
                                                     const std::string& ns,
                                                     const DeleteResourcePolicyRequest& request) {
  std::optional<std::string> removed;
  MT_RETURN_IF_ERROR(ChangePolicy(catalog, streams, ns, request.table_name, request.stream_label,
                                  [&](std::optional<ResourcePolicy>& policy) -> Status {
                                    // "NO_POLICY" only makes sense for a Put; a Delete then finds
                                    // nothing to match.
                                    if (request.expected_revision_id && !policy)
                                      return PolicyNotFound(request.resource_arn);
                                    MT_RETURN_IF_ERROR(CheckExpectedRevision(
                                        policy, request.expected_revision_id, request.table_name,
                                        request.resource_arn));
                                    if (policy) removed = policy->revision_id;
                                    policy.reset();
                                    return Status::Ok();
                                  }));
  return removed;
}

}  // namespace monotable
