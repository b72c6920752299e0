#include "engine/page_reader.h"

#include <rocksdb/iterator.h>

#include "engine/item_codec.h"

namespace monotable {
namespace {

// DynamoDB stops a Query or Scan page once it has read 1 MB of items.
constexpr size_t kMaxPageBytes = 1024 * 1024;

Item KeyOf(const std::vector<std::string>& key_names, const Item& item) {
  Item key;
  for (const auto& name : key_names) {
    auto it = item.find(name);
    if (it != item.end()) key.emplace(it->first, it->second);
  }
  return key;
}

}  // namespace

Result<ReadPage> ReadOnePage(rocksdb::Iterator& it, bool forward, const RangeClassifier& classify,
                             std::string_view skip_key, const PageSource& source,
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

    MT_ASSIGN_OR_RETURN(stored, item_codec::Decode({it.value().data(), it.value().size()}));
    std::optional<Item> resolved;
    if (source.resolve) {
      MT_ASSIGN_OR_RETURN(fetched, source.resolve(stored));
      if (!fetched) continue;
      resolved = std::move(fetched);
    }
    const Item& item = resolved ? *resolved : stored;
    ++page.scanned_count;
    bytes_read += ItemSize(item);
    if (request.filter.empty() || request.filter.Evaluate(&item)) {
      ++page.count;
      if (request.select != Select::kCount) {
        const auto& projection = request.projection ? request.projection : source.returned;
        page.items.push_back(projection ? projection->Apply(item) : item);
      }
    }
    if ((request.limit && page.scanned_count >= *request.limit) || bytes_read >= kMaxPageBytes) {
      last_item_key = KeyOf(source.key_names, stored);
      stopped_early = true;
      break;
    }
  }
  if (!it.status().ok()) return Status::Internal(it.status().ToString());
  if (stopped_early) page.last_evaluated_key = std::move(last_item_key);
  return page;
}

}  // namespace monotable
