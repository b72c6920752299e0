#include "protocol/policy_document.h"

#include <simdjson.h>

#include <set>
#include <vector>

namespace monotable::protocol {
namespace {

Status InvalidDocument(std::string_view reason) {
  return Status::Validation("One or more parameter values were invalid: Invalid policy document: " +
                            std::string(reason));
}

// One statement: an object with Effect and Resource (or NotResource), and a Sid that
// no other statement uses.
Status CheckStatement(simdjson::dom::element statement, std::set<std::string_view>& sids) {
  simdjson::dom::object object;
  if (statement.get_object().get(object)) {
    return InvalidDocument("This policy contains invalid Json");
  }
  if (object["Effect"].error()) return InvalidDocument("Missing required field Effect");
  if (object["Resource"].error() && object["NotResource"].error()) {
    return InvalidDocument("Missing required field Resource");
  }
  std::string_view sid;
  if (!object["Sid"].get_string().get(sid) && !sids.insert(sid).second) {
    return InvalidDocument("The Statement Ids in the policy are not unique");
  }
  return Status::Ok();
}

}  // namespace

Result<std::string> CheckPolicyDocument(std::string_view document) {
  if (document.size() > kMaxPolicyBytes) {
    return Status::Validation(
        "One or more parameter values were invalid: Maximum policy size of 20480 bytes "
        "exceeded");
  }
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (parser.parse(document.data(), document.size()).get(root)) {
    return InvalidDocument("This policy contains invalid Json");
  }
  if (root.is_null()) return InvalidDocument("This text appears not to be a policy");
  simdjson::dom::object policy;
  if (root.get_object().get(policy)) return InvalidDocument("This policy contains invalid Json");
  // Statement is one statement or a list of them.
  std::vector<simdjson::dom::element> statements;
  simdjson::dom::element statement;
  if (!policy["Statement"].get(statement)) {
    simdjson::dom::array list;
    if (statement.get_array().get(list)) {
      statements.push_back(statement);
    } else {
      for (simdjson::dom::element s : list) statements.push_back(s);
    }
  }
  if (statements.empty()) return InvalidDocument("Could not parse the policy: Statement is empty!");
  std::set<std::string_view> sids;
  for (const auto& s : statements) MT_RETURN_IF_ERROR(CheckStatement(s, sids));
  return simdjson::minify(root);
}

}  // namespace monotable::protocol
