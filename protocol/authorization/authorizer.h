#pragma once
// Authorizer: asks the IAM evaluator (iam/evaluator.h) every question a request asks
// (access_checks.h) with the caller's identity-based policies and permissions boundary
// (--iam FILE) and the table's resource-based policy (PutResourcePolicy), and answers
// the first denial as DynamoDB does: AccessDeniedException (HTTP 400) with AWS's
// message. A batch or transaction with one denied item is refused whole, as DynamoDB
// refuses it, except BatchExecuteStatement: a denied statement answers AccessDenied in
// its own entry of Responses (BatchStatementErrorCodeEnum) while the others run.
//
// Cost: a keyed item request (GetItem, PutItem, UpdateItem, DeleteItem) on a table
// that exists is decided against a cached pre-match (iam::Prematch) of the principal's
// policies and the table's resource policy, per principal, action and table definition
// (a new definition, after any change of the table, is a new entry): the table's ARN,
// its parsed resource policy and its tags are made once, variables that name the
// principal's own keys resolved; only the conditions are evaluated per request, and
// only the keys they read are computed (request_keys.h). Each thread keeps its last
// few entries, found without a lock while the engine's catalog generation stays.
//
// Thread-safe: the principals are immutable; the caches are behind a mutex.

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/base/clock.h"
#include "engine/engine.h"
#include "iam/evaluator.h"
#include "iam/principals.h"
#include "protocol/authorization/access_checks.h"
#include "protocol/authorization/request_keys.h"
#include "protocol/json_reader.h"
#include "protocol/ops/operation_context.h"

namespace monotable::protocol::authorization {

struct AuthorizationOutcome {
  Status status;           // Ok, or kAccessDenied / kUnrecognizedClient
  std::string decided_by;  // with describe_decisions: the deciding statement, for request
                           // logs ("deny by ..."); else empty. With refused statements,
                           // each one's ("Statements[1]: deny ...; ...") even without it.
  // BatchExecuteStatement: the statements refused while `status` is Ok; the others run.
  std::vector<RefusedStatement> refused_statements;
};

class Authorizer {
 public:
  // `describe_decisions` (--log-requests): every outcome names its deciding statement;
  // without it only denials are described (the message needs no statement).
  Authorizer(std::shared_ptr<const iam::Principals> principals, const Clock* clock,
             bool describe_decisions = false);

  // The tables' account (ARNs and the cross-account test).
  const std::string& account_id() const { return principals_->account_id; }
  const iam::Principals& principals() const { return *principals_; }

  // Errors: kUnrecognizedClient "The security token included in the request is
  // invalid." for a key the file does not hold; kAccessDenied with the message of
  // iam::AccessDeniedMessage.
  AuthorizationOutcome Authorize(std::string_view operation, JsonObject request,
                                 const CallerFacts& caller, Engine& engine,
                                 const RequestContext& ns, std::string_view region) const;

  // One question, decided: the building block of Authorize. `resource_policy`: the
  // table's, or null.
  iam::Decision Decide(const iam::Principal& principal, const iam::RequestContext& context,
                       const iam::Policy* resource_policy) const;

 private:
  struct TableEntry;
  struct RecentEntry;
  struct TableKey {
    const iam::Principal* principal;
    int action;  // index in the keyed item operations
    const TableDefinition* definition;
    std::string_view region;  // points into the entry
    bool operator==(const TableKey&) const = default;
  };
  struct TableKeyHash {
    size_t operator()(const TableKey& k) const;
  };

  // A keyed item request on an existing table, decided into `outcome`; false when the
  // request is not one (the general path decides it).
  bool AuthorizeItem(std::string_view operation, JsonObject request,
                     const iam::Principal& principal, const CallerFacts& caller, Engine& engine,
                     const RequestContext& ns, std::string_view region,
                     AuthorizationOutcome& outcome) const;
  // The entry of a keyed item request: the thread's recent one, else the shared map's
  // (made on a miss); null when the table does not exist. The thread's cache holds it
  // until this thread asks again.
  const TableEntry* RecentEntryFor(const iam::Principal& principal, int action, Engine& engine,
                                   const RequestContext& ns, std::string_view table,
                                   std::string_view region) const;
  std::shared_ptr<const TableEntry> EntryFor(const iam::Principal& principal, int action,
                                             std::shared_ptr<const TableDefinition> definition,
                                             std::string_view region) const;
  // The context of a keyed item request on `entry`'s table, without the request's keys.
  iam::RequestContext ItemContext(const iam::Principal& principal, int action,
                                  const TableEntry& entry) const;
  void SetOutcome(const iam::Decision& decision, const iam::RequestContext& context,
                  AuthorizationOutcome& outcome) const;
  // The parsed form of a stored resource policy; null when it does not parse as one
  // (it was checked on PutResourcePolicy by DynamoDB's looser rules).
  std::shared_ptr<const iam::Policy> ResourcePolicy(const std::string& document) const;
  iam::ApplicablePolicies PoliciesOf(const iam::Principal& principal,
                                     const iam::Policy* resource_policy) const;

  const uint64_t id_;  // tells this authorizer's entries from another's in the threads' caches
  std::shared_ptr<const iam::Principals> principals_;
  const Clock* clock_;
  const bool describe_decisions_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::string, std::shared_ptr<const iam::Policy>> parsed_;
  mutable std::unordered_map<TableKey, std::shared_ptr<const TableEntry>, TableKeyHash> tables_;
};

}  // namespace monotable::protocol::authorization
