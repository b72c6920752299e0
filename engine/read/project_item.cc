#include "engine/read/project_item.h"

namespace monotable {

Result<item_codec::EncodedItem> ProjectEncodedItem(
    item_codec::EncodedItem stored, const std::optional<expr::Projection>& projection) {
  if (!projection) return stored;
  MT_ASSIGN_OR_RETURN(item, item_codec::Decode(stored));
  return item_codec::Encode(projection->Apply(item));
}

}  // namespace monotable
