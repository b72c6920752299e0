#pragma once
// The principals of `--iam FILE`: each access key's identity (its ARN, and so its
// account and name), its identity-based policies and optional permissions boundary.
// The file's outline (issue 36), with monotable's extensions marked:
//
//   {"accountId": "123456789012",                  // extension: owner of the tables
//    "principals": [{"accessKeyId": "AKIA...", "secretAccessKey": "...",
//                    "arn": "arn:aws:iam::123456789012:user/alice",
//                    "policies": [<policy document>, ...],
//                    "permissionsBoundary": <policy document>,
//                    "tags": {"team": "blue"},       // extension: aws:PrincipalTag/team
//                    "context": {"www.amazon.com:user_id": "u1"}}]}  // extension: keys
//                                                    // a web identity would bring
//
// accountId defaults to the account of the first principal's ARN. Immutable once
// loaded: safe to share between threads.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/status.h"
#include "iam/policy.h"
#include "iam/request_context.h"

namespace monotable::iam {

struct Principal {
  std::string access_key_id;
  std::string secret_access_key;
  std::string arn;
  std::string account;    // from the ARN
  std::string user_name;  // the last part of a user ARN's path (aws:username); else empty
  std::vector<Policy> policies;
  std::optional<Policy> boundary;
  // The context keys every request of this principal carries (aws:PrincipalArn,
  // aws:PrincipalAccount, aws:username, aws:PrincipalTag/..., and "context").
  std::vector<ContextKey> keys;
};

struct Principals {
  std::string account_id;  // the account that owns the server's tables
  std::vector<Principal> principals;

  const Principal* Find(std::string_view access_key_id) const;
};

// Errors: kValidation naming where: "principals[1].policies[0]: Missing required field
// Effect", "principals[0]: arn must be an IAM ARN (arn:aws:iam::<account>:...)",
// "principals[2]: accessKeyId AKIA1 appears twice", "the file is not JSON".
Result<Principals> ParsePrincipals(std::string_view json);

}  // namespace monotable::iam
