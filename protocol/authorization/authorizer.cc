#include "protocol/authorization/authorizer.h"

#include <array>
#include <atomic>
#include <functional>

#include "protocol/table_description_json.h"

namespace monotable::protocol::authorization {
namespace {

// The keyed item operations, decided against a cached pre-match (Authorizer's
// contract): their action and the member that holds the item's key.
struct KeyedItemOperation {
  std::string_view operation, action, key_member;
};
constexpr KeyedItemOperation kKeyedItem[] = {
    {"GetItem", "dynamodb:GetItem", "Key"},
    {"PutItem", "dynamodb:PutItem", "Item"},
    {"UpdateItem", "dynamodb:UpdateItem", "Key"},
    {"DeleteItem", "dynamodb:DeleteItem", "Key"},
};

// The account of an ARN (arn:aws:dynamodb:<region>:<account>:...), or `fallback`.
std::string_view AccountOfArn(std::string_view arn, std::string_view fallback) {
  if (!arn.starts_with("arn:")) return fallback;
  size_t at = 0;
  for (int i = 0; i < 4 && at != std::string_view::npos; ++i) at = arn.find(':', at + 1);
  size_t end = at == std::string_view::npos ? at : arn.find(':', at + 1);
  if (end == std::string_view::npos) return fallback;
  return arn.substr(at + 1, end - at - 1);
}

// When the table entries are dropped: each holds a table definition; a server whose
// tables change all the time must not keep every old one.
constexpr size_t kMaxTableEntries = 4096;
// How many entries each thread keeps at hand.
constexpr size_t kRecentEntries = 8;

std::atomic<uint64_t> next_authorizer_id{1};

}  // namespace

// What a keyed item request on one table asks, made once per principal, action and
// table definition.
struct Authorizer::TableEntry {
  std::shared_ptr<const TableDefinition> definition;  // keeps the key's pointer unique
  std::string region;
  std::string resource;  // the table's ARN
  std::shared_ptr<const iam::Policy> resource_policy;
  std::vector<iam::ContextKey> tag_keys;  // aws:ResourceTag/<key>
  iam::Prematched prematched;             // points into the policies above
};

// One of a thread's recent entries, valid while the engine's catalog generation is
// `generation`.
struct Authorizer::RecentEntry {
  uint64_t authorizer = 0;
  const Engine* engine = nullptr;
  const iam::Principal* principal = nullptr;
  int action = -1;
  uint64_t generation = 0;
  std::string ns, table;
  std::shared_ptr<const TableEntry> entry;
};

size_t Authorizer::TableKeyHash::operator()(const TableKey& k) const {
  size_t h = std::hash<const void*>()(k.principal);
  h = h * 31 + std::hash<const void*>()(k.definition);
  h = h * 31 + static_cast<size_t>(k.action);
  return h * 31 + std::hash<std::string_view>()(k.region);
}

Authorizer::Authorizer(std::shared_ptr<const iam::Principals> principals, const Clock* clock,
                       bool describe_decisions)
    : id_(next_authorizer_id.fetch_add(1)),
      principals_(std::move(principals)),
      clock_(clock),
      describe_decisions_(describe_decisions) {}

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

iam::ApplicablePolicies Authorizer::PoliciesOf(const iam::Principal& principal,
                                               const iam::Policy* resource_policy) const {
  iam::ApplicablePolicies policies;
  policies.identity.reserve(principal.policies.size());
  for (const auto& p : principal.policies) policies.identity.push_back(&p);
  if (principal.boundary) policies.boundary = &*principal.boundary;
  policies.resource = resource_policy;
  return policies;
}

iam::Decision Authorizer::Decide(const iam::Principal& principal,
                                 const iam::RequestContext& context,
                                 const iam::Policy* resource_policy) const {
  return iam::Evaluate(PoliciesOf(principal, resource_policy), context);
}

void Authorizer::SetOutcome(const iam::Decision& decision, const iam::RequestContext& context,
                            AuthorizationOutcome& outcome) const {
  if (decision.allowed()) {
    if (describe_decisions_) outcome.decided_by = iam::DescribeDecision(decision);
    return;
  }
  outcome.status = Status(ErrorCode::kAccessDenied, iam::AccessDeniedMessage(decision, context));
  outcome.decided_by = iam::DescribeDecision(decision) + " (" + std::string(context.action) +
                       " on " + std::string(context.resource) + ")";
}

iam::RequestContext Authorizer::ItemContext(const iam::Principal& principal, int action,
                                            const TableEntry& entry) const {
  iam::RequestContext context;
  context.principal_arn = principal.arn;
  context.principal_account = principal.account;
  context.action = kKeyedItem[action].action;
  context.resource = entry.resource;
  context.resource_account = principals_->account_id;
  context.principal_keys = &principal.keys;
  context.resource_keys = &entry.tag_keys;
  return context;
}

std::shared_ptr<const Authorizer::TableEntry> Authorizer::EntryFor(
    const iam::Principal& principal, int action, std::shared_ptr<const TableDefinition> definition,
    std::string_view region) const {
  const TableKey probe{&principal, action, definition.get(), region};
  {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(probe);
    if (it != tables_.end()) return it->second;
  }
  auto entry = std::make_shared<TableEntry>();
  entry->region = std::string(region);
  entry->resource = TableArn(region, principals_->account_id, definition->name);
  if (definition->resource_policy) {
    entry->resource_policy = ResourcePolicy(definition->resource_policy->document);
  }
  for (const auto& tag : definition->tags) {
    entry->tag_keys.push_back({"aws:ResourceTag/" + tag.key, {tag.value}});
  }
  iam::RequestContext context = ItemContext(principal, action, *entry);
  entry->prematched = iam::Prematch(PoliciesOf(principal, entry->resource_policy.get()), context,
                                    /*resolve_principal_variables=*/true);
  entry->definition = std::move(definition);
  std::lock_guard lock(mutex_);
  if (tables_.size() >= kMaxTableEntries) tables_.clear();
  const TableKey key{&principal, action, entry->definition.get(), entry->region};
  return tables_.emplace(key, std::move(entry)).first->second;
}

const Authorizer::TableEntry* Authorizer::RecentEntryFor(const iam::Principal& principal,
                                                         int action, Engine& engine,
                                                         const RequestContext& ns,
                                                         std::string_view table,
                                                         std::string_view region) const {
  thread_local std::array<RecentEntry, kRecentEntries> recent;
  thread_local size_t next = 0;
  const uint64_t generation = engine.CatalogGeneration();
  RecentEntry* slot = nullptr;
  for (RecentEntry& r : recent) {
    if (r.authorizer == id_ && r.principal == &principal && r.action == action &&
        r.engine == &engine && r.table == table && r.ns == ns.ns && r.entry->region == region) {
      if (r.generation == generation) return r.entry.get();
      slot = &r;  // the catalog changed: look again, in the same slot
      break;
    }
  }
  // The definition is read after the generation: an entry kept at `generation` holds
  // a definition at least that new.
  std::shared_ptr<const TableDefinition> definition = engine.SharedDefinitionOf(ns, table);
  if (definition == nullptr) return nullptr;
  auto entry = EntryFor(principal, action, std::move(definition), region);
  if (slot == nullptr) {
    slot = &recent[next];
    next = (next + 1) % kRecentEntries;
    slot->authorizer = id_;
    slot->engine = &engine;
    slot->principal = &principal;
    slot->action = action;
    slot->ns = ns.ns;
    slot->table = std::string(table);
  }
  slot->generation = generation;
  slot->entry = std::move(entry);
  return slot->entry.get();
}

bool Authorizer::AuthorizeItem(std::string_view operation, JsonObject request,
                               const iam::Principal& principal, const CallerFacts& caller,
                               Engine& engine, const RequestContext& ns, std::string_view region,
                               AuthorizationOutcome& outcome) const {
  int action = -1;
  for (int i = 0; i < static_cast<int>(std::size(kKeyedItem)); ++i) {
    if (kKeyedItem[i].operation == operation) {
      action = i;
      break;
    }
  }
  if (action < 0) return false;
  // One pass over the request's members for the two this needs.
  std::string_view table_name;
  std::optional<JsonObject> key;
  const std::string_view key_member = kKeyedItem[action].key_member;
  bool named = false;
  for (auto field : request) {
    // The first of a repeated member, as the handler's lookups take it.
    if (field.key == "TableName" && !named) {
      named = true;
      if (field.value.get_string().get(table_name)) return false;
    } else if (field.key == key_member && !key) {
      JsonObject object;
      if (field.value.get_object().get(object)) return false;
      key = object;
    }
  }
  if (table_name.empty() || table_name.starts_with("arn:")) return false;
  auto entry = RecentEntryFor(principal, action, engine, ns, table_name, region);
  if (entry == nullptr) return false;

  CallerKeys caller_keys(caller, *clock_);
  ItemKeys item_keys(request, key_member, *entry->definition, action == 0, caller_keys, key);
  iam::RequestContext context = ItemContext(principal, action, *entry);
  context.source = &item_keys;
  SetOutcome(iam::EvaluatePrematched(entry->prematched, context), context, outcome);
  return true;
}

AuthorizationOutcome Authorizer::Authorize(std::string_view operation, JsonObject request,
                                           const CallerFacts& caller, Engine& engine,
                                           const RequestContext& ns,
                                           std::string_view region) const {
  AuthorizationOutcome outcome;
  const iam::Principal* principal = principals_->Find(caller.access_key_id);
  if (principal == nullptr) {
    outcome.status = Status(ErrorCode::kUnrecognizedClient,
                            "The security token included in the request is invalid.");
    return outcome;
  }
  if (AuthorizeItem(operation, request, *principal, caller, engine, ns, region, outcome)) {
    return outcome;
  }
  TableFacts tables(engine, ns);
  CheckScope scope{region, principals_->account_id, &tables};
  std::vector<AccessCheck> checks = ChecksFor(operation, request, scope);
  CallerKeys caller_keys(caller, *clock_);
  std::string refused_by;  // the refused statements' deciding statements
  for (auto& check : checks) {
    std::shared_ptr<const iam::Policy> resource_policy;
    std::vector<iam::ContextKey> tag_keys;
    if (!check.stream_label.empty()) {
      // The stream's own policy, kept with the stream: it still decides once the stream
      // is disabled or its table deleted.
      auto policy = engine.StreamPolicy(ns, {check.table, check.stream_label});
      if (policy) resource_policy = ResourcePolicy(policy->document);
    } else if (!check.table.empty()) {
      if (const TableDefinition* table = tables.Find(check.table)) {
        if (table->resource_policy)
          resource_policy = ResourcePolicy(table->resource_policy->document);
        for (const auto& tag : table->tags) {
          tag_keys.push_back({"aws:ResourceTag/" + tag.key, {tag.value}});
        }
      }
    }
    iam::RequestContext context;
    context.principal_arn = principal->arn;
    context.principal_account = principal->account;
    context.action = check.action;
    context.resource = check.resource;
    context.resource_account = AccountOfArn(check.resource, principals_->account_id);
    context.principal_keys = &principal->keys;
    context.keys = std::move(check.keys);
    context.resource_keys = &tag_keys;
    context.source = &caller_keys;
    outcome.decided_by.clear();
    SetOutcome(Decide(*principal, context, resource_policy.get()), context, outcome);
    if (outcome.status.ok()) continue;
    if (check.statement < 0) return outcome;
    // A statement refused alone: its entry answers the denial, the others run.
    refused_by.append(refused_by.empty() ? "" : "; ")
        .append("Statements[" + std::to_string(check.statement) + "]: ")
        .append(outcome.decided_by);
    outcome.refused_statements.push_back(
        {static_cast<size_t>(check.statement), std::move(outcome.status)});
    outcome.status = Status::Ok();
  }
  if (!refused_by.empty()) outcome.decided_by = std::move(refused_by);
  return outcome;
}

}  // namespace monotable::protocol::authorization
