#pragma once
// What one authorization question is about: the principal, the action, the resource
// and the request's context keys (aws:SourceIp, dynamodb:LeadingKeys, ...), as IAM's
// "request context" (reference_policies_evaluation-logic_policy-eval-reqcontext). Policy
// variables (${aws:username}) are looked up among the same keys. Context key names are
// not case-sensitive (IAM: "Condition key names are not case-sensitive"); their values
// are. A value type: not synchronized, copy it or keep it per request.

#include <string>
#include <string_view>
#include <vector>

namespace monotable::iam {

struct ContextKey {
  std::string name;
  std::vector<std::string> values;  // a single-valued key holds one
};

struct RequestContext {
  std::string principal_arn;      // "arn:aws:iam::123456789012:user/alice"
  std::string principal_account;  // "123456789012"
  std::string action;             // "dynamodb:GetItem"
  std::string resource;           // "arn:aws:dynamodb:us-east-1:123456789012:table/Shop"
  std::string resource_account;   // the account that owns `resource`
  std::vector<ContextKey> keys;

  // Sets (or replaces) a key.
  void Set(std::string_view name, std::string value);
  void SetList(std::string_view name, std::vector<std::string> values);
  // The values of a key, or null when the request has none (the key is "absent").
  const std::vector<std::string>* Find(std::string_view name) const;
};

// ASCII case-insensitive equality (key names, action names).
bool EqualsIgnoreCase(std::string_view a, std::string_view b);

}  // namespace monotable::iam
