#include "engine/write/item_changes.h"

#include <memory>

#include "engine/base/error_detail.h"
#include "engine/base/limits.h"

namespace monotable {

Status CheckCondition(const WriteCondition& write_condition, const std::optional<Item>& old) {
  const expr::Condition& condition = write_condition.condition;
  if (condition.empty() || condition.Evaluate(old ? &*old : nullptr)) return Status::Ok();
  Status failed(ErrorCode::kConditionalCheckFailed, "The conditional request failed");
  if (!write_condition.return_old_on_failure || !old) return failed;
  auto detail = std::make_shared<ErrorDetail>();
  detail->item = *old;
  return std::move(failed).WithDetail(std::move(detail));
}

std::vector<std::string_view> KeyAttributeNames(const TableDefinition& table) {
  std::vector<std::string_view> names;
  for (const auto& k : table.key_schema) names.push_back(k.name);
  return names;
}

Result<std::optional<Item>> UpdatedImage(const expr::Update& update, const Item& key,
                                         const std::optional<Item>& old,
                                         std::span<const std::string_view> key_names) {
  // A missing item is created from the key, which the update's operands can read.
  Item item = old ? *old : key;
  MT_RETURN_IF_ERROR(update.ApplyTo(item, key_names, /*item_exists=*/old.has_value()));
  // Actions that left a missing item with nothing but its key (REMOVE, DELETE): no item.
  if (!old && !update.changes_nothing() && item.size() == key.size()) {
    return std::optional<Item>();
  }
  if (ItemSize(item) > limits::kMaxItemBytes) {
    return Status::Validation("Item size to update has exceeded the maximum allowed size");
  }
  return std::optional<Item>(std::move(item));
}

}  // namespace monotable
