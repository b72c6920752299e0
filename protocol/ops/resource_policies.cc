// PutResourcePolicy, GetResourcePolicy, DeleteResourcePolicy, on a table's or a stream's
// ARN. Policies are enforced under --iam (protocol/authorization, docs/IAM.md).
#include "protocol/json_writer.h"
#include "protocol/ops/handlers.h"
#include "protocol/ops/resource_request.h"
#include "protocol/policy_document.h"

namespace monotable::protocol::ops {
namespace {

// ExpectedRevisionId (its length checked by the model).
Result<std::optional<std::string>> ReadExpectedRevision(JsonObject request) {
  MT_ASSIGN_OR_RETURN(expected, OptionalString(request, "ExpectedRevisionId"));
  if (!expected) return std::optional<std::string>();
  return std::optional<std::string>(*expected);
}

std::string RevisionResponse(const std::optional<std::string>& revision) {
  JsonWriter w;
  w.BeginObject();
  if (revision) w.Key("RevisionId").String(*revision);
  w.EndObject();
  return w.Take();
}

}  // namespace

Result<std::string> PutResourcePolicy(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(policy, RequiredString(request, "Policy"));
  MT_ASSIGN_OR_RETURN(expected, ReadExpectedRevision(request));
  // ConfirmRemoveSelfResourceAccess guards against a policy that locks its author out;
  // monotable enforces no policy, so only its type is checked.
  MT_ASSIGN_OR_RETURN(confirm, OptionalBool(request, "ConfirmRemoveSelfResourceAccess"));
  (void)confirm;
  MT_ASSIGN_OR_RETURN(target, ReadResourceArn(ctx, request, ArnUse::kResourcePolicy));
  MT_ASSIGN_OR_RETURN(document, CheckPolicyDocument(policy));
  PutResourcePolicyRequest put{std::move(target.table_name), std::string(target.arn),
                               std::move(target.stream_label), std::move(document),
                               std::move(expected)};
  MT_ASSIGN_OR_RETURN(revision, ctx.engine.PutResourcePolicy(ctx.request, put));
  return RevisionResponse(revision);
}

Result<std::string> GetResourcePolicy(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(target, ReadResourceArn(ctx, request, ArnUse::kResourcePolicy));
  MT_ASSIGN_OR_RETURN(
      policy, ctx.engine.GetResourcePolicy(ctx.request, target.table_name, std::string(target.arn),
                                           target.stream_label));
  JsonWriter w;
  w.BeginObject()
      .Key("Policy")
      .String(policy.document)
      .Key("RevisionId")
      .String(policy.revision_id)
      .EndObject();
  return w.Take();
}

Result<std::string> DeleteResourcePolicy(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(expected, ReadExpectedRevision(request));
  MT_ASSIGN_OR_RETURN(target, ReadResourceArn(ctx, request, ArnUse::kResourcePolicy));
  DeleteResourcePolicyRequest del{std::move(target.table_name), std::string(target.arn),
                                  std::move(target.stream_label), std::move(expected)};
  MT_ASSIGN_OR_RETURN(removed, ctx.engine.DeleteResourcePolicy(ctx.request, del));
  return RevisionResponse(removed);
}

}  // namespace monotable::protocol::ops
