#pragma once
// The matching rules of IAM's policy language. Pure functions; thread-safe.
//  - Glob: `*` matches any run of characters, `?` any one (Action, StringLike).
//  - ARNs (Resource, ArnLike, ArnEquals): each of the six colon-delimited components
//    is matched alone, so a `*` never spans a colon before the resource part
//    (reference_policies_elements_condition_operators, "Amazon Resource Name (ARN)
//    condition operators").
//  - Policy variables: ${aws:username}, ${aws:PrincipalTag/team}, ${www.amazon.com:user_id}
//    are replaced by the request's single-valued context key; ${key, 'default'} gives
//    the default when the key is absent; ${*}, ${?} and ${$} are a literal *, ? and $
//    (reference_policies_variables).

#include <optional>
#include <string>
#include <string_view>

#include "iam/request_context.h"

namespace monotable::iam {

// A literal `*` or `?` that a pattern produced by Substitute holds: matched as itself.
inline constexpr char kLiteralStar = '\x01';
inline constexpr char kLiteralQuestion = '\x02';

bool GlobMatch(std::string_view pattern, std::string_view text, bool ignore_case = false);
bool ArnMatch(std::string_view pattern, std::string_view arn);

// `text` with its variables replaced; nullopt when one names an absent (or multivalued)
// key and has no default: the element it is in then matches nothing, as in IAM.
std::optional<std::string> Substitute(std::string_view text, const RequestContext& context);

// Whether every variable of `text` names a key of `keys` (and none is ${*}, ${?} or
// ${$}): then Substitute over those keys alone gives what it gives over any context
// that looks them up first (RequestContext::principal_keys).
bool VariablesResolvedBy(std::string_view text, const std::vector<ContextKey>& keys);

}  // namespace monotable::iam
