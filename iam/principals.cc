#include "iam/principals.h"

#include <simdjson.h>

#include <set>

namespace monotable::iam {
namespace {

using simdjson::dom::element;
using simdjson::dom::object;

Status At(const std::string& where, std::string_view what) {
  return Status::Validation(where + ": " + std::string(what));
}

Result<std::string> RequiredText(object o, std::string_view key, const std::string& where) {
  std::string_view text;
  if (o[key].get_string().get(text) || text.empty()) {
    return At(where, std::string(key) + " must be a non-empty string");
  }
  return std::string(text);
}

Result<Policy> PolicyAt(element e, const std::string& where) {
  auto policy = ParsePolicy(simdjson::minify(e), PolicyKind::kIdentity);
  if (!policy.ok()) return At(where, policy.status().message());
  return policy;
}

Status ReadPrincipal(object o, const std::string& where, Principal* p) {
  MT_ASSIGN_OR_RETURN(key, RequiredText(o, "accessKeyId", where));
  MT_ASSIGN_OR_RETURN(secret, RequiredText(o, "secretAccessKey", where));
  MT_ASSIGN_OR_RETURN(arn, RequiredText(o, "arn", where));
  p->access_key_id = std::move(key);
  p->secret_access_key = std::move(secret);
  // arn:<partition>:iam::<account>:<type>/<path>/<name>
  const std::string_view a = arn;
  size_t colons[5];
  size_t at = 0;
  for (size_t& c : colons) {
    c = a.find(':', at);
    if (c == std::string_view::npos) break;
    at = c + 1;
  }
  if (!a.starts_with("arn:") || at == 0 || colons[4] == std::string_view::npos ||
      a.substr(colons[1] + 1, colons[2] - colons[1] - 1) != "iam" || colons[4] - colons[3] != 13) {
    return At(where, "arn must be an IAM ARN (arn:aws:iam::<account>:...)");
  }
  p->account = std::string(a.substr(colons[3] + 1, 12));
  std::string_view resource = a.substr(colons[4] + 1);
  if (resource.starts_with("user/"))
    p->user_name = std::string(resource.substr(resource.rfind('/') + 1));
  p->arn = std::move(arn);
  auto set = [&](std::string name, std::string value) {
    p->keys.push_back({std::move(name), {std::move(value)}});
  };
  set("aws:PrincipalArn", p->arn);
  set("aws:PrincipalAccount", p->account);
  set("aws:PrincipalType", p->user_name.empty() ? "AssumedRole" : "User");
  if (!p->user_name.empty()) set("aws:username", p->user_name);
  object extras;
  if (!o["tags"].get_object().get(extras)) {
    for (auto field : extras) {
      std::string_view value;
      if (field.value.get_string().get(value)) return At(where, "tags values must be strings");
      set("aws:PrincipalTag/" + std::string(field.key), std::string(value));
    }
  }
  if (!o["context"].get_object().get(extras)) {
    for (auto field : extras) {
      std::string_view value;
      if (field.value.get_string().get(value)) return At(where, "context values must be strings");
      set(std::string(field.key), std::string(value));
    }
  }
  simdjson::dom::array list;
  element e;
  if (!o["policies"].get(e)) {
    if (e.get_array().get(list)) return At(where, "policies must be a list of policy documents");
    size_t i = 0;
    for (element doc : list) {
      MT_ASSIGN_OR_RETURN(policy, PolicyAt(doc, where + ".policies[" + std::to_string(i++) + "]"));
      p->policies.push_back(std::move(policy));
    }
  }
  if (!o["permissionsBoundary"].get(e) && !e.is_null()) {
    MT_ASSIGN_OR_RETURN(boundary, PolicyAt(e, where + ".permissionsBoundary"));
    p->boundary = std::move(boundary);
  }
  return Status::Ok();
}

}  // namespace

const Principal* Principals::Find(std::string_view access_key_id) const {
  for (const auto& p : principals) {
    if (p.access_key_id == access_key_id) return &p;
  }
  return nullptr;
}

Result<Principals> ParsePrincipals(std::string_view json) {
  simdjson::dom::parser parser;
  simdjson::padded_string padded(json);
  element root;
  object top;
  if (parser.parse(padded).get(root) || root.get_object().get(top)) {
    return Status::Validation("the file is not a JSON object");
  }
  simdjson::dom::array list;
  if (top["principals"].get_array().get(list)) {
    return Status::Validation("principals must be a list");
  }
  Principals out;
  std::set<std::string> keys;
  size_t i = 0;
  for (element e : list) {
    const std::string where = "principals[" + std::to_string(i++) + "]";
    object o;
    if (e.get_object().get(o)) return At(where, "must be an object");
    Principal p;
    MT_RETURN_IF_ERROR(ReadPrincipal(o, where, &p));
    if (!keys.insert(p.access_key_id).second) {
      return At(where, "accessKeyId " + p.access_key_id + " appears twice");
    }
    out.principals.push_back(std::move(p));
  }
  std::string_view account;
  if (!top["accountId"].get_string().get(account)) {
    if (account.size() != 12 || account.find_first_not_of("0123456789") != std::string_view::npos) {
      return Status::Validation("accountId must be 12 digits");
    }
    out.account_id = std::string(account);
  } else if (!out.principals.empty()) {
    out.account_id = out.principals.front().account;
  } else {
    out.account_id = "000000000000";
  }
  return out;
}

}  // namespace monotable::iam
