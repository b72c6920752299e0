#include "engine/write/item_writes.h"

#include <algorithm>

#include "engine/schema/key_validation.h"
#include "engine/write/admitted_write.h"
#include "engine/write/item_changes.h"
#include "engine/write/write_capacity.h"
#include "engine/write/write_touches.h"

namespace monotable {
namespace {

// The Attributes an UpdateItem returns for its ReturnValues; nullopt for none.
std::optional<Item> UpdateReturnValues(const UpdateItemRequest& request, WriteOutcome& outcome) {
  std::optional<Item> result;
  switch (request.return_values) {
    case ReturnValues::kNone: break;
    case ReturnValues::kAllOld: result = std::move(outcome.old_item); break;
    case ReturnValues::kAllNew: result = std::move(outcome.new_item); break;
    case ReturnValues::kUpdatedOld:
      if (outcome.old_item) result = request.update.UpdatedPaths().Apply(*outcome.old_item);
      break;
    case ReturnValues::kUpdatedNew:
      if (outcome.new_item) result = request.update.UpdatedPaths().Apply(*outcome.new_item);
      break;
  }
  if (result && result->empty()) result.reset();  // DynamoDB omits an empty map
  return result;
}

// A single-item write's result: its consumed capacity (table and indexes) and item
// collection, taken before ReturnValues move the images out of the outcome.
ItemResult WriteResultFor(const std::string& table_name, const WriteOutcome& outcome) {
  ItemResult result;
  result.consumed = capacity::ForWrite(table_name, outcome);
  if (outcome.index_writes.item_collection) {
    result.item_collection_key = outcome.index_writes.item_collection->key;
    result.item_collection_bytes = outcome.index_writes.item_collection->bytes;
  }
  return result;
}

// --log-requests: the write's item (`key`: its key or the whole item) and the GSI entries
// it changed, taken before ReturnValues move the images out of the outcome.
void Touched(ItemTouches* touches, const Table& table, const Item& key, const WriteOutcome& outcome,
             const ItemResult& result) {
  if (touches == nullptr) return;
  const auto definition = table.definition();  // held while RecordWrite reads it
  RecordWrite(*touches, *definition,
              {key, outcome.old_item, outcome.new_item, outcome.index_writes,
               std::max(outcome.sizes.old_size, outcome.sizes.new_size),
               result.consumed.table.write_units});
}

// What a Put or Delete needs of the old image: all of it for a condition or
// ReturnValues ALL_OLD, else only whether it exists.
WritePath::OldImage OldImageFor(const WriteCondition& condition, ReturnValues return_values) {
  return condition.condition.empty() && return_values != ReturnValues::kAllOld
             ? WritePath::OldImage::kPresence
             : WritePath::OldImage::kFull;
}

}  // namespace

Result<ItemResult> PutItem(WritePath& write_path, Table& table, PutItemRequest request,
                           ItemTouches* touches) {
  size_t item_size = 0;
  auto definition = table.definition();
  MT_ASSIGN_OR_RETURN(key, ValidateItemAndBuildKey(*definition, request.item, &item_size));
  // A Put knows its new item: the estimate is exact unless the old item was larger.
  const double estimate = capacity::WriteUnits(item_size);
  MT_ASSIGN_OR_RETURN(
      outcome,
      AdmittedApply(
          write_path, table, key, estimate,
          [&](const std::optional<Item>& old) -> Result<std::optional<Item>> {
            MT_RETURN_IF_ERROR(CheckCondition(request.condition, old));
            // Apply calls this once: the item moves into the new image.
            return std::optional<Item>(std::move(request.item));
          },
          WritePath::OnTransaction::kFail, OldImageFor(request.condition, request.return_values)));
  ItemResult result = WriteResultFor(request.table_name, outcome);
  if (outcome.new_item) Touched(touches, table, *outcome.new_item, outcome, result);
  if (request.return_values == ReturnValues::kAllOld) result.item = std::move(outcome.old_item);
  return result;
}

Result<ItemResult> DeleteItem(WritePath& write_path, Table& table, const DeleteItemRequest& request,
                              ItemTouches* touches) {
  auto definition = table.definition();
  MT_ASSIGN_OR_RETURN(key, ValidateKeyAndBuildKey(*definition, request.key));
  // The size of the item deleted is unknown until it is read: claim the minimum.
  MT_ASSIGN_OR_RETURN(
      outcome,
      AdmittedApply(
          write_path, table, key, 1,
          [&](const std::optional<Item>& old) -> Result<std::optional<Item>> {
            MT_RETURN_IF_ERROR(CheckCondition(request.condition, old));
            return std::optional<Item>();
          },
          WritePath::OnTransaction::kFail, OldImageFor(request.condition, request.return_values)));
  ItemResult result = WriteResultFor(request.table_name, outcome);
  Touched(touches, table, request.key, outcome, result);
  if (request.return_values == ReturnValues::kAllOld) result.item = std::move(outcome.old_item);
  return result;
}

Result<ItemResult> UpdateItem(WritePath& write_path, Table& table, const UpdateItemRequest& request,
                              ItemTouches* touches) {
  auto definition = table.definition();
  MT_ASSIGN_OR_RETURN(key, ValidateKeyAndBuildKey(*definition, request.key));
  const std::vector<std::string_view> key_names = KeyAttributeNames(*definition);
  // Updating a key attribute is refused before the item is read, as DynamoDB does.
  MT_RETURN_IF_ERROR(request.update.CheckKeyAttributes(key_names));
  MT_ASSIGN_OR_RETURN(
      outcome, AdmittedApply(write_path, table, key, 1,
                             [&](const std::optional<Item>& old) -> Result<std::optional<Item>> {
                               MT_RETURN_IF_ERROR(CheckCondition(request.condition, old));
                               return UpdatedImage(request.update, request.key, old, key_names);
                             }));
  ItemResult result = WriteResultFor(request.table_name, outcome);
  Touched(touches, table, request.key, outcome, result);
  result.item = UpdateReturnValues(request, outcome);
  return result;
}

}  // namespace monotable
