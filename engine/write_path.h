#pragma once
// WritePath: the single place an item changes. Under the item's lock it reads the
// old image, lets the caller compute the new one (evaluating conditions), and writes
// the new image, its secondary index entries and the statistics in one WriteBatch.
// Thread-safe.

#include <functional>
#include <optional>
#include <string>

#include "engine/attribute_value.h"
#include "engine/catalog.h"
#include "engine/indexes.h"
#include "engine/lock_table.h"
#include "engine/status.h"
#include "engine/storage.h"

namespace monotable {

struct WriteOutcome {
  std::optional<Item> old_item;  // before the write; nullopt when there was none
  std::optional<Item> new_item;  // after the write; nullopt when deleted or absent
  IndexWrites index_writes;      // the secondary index entries the write changed
};

// Given the old image, returns the new one (nullopt: delete the item), or an error
// that aborts the write with nothing written (e.g. ConditionalCheckFailed).
using ComputeNewImage =
    std::function<Result<std::optional<Item>>(const std::optional<Item>& old_item)>;

class WritePath {
 public:
  WritePath(Storage* storage, LockTable* locks) : storage_(storage), locks_(locks) {}

  // Errors: whatever `compute` returns; kInternal on I/O failure.
  Result<WriteOutcome> Apply(Table& table, const std::string& key, const ComputeNewImage& compute);

 private:
  Storage* storage_;
  LockTable* locks_;
};

}  // namespace monotable
