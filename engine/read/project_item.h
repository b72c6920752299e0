#pragma once
// ProjectEncodedItem: what a read returns of a stored item (storage/stored_items.h
// reads it): the item as stored, or with a projection the projected attributes,
// encoded again.
//
// Thread-safety: a pure function. Errors: kInternal (corrupt bytes).

#include <optional>

#include "engine/base/status.h"
#include "engine/expr/expression.h"
#include "engine/format/item_codec.h"

namespace monotable {

Result<item_codec::EncodedItem> ProjectEncodedItem(
    item_codec::EncodedItem stored, const std::optional<expr::Projection>& projection);

}  // namespace monotable
