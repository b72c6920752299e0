#include "protocol/ops/transact_common.h"

namespace monotable::protocol::ops {

Result<std::optional<JsonObject>> EntryMember(JsonElement entry, std::string_view member) {
  JsonObject object;
  if (entry.get_object().get(object)) return WrongJsonType(entry, "structure");
  return OptionalObject(object, member);
}

std::string ActionPath(size_t index, std::string_view kind) {
  return "transactItems." + std::to_string(index + 1) + ".member." + std::string(kind);
}

Result<std::optional<std::string>> DecodeClientRequestToken(JsonObject request) {
  MT_ASSIGN_OR_RETURN(token, OptionalString(request, "ClientRequestToken"));
  if (!token) return std::optional<std::string>();
  return std::optional<std::string>(*token);
}

}  // namespace monotable::protocol::ops
