#pragma once
// The items one request touched, for the server's request log (--log-requests): each
// item's table or index, whether it was read or written, its key, its size and the
// units it consumed, so that `monotable rehearse --trace` can replay the request on
// its key's partition with its size. A request carries a collector only when logging
// is on (RequestContext::touches); otherwise nothing is recorded and nothing costs.
//
// Thread-safety: one collector belongs to one request (one thread). Errors: none.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/schema/table_schema.h"

namespace monotable {

struct ItemTouch {
  std::string table;
  std::string index;  // empty: the table
  bool write = false;
  // NULL (the default) for a read with no key: a Scan page, which reads the table's
  // partitions in turn rather than one key's (no sort key then either).
  AttributeValue partition_key;
  std::optional<AttributeValue> sort_key;
  uint64_t bytes = 0;  // the item's size (a write: the larger of its old and new image)
  double units = 0;    // read or write units consumed on the table or index
};

class ItemTouches {
 public:
  // Records the item of `key` (a key or a whole item: only the key attributes of
  // `table`'s schema are taken; a missing one is left NULL).
  void Record(const TableDefinition& table, const Item& key, bool write, uint64_t bytes,
              double units);
  // Records, on `index` (a GSI of `table`), the entry written or deleted that was made
  // of `image`: its key is the GSI's key attributes of `image` (a missing one NULL).
  void RecordIndexEntry(const TableDefinition& table, const SecondaryIndexDefinition& index,
                        const Item& image, uint64_t bytes, double units);
  void Add(ItemTouch touch) { items_.push_back(std::move(touch)); }

  const std::vector<ItemTouch>& items() const { return items_; }

 private:
  // Records on `table` (and `index`, empty: the table) the item whose key attributes
  // are `hash` and `range` (null: none) of `key`.
  void Keyed(const std::string& table, const std::string& index, const std::string& hash,
             const std::string* range, const Item& key, bool write, uint64_t bytes, double units);

  std::vector<ItemTouch> items_;
};

}  // namespace monotable
