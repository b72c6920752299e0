#pragma once
// The policy document of PutResourcePolicy and CreateTable's ResourcePolicy: checked as
// JSON with the outline of an IAM policy, and minified for storage. monotable stores
// policies and never enforces them, so the check stops at the document's shape:
// principals, actions and ARNs inside it are not validated. Thread-safe (each call
// parses with its own parser).

#include <string>
#include <string_view>

#include "engine/base/status.h"

namespace monotable::protocol {

inline constexpr size_t kMaxPolicyBytes = 20480;

// Returns the minified document. Errors: kValidation "One or more parameter values were
// invalid: Maximum policy size of 20480 bytes exceeded", and "One or more parameter
// values were invalid: Invalid policy document: <reason>" with DynamoDB's reasons: "This
// policy contains invalid Json", "This text appears not to be a policy", "Could not
// parse the policy: Statement is empty!", "Missing required field Effect" (or
// Resource), "The Statement Ids in the policy are not unique".
Result<std::string> CheckPolicyDocument(std::string_view document);

}  // namespace monotable::protocol
