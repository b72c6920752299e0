#include "engine/control/resource_policies.h"

#include <algorithm>
#include <charconv>

#include "engine/base/not_found.h"
#include "engine/schema/stream_label.h"

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

// Whether `label` names the table's latest stream, the only one a policy is kept for.
bool IsLatestStream(const TableDefinition& table, const std::string& label) {
  return table.latest_stream_id != 0 && StreamLabel(table.latest_stream_ms) == label;
}

Status StreamNotFound(const TableDefinition& table, const std::string& label) {
  return Status::NotFound("Requested resource not found: Stream: " + label +
                          " not found for Table: " + table.name);
}

// Applies `change` under the catalog lock to the table's policy, or (`stream_label`
// set) its stream's. Errors: whatever `change` returns, kResourceNotFound, kInternal.
template <typename Change>
Status ChangePolicy(Catalog& catalog, const std::string& ns, const std::string& table_name,
                    const std::optional<std::string>& stream_label, Change change) {
  auto table = catalog.Find(ns, table_name);
  if (!table) return TableNotFound(table_name);
  return catalog.Update(ns, *table, [&](const TableDefinition& current) -> Result<TableDefinition> {
    TableDefinition next = current;
    if (!stream_label) {
      MT_RETURN_IF_ERROR(change(next.resource_policy));
      return next;
    }
    if (!IsLatestStream(next, *stream_label)) return StreamNotFound(next, *stream_label);
    // A policy kept for an older stream is not this stream's.
    if (next.stream_policy_label != *stream_label) next.stream_policy.reset();
    MT_RETURN_IF_ERROR(change(next.stream_policy));
    next.stream_policy_label = next.stream_policy ? *stream_label : std::string();
    return next;
  });
}

}  // namespace

Result<std::string> PutTablePolicy(Catalog& catalog, const Clock& clock, const std::string& ns,
                                   const PutResourcePolicyRequest& request) {
  std::string revision;
  MT_RETURN_IF_ERROR(ChangePolicy(
      catalog, ns, request.table_name, request.stream_label,
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

Result<ResourcePolicy> GetTablePolicy(const Catalog& catalog, const std::string& ns,
                                      const std::string& table_name,
                                      const std::string& resource_arn,
                                      const std::optional<std::string>& stream_label) {
  auto table = catalog.Find(ns, table_name);
  if (!table) return TableNotFound(table_name);
  auto definition = table->definition();  // held while read: another may be published
  if (stream_label && !IsLatestStream(*definition, *stream_label)) {
    return StreamNotFound(*definition, *stream_label);
  }
  const auto& policy = !stream_label ? definition->resource_policy
                       : definition->stream_policy_label == *stream_label
                           ? definition->stream_policy
                           : std::optional<ResourcePolicy>();
  if (!policy) return PolicyNotFound(resource_arn);
  return *policy;
}

Result<std::optional<std::string>> DeleteTablePolicy(Catalog& catalog, const std::string& ns,
                                                     const DeleteResourcePolicyRequest& request) {
  std::optional<std::string> removed;
  MT_RETURN_IF_ERROR(ChangePolicy(catalog, ns, request.table_name, request.stream_label,
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
