#include "protocol/ops/transact_common.h"

#include "engine/base/limits.h"
#include "protocol/encoded_item_json.h"

namespace monotable::protocol::ops {
namespace {

constexpr size_t kMaxClientRequestToken = 36;

}  // namespace

Result<std::optional<JsonArray>> DecodeBoundedList(JsonObject request, std::string_view member,
                                                   std::string_view path, size_t max,
                                                   ConstraintErrors& errors) {
  MT_ASSIGN_OR_RETURN(list, OptionalArray(request, member));
  if (!list) {
    errors.Null(path);
  } else if (list->size() == 0) {
    errors.Add("'[]'", path, "Member must have length greater than or equal to 1");
  } else if (list->size() > max) {
    errors.Add("'[...]'", path,
               "Member must have length less than or equal to " + std::to_string(max));
  }
  return list;
}

Result<std::optional<JsonArray>> DecodeTransactItems(JsonObject request, ConstraintErrors& errors) {
  return DecodeBoundedList(request, "TransactItems", "transactItems",
                           limits::kMaxTransactionActions, errors);
}

Result<std::optional<JsonObject>> EntryMember(JsonElement entry, std::string_view member) {
  JsonObject object;
  if (entry.get_object().get(object)) return WrongJsonType(entry, "structure");
  return OptionalObject(object, member);
}

Status CheckEnumMember(JsonObject request, std::string_view member, std::string_view path,
                       std::initializer_list<std::string_view> allowed, ConstraintErrors& errors) {
  MT_ASSIGN_OR_RETURN(text, OptionalString(request, member));
  if (!text) return Status::Ok();
  std::string set;
  for (std::string_view a : allowed) {
    if (*text == a) return Status::Ok();
    set += set.empty() ? "" : ", ";
    set += a;
  }
  errors.AddString(*text, path, "Member must satisfy enum value set: [" + set + "]");
  return Status::Ok();
}

std::string ActionPath(size_t index, std::string_view kind) {
  return "transactItems." + std::to_string(index + 1) + ".member." + std::string(kind);
}

Result<std::optional<std::string>> DecodeClientRequestToken(JsonObject request,
                                                            ConstraintErrors& errors) {
  MT_ASSIGN_OR_RETURN(token, OptionalString(request, "ClientRequestToken"));
  if (!token) return std::optional<std::string>();
  if (token->empty()) {
    errors.AddString(*token, "clientRequestToken",
                     "Member must have length greater than or equal to 1");
  } else if (token->size() > kMaxClientRequestToken) {
    errors.AddString(*token, "clientRequestToken",
                     "Member must have length less than or equal to 36");
  }
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
