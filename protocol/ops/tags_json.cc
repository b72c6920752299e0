#include "protocol/ops/tags_json.h"

namespace monotable::protocol::ops {

Result<std::vector<TagInput>> DecodeTags(JsonArray tags) {
  std::vector<TagInput> decoded;
  for (JsonElement element : tags) {
    JsonObject tag;
    if (element.get_object().get(tag)) return WrongJsonType(element, "structure");
    MT_ASSIGN_OR_RETURN(key, OptionalString(tag, "Key"));
    MT_ASSIGN_OR_RETURN(value, OptionalString(tag, "Value"));
    TagInput input;
    if (key) input.key = std::string(*key);
    if (value) input.value = std::string(*value);
    decoded.push_back(std::move(input));
  }
  return decoded;
}

}  // namespace monotable::protocol::ops
