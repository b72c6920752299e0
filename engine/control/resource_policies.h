#pragma once
// Resource-based policies of tables and their streams: PutResourcePolicy,
// GetResourcePolicy and DeleteResourcePolicy. A policy is stored in the table's catalog
// record and returned as stored (the protocol's authorizer enforces it). A request with
// a stream label works on the policy of that stream, which must be the table's latest
// (else kResourceNotFound "Requested resource not found: Stream: <label> not found for
// Table: <name>"). A revision id is the change time in epoch
// milliseconds (strictly increasing per table), as DynamoDB's; putting the same document
// again changes nothing and keeps the revision. The ExpectedRevisionId check and the
// change happen under the catalog's lock, so they are atomic. Thread-safe.

#include <optional>
#include <string>

#include "engine/base/clock.h"
#include "engine/base/status.h"
#include "engine/schema/table_requests.h"
#include "engine/storage/catalog.h"

namespace monotable {

// Returns the policy's revision id. Errors: kResourceNotFound "Requested resource not
// found: Table: <name> not found"; kPolicyNotFound when ExpectedRevisionId does not
// match ("Resource-based policy not found for the provided ResourceArn: Requested update
// for policy with revision id <x>, but the policy associated to target table <name> has
// revision id <y>.", or "... expecting none to be present ..." for NO_POLICY);
// kInternal.
Result<std::string> PutTablePolicy(Catalog& catalog, const Clock& clock, const std::string& ns,
                                   const PutResourcePolicyRequest& request);

// Errors: kResourceNotFound (as PutTablePolicy), kPolicyNotFound "Resource-based policy
// not found for the provided ResourceArn: <arn>".
Result<ResourcePolicy> GetTablePolicy(const Catalog& catalog, const std::string& ns,
                                      const std::string& table_name,
                                      const std::string& resource_arn,
                                      const std::optional<std::string>& stream_label = {});

// Returns the revision id of the policy removed, or nothing when the table had none (not
// an error, as in DynamoDB, unless an ExpectedRevisionId was given). Errors:
// kResourceNotFound, kPolicyNotFound (as PutTablePolicy), kInternal.
Result<std::optional<std::string>> DeleteTablePolicy(Catalog& catalog, const std::string& ns,
                                                     const DeleteResourcePolicyRequest& request);

}  // namespace monotable
