#pragma once
// How a write computes its new item image from the old one: the condition check and
// the update, shared by the single-item operations and the actions of transactions.

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "engine/api/requests.h"
#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/expr/expression.h"
#include "engine/schema/table_schema.h"

namespace monotable {

// Ok when the condition holds for `old` (or there is none). Errors:
// kConditionalCheckFailed ("The conditional request failed"), carrying `old` as
// ErrorDetail::item when the write asked for it (ALL_OLD) and there was an item.
Status CheckCondition(const WriteCondition& write_condition, const std::optional<Item>& old);

// The table's key attribute names, in key schema order.
std::vector<std::string_view> KeyAttributeNames(const TableDefinition& table);

// The item after `update`: applied to `old`, or to an item made of `key` when there is
// none. nullopt (nothing written) when there was no item and the update's actions left
// it with no attribute beside the key (only REMOVE or DELETE actions): DynamoDB does
// not create such an item (scylladb/scylladb#5862), while an update with no actions at
// all does create the key-only item. Errors: the update's kValidation errors, and "Item
// size to update has exceeded the maximum allowed size".
Result<std::optional<Item>> UpdatedImage(const expr::Update& update, const Item& key,
                                         const std::optional<Item>& old,
                                         std::span<const std::string_view> key_names);

}  // namespace monotable
