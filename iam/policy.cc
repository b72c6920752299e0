#include "iam/policy.h"

#include <simdjson.h>

#include <set>

namespace monotable::iam {
namespace {

using simdjson::dom::element;
using simdjson::dom::object;

Status Malformed(std::string_view reason) { return Status::Validation(std::string(reason)); }

std::string Lowered(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// A string or a list of strings (Action, Resource, a condition's values, AWS
// principals). Condition values may also be JSON booleans and numbers, which IAM reads
// as their text.
Status StringList(element value, std::vector<std::string>* out, bool scalars_too = false) {
  auto one = [&](element e) -> Status {
    std::string_view s;
    if (!e.get_string().get(s)) {
      out->emplace_back(s);
      return Status::Ok();
    }
    if (scalars_too && (e.is_bool() || e.is_number())) {
      out->push_back(simdjson::minify(e));
      return Status::Ok();
    }
    return Malformed("Syntax errors in policy.");
  };
  simdjson::dom::array list;
  if (value.get_array().get(list)) return one(value);
  for (element e : list) MT_RETURN_IF_ERROR(one(e));
  return Status::Ok();
}

Status ParsePrincipal(element value, PrincipalSet* set) {
  std::string_view star;
  if (!value.get_string().get(star)) {
    if (star != "*") return Malformed("Invalid principal in policy: " + std::string(star));
    set->anyone = true;
    return Status::Ok();
  }
  object principals;
  if (value.get_object().get(principals)) return Malformed("Syntax errors in policy.");
  for (auto field : principals) {
    std::vector<std::string> names;
    MT_RETURN_IF_ERROR(StringList(field.value, &names));
    // Service, Federated and CanonicalUser principals never sign DynamoDB requests
    // here: kept out of the set, so they match no caller.
    if (field.key != "AWS") continue;
    for (auto& name : names) {
      if (name == "*") {
        set->anyone = true;
      } else if (name.size() == 12 && name.find_first_not_of("0123456789") == std::string::npos) {
        set->accounts.push_back(std::move(name));
      } else if (name.starts_with("arn:") && name.ends_with(":root")) {
        // arn:aws:iam::123456789012:root: the account's every principal.
        size_t end = name.size() - 5;
        size_t start = name.rfind(':', end - 1);
        set->accounts.push_back(name.substr(start + 1, end - start - 1));
      } else if (name.starts_with("arn:")) {
        set->arns.push_back(std::move(name));
      } else {
        return Malformed("Invalid principal in policy: \"AWS\":\"" + name + "\"");
      }
    }
  }
  return Status::Ok();
}

Status ParseConditions(element value, std::vector<ConditionClause>* out) {
  object block;
  if (value.get_object().get(block)) return Malformed("Syntax errors in policy.");
  for (auto op : block) {
    object keys;
    if (op.value.get_object().get(keys)) return Malformed("Syntax errors in policy.");
    for (auto key : keys) {
      ConditionClause clause;
      MT_RETURN_IF_ERROR(ParseOperator(op.key, &clause));
      clause.key = std::string(key.key);
      MT_RETURN_IF_ERROR(StringList(key.value, &clause.values, /*scalars_too=*/true));
      out->push_back(std::move(clause));
    }
  }
  return Status::Ok();
}

// Action or NotAction (Resource or NotResource): exactly one of the two, a string or a
// list of strings.
Status ExclusiveList(object st, std::string_view name, bool* negated,
                     std::vector<std::string>* out) {
  const std::string not_name = "Not" + std::string(name);
  element plain, negative;
  const bool has_plain = !st[name].get(plain);
  const bool has_negative = !st[not_name].get(negative);
  if (has_plain == has_negative) {
    return has_plain ? Malformed("Syntax errors in policy.")
                     : Malformed("Missing required field " + std::string(name));
  }
  *negated = has_negative;
  return StringList(has_plain ? plain : negative, out);
}

Status ParseStatement(element value, PolicyKind kind, Statement* s) {
  object st;
  if (value.get_object().get(st)) return Malformed("Syntax errors in policy.");
  for (auto field : st) {
    const std::string_view k = field.key;
    if (k != "Sid" && k != "Effect" && k != "Action" && k != "NotAction" && k != "Resource" &&
        k != "NotResource" && k != "Principal" && k != "NotPrincipal" && k != "Condition") {
      return Malformed("Syntax errors in policy.");
    }
  }
  std::string_view text;
  element e;
  if (!st["Sid"].get(e)) {
    if (e.get_string().get(text)) return Malformed("Syntax errors in policy.");
    s->sid = std::string(text);
  }
  if (st["Effect"].get(e)) return Malformed("Missing required field Effect");
  if (e.get_string().get(text)) return Malformed("Syntax errors in policy.");
  if (text == "Allow") {
    s->effect = Effect::kAllow;
  } else if (text == "Deny") {
    s->effect = Effect::kDeny;
  } else {
    return Malformed("Invalid effect: " + std::string(text));
  }
  MT_RETURN_IF_ERROR(ExclusiveList(st, "Action", &s->not_action, &s->actions));
  for (auto& a : s->actions) a = Lowered(a);
  MT_RETURN_IF_ERROR(ExclusiveList(st, "Resource", &s->not_resource, &s->resources));
  element principal, not_principal;
  const bool has_principal = !st["Principal"].get(principal);
  const bool has_not_principal = !st["NotPrincipal"].get(not_principal);
  if (kind == PolicyKind::kIdentity && (has_principal || has_not_principal)) {
    return Malformed("Policy document should not specify a principal.");
  }
  if (kind == PolicyKind::kResource) {
    if (has_principal == has_not_principal) {
      return has_principal ? Malformed("Syntax errors in policy.")
                           : Malformed("Missing required field Principal");
    }
    s->has_principal = true;
    s->not_principal = has_not_principal;
    MT_RETURN_IF_ERROR(ParsePrincipal(has_principal ? principal : not_principal, &s->principals));
  }
  if (!st["Condition"].get(e)) MT_RETURN_IF_ERROR(ParseConditions(e, &s->conditions));
  return Status::Ok();
}

}  // namespace

std::string StatementName(const Statement& statement) {
  if (!statement.sid.empty()) return statement.sid;
  return "Statement[" + std::to_string(statement.index) + "]";
}

Result<Policy> ParsePolicy(std::string_view document, PolicyKind kind) {
  simdjson::dom::parser parser;
  simdjson::padded_string padded(document);
  element root;
  if (parser.parse(padded).get(root)) return Malformed("Syntax errors in policy.");
  object doc;
  if (root.get_object().get(doc)) return Malformed("Syntax errors in policy.");
  Policy policy;
  element e;
  // No Version is the legacy 2008-10-17, which has no policy variables.
  policy.variables = false;
  if (!doc["Version"].get(e)) {
    std::string_view version;
    if (e.get_string().get(version)) return Malformed("Syntax errors in policy.");
    if (version == "2012-10-17") {
      policy.variables = true;
    } else if (version != "2008-10-17") {
      return Malformed("The policy failed legacy parsing");
    }
  }
  for (auto field : doc) {
    if (field.key != "Version" && field.key != "Id" && field.key != "Statement") {
      return Malformed("Syntax errors in policy.");
    }
  }
  if (doc["Statement"].get(e)) return Malformed("Statement is empty!");
  std::vector<element> items;
  simdjson::dom::array list;
  if (e.get_array().get(list)) {
    items.push_back(e);
  } else {
    for (element s : list) items.push_back(s);
  }
  if (items.empty()) return Malformed("Statement is empty!");
  std::set<std::string> sids;
  for (size_t i = 0; i < items.size(); ++i) {
    Statement s;
    s.index = static_cast<int>(i);
    MT_RETURN_IF_ERROR(ParseStatement(items[i], kind, &s));
    if (!s.sid.empty() && !sids.insert(s.sid).second) {
      return Malformed("Statement IDs (SID) in a single policy must be unique");
    }
    policy.statements.push_back(std::move(s));
  }
  return policy;
}

}  // namespace monotable::iam
