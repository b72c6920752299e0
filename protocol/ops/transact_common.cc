#include "protocol/ops/transact_common.h"

#include "engine/base/limits.h"

namespace monotable::protocol::ops {

Result<std::optional<JsonArray>> DecodeTransactItems(JsonObject request, ConstraintErrors& errors) {
  MT_ASSIGN_OR_RETURN(list, OptionalArray(request, "TransactItems"));
  if (!list) {
    errors.Null("transactItems");
  } else if (list->size() == 0) {
    errors.Add("'[]'", "transactItems", "Member must have length greater than or equal to 1");
  } else if (list->size() > limits::kMaxTransactionActions) {
    errors.Add("'[...]'", "transactItems", "Member must have length less than or equal to 100");
  }
  return list;
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

}  // namespace monotable::protocol::ops
