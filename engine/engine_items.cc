// Engine: the item operations (PutItem, GetItem, DeleteItem).
#include "engine/engine.h"
#include "engine/key_validation.h"
#include "engine/read_path.h"

namespace monotable {
namespace {

// Keeps only the named top-level attributes (AttributesToGet).
Item Project(Item item, const std::vector<std::string>& attributes) {
  if (attributes.empty()) return item;
  Item projected;
  for (const auto& name : attributes) {
    auto node = item.extract(name);
    if (!node.empty()) projected.insert(std::move(node));
  }
  return projected;
}

}  // namespace

Result<ItemResult> Engine::PutItem(const RequestContext& ctx, const PutItemRequest& request) {
  MT_ASSIGN_OR_RETURN(table, FindTable(ctx, request.table_name));
  MT_ASSIGN_OR_RETURN(key, ValidateItemAndBuildKey(*table->definition(), request.item));
  MT_ASSIGN_OR_RETURN(outcome, write_path_->Apply(*table, key, [&](const std::optional<Item>&) {
    return Result<std::optional<Item>>(std::optional<Item>(request.item));
  }));
  ItemResult result;
  if (request.return_values == ReturnValues::kAllOld) result.item = std::move(outcome.old_item);
  return result;
}

Result<ItemResult> Engine::GetItem(const RequestContext& ctx, const GetItemRequest& request) {
  MT_ASSIGN_OR_RETURN(table, FindTable(ctx, request.table_name));
  MT_ASSIGN_OR_RETURN(key, ValidateKeyAndBuildKey(*table->definition(), request.key));
  MT_ASSIGN_OR_RETURN(item, ReadStoredItem(*storage_, *table, key));
  ItemResult result;
  if (item) result.item = Project(std::move(*item), request.attributes_to_get);
  return result;
}

Result<ItemResult> Engine::DeleteItem(const RequestContext& ctx,
                                      const DeleteItemRequest& request) {
  MT_ASSIGN_OR_RETURN(table, FindTable(ctx, request.table_name));
  MT_ASSIGN_OR_RETURN(key, ValidateKeyAndBuildKey(*table->definition(), request.key));
  MT_ASSIGN_OR_RETURN(outcome, write_path_->Apply(*table, key, [](const std::optional<Item>&) {
    return Result<std::optional<Item>>(std::optional<Item>());
  }));
  ItemResult result;
  if (request.return_values == ReturnValues::kAllOld) result.item = std::move(outcome.old_item);
  return result;
}

}  // namespace monotable
