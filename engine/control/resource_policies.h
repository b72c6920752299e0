#pragma once
// Resource-based policies of tables and their streams: PutResourcePolicy,
// GetResourcePolicy and DeleteResourcePolicy, returned as stored (the protocol's
// authorizer enforces them). A table's policy is stored in the table's catalog record;
// a request with a stream label works on that stream's policy, stored in the stream's
// own record (streams/stream_info.h), so that it can still be read and changed once
// the stream is disabled or its table deleted, until the stream's retention ends
// (rbac-attach-resource-policy-streams). Any stream the registry keeps can hold one;
// another label answers kResourceNotFound "Requested resource not found: Stream:
// <label> not found for Table: <name>", whether or not the table exists. A revision id
// is the change time in epoch milliseconds (strictly increasing per table or stream),
// as DynamoDB's; putting the same document again changes nothing and keeps the
// revision. The ExpectedRevisionId check and the change happen under the catalog's
// lock (a table's policy) or the stream's (a stream's), so they are atomic. Thread-safe.

#include <optional>
#include <string>

#include "engine/base/clock.h"
#include "engine/base/status.h"
#include "engine/schema/table_requests.h"
#include "engine/storage/catalog.h"
#include "engine/streams/stream_registry.h"

namespace monotable {

// Returns the policy's revision id. Errors: kResourceNotFound "Requested resource not
// found: Table: <name> not found" (or the stream's text above); kPolicyNotFound when
// ExpectedRevisionId does not match ("Resource-based policy not found for the provided
// ResourceArn: Requested update for policy with revision id <x>, but the policy
// associated to target table <name> has revision id <y>.", or "... expecting none to
// be present ..." for NO_POLICY); kInternal.
Result<std::string> PutTablePolicy(Catalog& catalog, streams::StreamRegistry& streams,
                                   const Clock& clock, const std::string& ns,
                                   const PutResourcePolicyRequest& request);

// Errors: kResourceNotFound (as PutTablePolicy), kPolicyNotFound "Resource-based policy
// not found for the provided ResourceArn: <arn>".
Result<ResourcePolicy> GetTablePolicy(const Catalog& catalog,
                                      const streams::StreamRegistry& streams, const std::string& ns,
                                      const std::string& table_name,
                                      const std::string& resource_arn,
                                      const std::optional<std::string>& stream_label = {});

// Returns the revision id of the policy removed, or nothing when the table had none (not
// an error, as in DynamoDB, unless an ExpectedRevisionId was given). Errors:
// kResourceNotFound, kPolicyNotFound (as PutTablePolicy), kInternal.
Result<std::optional<std::string>> DeleteTablePolicy(Catalog& catalog,
                                                     streams::StreamRegistry& streams,
                                                     const std::string& ns,
                                                     const DeleteResourcePolicyRequest& request);

}  // namespace monotable
