#include "server/request_targets.h"

#include <array>

namespace monotable::server {
namespace {

// The members of a TransactItems element, one of which holds the action's TableName.
constexpr std::array<std::string_view, 5> kActionMembers = {"Put", "Update", "Delete",
                                                            "ConditionCheck", "Get"};

std::string_view StringMember(protocol::JsonObject object, std::string_view key) {
  std::string_view text;
  if (object[key].get_string().get(text)) return {};
  return text;
}

std::string_view ActionTable(protocol::JsonElement action) {
  protocol::JsonObject object;
  if (action.get_object().get(object)) return {};
  for (std::string_view member : kActionMembers) {
    protocol::JsonObject inner;
    if (!object[member].get_object().get(inner)) return StringMember(inner, "TableName");
  }
  return {};
}

}  // namespace

RequestTargets ReadRequestTargets(protocol::JsonParser& parser, std::string_view body) {
  RequestTargets targets;
  auto parsed = parser.ParseObject(body);
  if (!parsed.ok()) return targets;
  const protocol::JsonObject request = *parsed;
  if (std::string_view table = StringMember(request, "TableName"); !table.empty()) {
    targets.tables.push_back(table);
  }
  targets.index = StringMember(request, "IndexName");
  protocol::JsonObject items;
  if (!request["RequestItems"].get_object().get(items)) {
    for (auto field : items) targets.tables.push_back(field.key);
  }
  protocol::JsonArray actions;
  if (!request["TransactItems"].get_array().get(actions)) {
    for (protocol::JsonElement action : actions) {
      targets.tables.push_back(ActionTable(action));
      ++targets.actions;
    }
  } else if (!request["TransactStatements"].get_array().get(actions)) {
    targets.actions = actions.size();
  }
  return targets;
}

}  // namespace monotable::server
