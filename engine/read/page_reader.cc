#include "engine/read/page_reader.h"

#include <rocksdb/iterator.h>

#include "engine/base/limits.h"
#include "engine/capacity/capacity.h"
#include "engine/format/item_codec.h"
#include "engine/format/key_codec.h"
#include "engine/storage/rocks_status.h"

namespace monotable {
namespace {

// DynamoDB stops a Query or Scan page once it has read 1 MB of items.
constexpr size_t kMaxPageBytes = limits::kMaxPageBytes;

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
  size_t stored_bytes = 0;   // of the entries read where the page reads (table or index)
  size_t fetched_bytes = 0;  // of the table items an LSI read fetches
  bool first = true;
  std::optional<Item> last_item_key;
  bool stopped_early = false;
  std::optional<ScanPartitionTally> tally;
  if (source.scan_partitions) tally.emplace(*source.scan_partitions);
  uint64_t last_hash = 0;  // of the last entry read
  const auto& projection = request.projection ? request.projection : source.returned;
  const bool keep_items = request.select != Select::kCount;
  // Most reads return whole stored items: those go to the page as stored bytes, never
  // decoded. Only a filter, a projection or an LSI's fetch needs to look inside.
  const bool decode = source.resolve || !request.filter.empty() || projection;
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

    std::string_view bytes(it.value().data(), it.value().size());
    auto page_full = [&] {
      return (request.limit && page.scanned_count >= *request.limit) || bytes_read >= kMaxPageBytes;
    };
    if (!decode) {
      MT_ASSIGN_OR_RETURN(item_bytes, item_codec::EncodedItemSize(bytes));
      ++page.scanned_count;
      bytes_read += item_bytes;
      stored_bytes += item_bytes;
      last_hash = key_codec::HashOfKey(key);
      if (tally) tally->Add(last_hash, item_bytes);
      ++page.count;
      if (keep_items) page.items.emplace_back(bytes);
      if (page_full()) {
        MT_ASSIGN_OR_RETURN(item_key, item_codec::DecodeAttributes(bytes, source.key_names));
        last_item_key = std::move(item_key);
        stopped_early = true;
        break;
      }
      continue;
    }

    MT_ASSIGN_OR_RETURN(stored, item_codec::Decode(bytes));
    std::optional<Item> resolved;
    if (source.resolve) {
      MT_ASSIGN_OR_RETURN(fetched, source.resolve(stored));
      if (!fetched) continue;
      resolved = std::move(fetched);
    }
    const Item& item = resolved ? *resolved : stored;
    ++page.scanned_count;
    const size_t item_bytes = ItemSize(item);
    bytes_read += item_bytes;
    const size_t stored_item_bytes = resolved ? ItemSize(stored) : item_bytes;
    stored_bytes += stored_item_bytes;
    last_hash = key_codec::HashOfKey(key);
    if (tally) tally->Add(last_hash, stored_item_bytes);
    if (resolved) fetched_bytes += item_bytes;
    if (request.filter.empty() || request.filter.Evaluate(&item)) {
      ++page.count;
      if (keep_items) {
        if (projection) {
          page.items.push_back(item_codec::Encode(projection->Apply(item)));
        } else if (resolved) {
          page.items.push_back(item_codec::Encode(item));
        } else {
          page.items.emplace_back(bytes);  // a filter passed the stored item as it is
        }
      }
    }
    if (page_full()) {
      last_item_key = KeyOf(source.key_names, stored);
      stopped_early = true;
      break;
    }
  }
  if (!it.status().ok()) return FromRocks(it.status(), "reading a page");
  if (stopped_early) page.last_evaluated_key = std::move(last_item_key);
  page.bytes_read = bytes_read;
  const double stored_units =
      tally ? tally->Units(request.consistent_read,
                           stopped_early ? std::optional<uint64_t>(last_hash) : std::nullopt)
            : capacity::ReadUnits(stored_bytes, request.consistent_read);
  page.consumed = source.charge.ForPage(request.table_name, stored_units, fetched_bytes,
                                        request.consistent_read);
  return page;
}

}  // namespace monotable
