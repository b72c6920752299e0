// Engine: the item operations (PutItem, GetItem, DeleteItem).
#include <rocksdb/write_batch.h>

#include "engine/engine.h"
#include "engine/item_codec.h"
#include "engine/key_validation.h"

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

Result<std::optional<Item>> Engine::ReadItem(const Table& table, const std::string& key) {
  rocksdb::PinnableSlice value;
  rocksdb::Status s = storage_->db()->Get(storage_->read_options(), table.family(), key, &value);
  if (s.IsNotFound()) return std::optional<Item>();
  if (!s.ok()) return Status::Internal(s.ToString());
  auto item = item_codec::Decode({value.data(), value.size()});
  if (!item.ok()) return item.status();
  return std::optional<Item>(std::move(*item));
}

Result<ItemResult> Engine::PutItem(const RequestContext& ctx, const PutItemRequest& request) {
  auto table = FindTable(ctx, request.table_name);
  if (!table.ok()) return table.status();
  auto definition = (*table)->definition();
  auto key = ValidateItemAndBuildKey(*definition, request.item);
  if (!key.ok()) return key.status();
  std::string encoded = item_codec::Encode(request.item);
  const int64_t new_size = static_cast<int64_t>(ItemSize(request.item));

  ItemResult result;
  StatsDelta delta;
  {
    std::lock_guard lock(locks_->For((*table)->family()->GetID(), *key));
    auto old = ReadItem(**table, *key);
    if (!old.ok()) return old.status();
    delta.items = old->has_value() ? 0 : 1;
    delta.bytes = new_size - (old->has_value() ? static_cast<int64_t>(ItemSize(**old)) : 0);
    rocksdb::WriteBatch batch;
    batch.Put((*table)->family(), *key, encoded);
    batch.Merge(storage_->catalog(), (*table)->stats_key(), EncodeStats(delta));
    MT_RETURN_IF_ERROR(storage_->Write(&batch));
    if (request.return_values == ReturnValues::kAllOld) result.item = std::move(*old);
  }
  (*table)->AddStats(delta);
  return result;
}

Result<ItemResult> Engine::GetItem(const RequestContext& ctx, const GetItemRequest& request) {
  auto table = FindTable(ctx, request.table_name);
  if (!table.ok()) return table.status();
  auto key = ValidateKeyAndBuildKey(*(*table)->definition(), request.key);
  if (!key.ok()) return key.status();
  auto item = ReadItem(**table, *key);
  if (!item.ok()) return item.status();
  ItemResult result;
  if (item->has_value()) result.item = Project(std::move(**item), request.attributes_to_get);
  return result;
}

Result<ItemResult> Engine::DeleteItem(const RequestContext& ctx,
                                      const DeleteItemRequest& request) {
  auto table = FindTable(ctx, request.table_name);
  if (!table.ok()) return table.status();
  auto key = ValidateKeyAndBuildKey(*(*table)->definition(), request.key);
  if (!key.ok()) return key.status();

  ItemResult result;
  StatsDelta delta;
  {
    std::lock_guard lock(locks_->For((*table)->family()->GetID(), *key));
    auto old = ReadItem(**table, *key);
    if (!old.ok()) return old.status();
    if (!old->has_value()) return result;  // deleting a missing item succeeds silently
    delta.items = -1;
    delta.bytes = -static_cast<int64_t>(ItemSize(**old));
    rocksdb::WriteBatch batch;
    batch.Delete((*table)->family(), *key);
    batch.Merge(storage_->catalog(), (*table)->stats_key(), EncodeStats(delta));
    MT_RETURN_IF_ERROR(storage_->Write(&batch));
    if (request.return_values == ReturnValues::kAllOld) result.item = std::move(*old);
  }
  (*table)->AddStats(delta);
  return result;
}

}  // namespace monotable
