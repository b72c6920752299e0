#include "protocol/authorization/authorizer.h"

#include <ctime>

namespace monotable::protocol::authorization {
namespace {

// aws:CurrentTime's form: "2026-06-01T12:00:00Z".
std::string IsoTime(int64_t seconds) {
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof(buffer), "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

}  // namespace

Authorizer::Authorizer(std::shared_ptr<const iam::Principals> principals, const Clock* clock)
    : principals_(std::move(principals)), clock_(clock) {}

std::shared_ptr<const iam::Policy> Authorizer::ResourcePolicy(const std::string& document) const {
  std::lock_guard lock(mutex_);
  auto it = parsed_.find(document);
  if (it != parsed_.end()) return it->second;
  auto policy = iam::ParsePolicy(document, iam::PolicyKind::kResource);
  std::shared_ptr<const iam::Policy> parsed;
  if (policy.ok()) parsed = std::make_shared<const iam::Policy>(std::move(*policy));
  // Policies are few and change rarely; the map is dropped when it grows past them.
  if (parsed_.size() > 1024) parsed_.clear();
  parsed_.emplace(document, parsed);
  return parsed;
}

iam::RequestContext Authorizer::ContextOf(const iam::Principal& principal, AccessCheck check,
                                          const CallerFacts& caller) const {
  iam::RequestContext context;
  context.principal_arn = principal.arn;
  context.principal_account = principal.account;
  context.resource_account = principals_->account_id;
  if (check.resource.starts_with("arn:")) {
    // arn:aws:dynamodb:<region>:<account>:...
    size_t at = 0;
    for (int i = 0; i < 4 && at != std::string::npos; ++i) at = check.resource.find(':', at + 1);
    size_t end = at == std::string::npos ? at : check.resource.find(':', at + 1);
    if (end != std::string::npos)
      context.resource_account = check.resource.substr(at + 1, end - at - 1);
  }
  context.action = std::move(check.action);
  context.resource = std::move(check.resource);
  context.keys = principal.keys;
  for (auto& key : check.keys) context.keys.push_back(std::move(key));
  const int64_t now = clock_->NowMillis() / 1000;
  context.Set("aws:CurrentTime", IsoTime(now));
  context.Set("aws:EpochTime", std::to_string(now));
  context.Set("aws:SecureTransport", caller.secure_transport ? "true" : "false");
  if (!caller.source_ip.empty()) context.Set("aws:SourceIp", std::string(caller.source_ip));
  return context;
}

iam::Decision Authorizer::Decide(const iam::Principal& principal,
                                 const iam::RequestContext& context,
                                 const iam::Policy* resource_policy) const {
  iam::ApplicablePolicies policies;
  policies.identity.reserve(principal.policies.size());
  for (const auto& p : principal.policies) policies.identity.push_back(&p);
  if (principal.boundary) policies.boundary = &*principal.boundary;
  policies.resource = resource_policy;
  return iam::Evaluate(policies, context);
}

AuthorizationOutcome Authorizer::Authorize(std::string_view operation, JsonObject request,
                                           const CallerFacts& caller, Engine& engine,
                                           const RequestContext& ns,
                                           std::string_view region) const {
  const iam::Principal* principal = principals_->Find(caller.access_key_id);
  if (principal == nullptr) {
    return {Status(ErrorCode::kUnrecognizedClient,
                   "The security token included in the request is invalid."),
            ""};
  }
  TableFacts tables(engine, ns);
  CheckScope scope{region, principals_->account_id, &tables};
  std::vector<AccessCheck> checks = ChecksFor(operation, request, scope);
  std::string decided_by;
  for (auto& check : checks) {
    std::shared_ptr<const iam::Policy> resource_policy;
    if (!check.table.empty()) {
      if (const TableDefinition* table = tables.Find(check.table)) {
        if (table->resource_policy)
          resource_policy = ResourcePolicy(table->resource_policy->document);
        for (const auto& tag : table->tags) {
          check.keys.push_back({"aws:ResourceTag/" + tag.key, {tag.value}});
        }
      }
    }
    iam::RequestContext context = ContextOf(*principal, std::move(check), caller);
    iam::Decision decision = Decide(*principal, context, resource_policy.get());
    decided_by = iam::DescribeDecision(decision);
    if (!decision.allowed()) {
      return {Status(ErrorCode::kAccessDenied, iam::AccessDeniedMessage(decision, context)),
              decided_by + " (" + context.action + " on " + context.resource + ")"};
    }
  }
  return {Status::Ok(), std::move(decided_by)};
}

}  // namespace monotable::protocol::authorization
