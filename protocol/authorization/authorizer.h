#pragma once
// Authorizer: asks the IAM evaluator (iam/evaluator.h) every question a request asks
// (access_checks.h) with the caller's identity-based policies and permissions boundary
// (--iam FILE) and the table's resource-based policy (PutResourcePolicy), and answers
// the first denial as DynamoDB does: AccessDeniedException (HTTP 400) with AWS's
// message. A batch or transaction with one denied item is refused whole, as DynamoDB
// refuses it. Thread-safe: the principals are immutable, and the cache of parsed
// resource policies is behind a mutex.

#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "engine/base/clock.h"
#include "engine/engine.h"
#include "iam/evaluator.h"
#include "iam/principals.h"
#include "protocol/authorization/access_checks.h"
#include "protocol/json_reader.h"

namespace monotable::protocol::authorization {

// What the server knows of the caller besides its access key.
struct CallerFacts {
  std::string_view access_key_id;
  std::string_view source_ip;  // empty: unknown (aws:SourceIp absent)
  bool secure_transport = false;
};

struct AuthorizationOutcome {
  Status status;           // Ok, or kAccessDenied / kUnrecognizedClient
  std::string decided_by;  // the deciding statement, for request logs ("deny by ...")
};

class Authorizer {
 public:
  Authorizer(std::shared_ptr<const iam::Principals> principals, const Clock* clock);

  // The tables' account (ARNs and the cross-account test).
  const std::string& account_id() const { return principals_->account_id; }
  const iam::Principals& principals() const { return *principals_; }

  // Errors: kUnrecognizedClient "The security token included in the request is
  // invalid." for a key the file does not hold; kAccessDenied with the message of
  // iam::AccessDeniedMessage.
  AuthorizationOutcome Authorize(std::string_view operation, JsonObject request,
                                 const CallerFacts& caller, Engine& engine,
                                 const RequestContext& ns, std::string_view region) const;

  // One question, decided: the building block of Authorize and of `monotable iam
  // simulate`. `resource_policy`: the table's, or null.
  iam::Decision Decide(const iam::Principal& principal, const iam::RequestContext& context,
                       const iam::Policy* resource_policy) const;

  // The request context of one check for `principal`.
  iam::RequestContext ContextOf(const iam::Principal& principal, AccessCheck check,
                                const CallerFacts& caller) const;

 private:
  // The parsed form of a stored resource policy; null when it does not parse as one
  // (it was checked on PutResourcePolicy by DynamoDB's looser rules).
  std::shared_ptr<const iam::Policy> ResourcePolicy(const std::string& document) const;

  std::shared_ptr<const iam::Principals> principals_;
  const Clock* clock_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::string, std::shared_ptr<const iam::Policy>> parsed_;
};

}  // namespace monotable::protocol::authorization
