#pragma once
// What one authorization question is about: the principal, the action, the resource
// and the request's context keys (aws:SourceIp, dynamodb:LeadingKeys, ...), as IAM's
// "request context" (reference_policies_evaluation-logic_policy-eval-reqcontext). Policy
// variables (${aws:username}) are looked up among the same keys. Context key names are
// not case-sensitive (IAM: "Condition key names are not case-sensitive"); their values
// are.
//
// A view: the strings, the key lists and the key source belong to the caller and must
// outlive the context. Not synchronized; one context belongs to one question.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace monotable::iam {

struct ContextKey {
  std::string name;
  std::vector<std::string> values;  // a single-valued key holds one
};

// A key's values as a request holds them (one for a single-valued key).
using KeyValues = std::span<const std::string>;

// Keys a request computes only when a policy reads one (dynamodb:Attributes needs the
// request's expressions parsed): evaluation asks for a key when a condition or a policy
// variable names it, so a policy that reads none costs none.
class KeySource {
 public:
  // The values of `name` (any case), or nullopt when the request has none (absent).
  // They stay valid while the source lives. Not thread-safe: a source may fill a cache
  // of its own.
  virtual std::optional<KeyValues> Find(std::string_view name) const = 0;

 protected:
  ~KeySource() = default;
};

struct RequestContext {
  std::string_view principal_arn;      // "arn:aws:iam::123456789012:user/alice"
  std::string_view principal_account;  // "123456789012"
  std::string_view action;             // "dynamodb:GetItem"
  std::string_view resource;           // "arn:aws:dynamodb:us-east-1:123456789012:table/Shop"
  std::string_view resource_account;   // the account that owns `resource`
  // Where keys are looked up, in this order; the first that has a key decides it.
  const std::vector<ContextKey>* principal_keys = nullptr;  // the principal's own
  std::vector<ContextKey> keys;                             // this question's
  const std::vector<ContextKey>* resource_keys = nullptr;   // the resource's (its tags)
  const KeySource* source = nullptr;                        // computed on demand

  // Sets (or replaces) a key of `keys`.
  void Set(std::string_view name, std::string value);
  void SetList(std::string_view name, std::vector<std::string> values);
  // The values of a key, or nullopt when the request has none (the key is "absent").
  std::optional<KeyValues> Find(std::string_view name) const;
  // The same among this question's own keys and the source only: for a key known to be
  // none of the principal's or the resource's.
  std::optional<KeyValues> FindRequestKey(std::string_view name) const;
};

// ASCII case-insensitive equality of two texts of the same length.
bool EqualsIgnoreCaseSameSize(std::string_view a, std::string_view b);
// ASCII case-insensitive equality (key names, action names). Inline: every key lookup
// compares a name with several, most of another length; a name written as documented
// is equal byte for byte.
inline bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a == b || EqualsIgnoreCaseSameSize(a, b));
}

// The key named `name` in `keys`, or null.
const std::vector<std::string>* FindKey(const std::vector<ContextKey>& keys, std::string_view name);

}  // namespace monotable::iam
