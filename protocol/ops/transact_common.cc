#include "protocol/ops/transact_common.h"

#include "protocol/encoded_item_json.h"

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

Status WriteTransactGetResponses(JsonWriter& w,
                                 const std::vector<std::optional<item_codec::EncodedItem>>& items) {
  w.Key("Responses").BeginArray();
  for (const auto& item : items) {
    w.BeginObject();
    if (item) {
      w.Key("Item");
      MT_RETURN_IF_ERROR(WriteEncodedItem(w, *item));
    }
    w.EndObject();
  }
  w.EndArray();
  return Status::Ok();
}

}  // namespace monotable::protocol::ops
