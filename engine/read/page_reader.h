#pragma once
// PageReader: the loop shared by Query and Scan. Walks a RocksDB iterator over one key
// range in either direction, decodes items, applies the filter and projection, and
// stops at Limit items evaluated or 1 MB read, recording the LastEvaluatedKey.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/capacity/capacity.h"
#include "engine/read/scan_partitions.h"
#include "engine/schema/table_schema.h"

namespace rocksdb {
class Iterator;
}

namespace monotable {

// Where a key lies relative to the range being read, in key order.
enum class RangePosition { kBefore, kInside, kAfter };

// Classifies a stored key against the range.
using RangeClassifier = std::function<RangePosition(std::string_view key)>;

// Turns a stored item (an index entry's projection) into the item to filter and
// return — an LSI reads the table's item — or nullopt to pass over it (deleted since).
using StoredItemResolver = std::function<Result<std::optional<Item>>(Item stored)>;

// Where the page's items come from.
struct PageSource {
  // The attributes of LastEvaluatedKey (table keys; for an index, index keys too).
  std::vector<std::string> key_names;
  StoredItemResolver resolve;  // empty: the stored item is the item
  // What is returned of each item when the request has no projection of its own (an
  // LSI read through to the table still returns only what it projects); nullopt: all.
  std::optional<expr::Projection> returned;
  ReadCharge charge;  // where the page's consumed capacity is charged
  // A Scan's: its read units are counted per partition (scan_partitions.h).
  std::optional<ScanPartitions> scan_partitions;
};

// Reads one page starting at the iterator's current position. `forward` selects
// Next() or Prev(); keys before the range (in iteration order) are skipped, the first
// key past it ends the page. `skip_key`, when not empty, is skipped if met first (the
// ExclusiveStartKey). Errors: kInternal (I/O, corrupt item), and the resolver's.
Result<ReadPage> ReadOnePage(rocksdb::Iterator& it, bool forward, const RangeClassifier& classify,
                             std::string_view skip_key, const PageSource& source,
                             const ReadPageRequest& request);

}  // namespace monotable
