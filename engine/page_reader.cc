#include "engine/page_reader.h"

#include <rocksdb/iterator.h>

#include "engine/capacity.h"
#include "engine/item_codec.h"

namespace monotable {
namespace {

// DynamoDB stops a Query or Scan page once it has read 1 MB of items.
constexpr size_t kMaxPageBytes = 1024 * 1024;

Item KeyOf(const TableDefinition& table, const Item& item) {
  Item key;
  for (const auto& k : table.key_schema) {
    auto it = item.find(k.name);
    if (it != item.end()) key.emplace(it->first, it->second);
  }
  return key;
}

}  // namespace

Result<ReadPage> ReadOnePage(rocksdb::Iterator& it, bool forward, const RangeClassifier& classify,
                             std::string_view skip_key, const TableDefinition& table,
                             const ReadPageRequest& request) {
  ReadPage page;
  size_t bytes_read = 0;
  bool first = true;
  std::optional<Item> last_item_key;
  bool stopped_early = false;
  for (; it.Valid(); forward ? it.Next() : it.Prev()) {
    std::string_view key(it.key().data(), it.key().size());
    if (first && !skip_key.empty() && key == skip_key) {
      first = false;
      continue;
    }
    first = false;
    RangePosition position = classify(key);
    // "Before" and "after" are in key order; iterating backwards swaps their roles.
    if (position == (forward ? RangePosition::kAfter : RangePosition::kBefore)) break;
    if (position != RangePosition::kInside) continue;

    MT_ASSIGN_OR_RETURN(item, item_codec::Decode({it.value().data(), it.value().size()}));
    ++page.scanned_count;
    bytes_read += ItemSize(item);
    const bool page_full =
        (request.limit && page.scanned_count >= *request.limit) || bytes_read >= kMaxPageBytes;
    if (page_full) last_item_key = KeyOf(table, item);  // before the item is moved out
    if (request.filter.empty() || request.filter.Evaluate(&item)) {
      ++page.count;
      if (request.select != Select::kCount) {
        page.items.push_back(request.projection ? request.projection->Apply(item)
                                                : std::move(item));
      }
    }
    if (page_full) {
      stopped_early = true;
      break;
    }
  }
  if (!it.status().ok()) return Status::Internal(it.status().ToString());
  if (stopped_early) page.last_evaluated_key = std::move(last_item_key);
  // A page costs the sum of the sizes of the items read, rounded up once.
  page.consumed.table_name = request.table_name;
  page.consumed.table.read_units = capacity::ReadUnits(bytes_read, request.consistent_read);
  return page;
}

}  // namespace monotable
