#pragma once
// Consumed capacity by DynamoDB's rules: reads cost one unit per 4 KB (rounded up,
// at least one; half for eventually consistent reads), writes one unit per 1 KB of
// the larger of the old and new item (at least one); transactional work costs twice.
// Every operation reports what it consumed here, whether or not the client asked
// (ReturnConsumedCapacity only decides what the response shows), so the throughput
// simulation can charge the same figures.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/attribute_value.h"

namespace monotable {

// Read and write units consumed on one table or index.
struct Capacity {
  double read_units = 0;
  double write_units = 0;

  double total() const { return read_units + write_units; }
  Capacity& operator+=(const Capacity& other) {
    read_units += other.read_units;
    write_units += other.write_units;
    return *this;
  }
};

// What one operation consumed on one table and its secondary indexes.
struct ConsumedCapacity {
  std::string table_name;
  Capacity table;
  std::map<std::string, Capacity> global_secondary_indexes;
  std::map<std::string, Capacity> local_secondary_indexes;

  Capacity Total() const;
  // Adds another operation's consumption on the same table.
  ConsumedCapacity& operator+=(const ConsumedCapacity& other);
};

// Where a Query or Scan page is charged: the table, or the index read (an LSI read
// that fetches attributes from the table also charges the table for those items).
struct ReadCharge {
  std::string index_name;  // empty: the table
  bool global_index = false;

  // `stored_units`: the read units of the entries read where the page reads (their
  // bytes rounded up once for a Query, per partition for a Scan); `fetched_bytes`: the
  // table items fetched for them, rounded up once, as DynamoDB does for a page.
  ConsumedCapacity ForPage(const std::string& table_name, double stored_units,
                           uint64_t fetched_bytes, bool consistent) const;
};

namespace capacity {

inline constexpr uint64_t kReadUnitBytes = 4096;
inline constexpr uint64_t kWriteUnitBytes = 1024;

// Units for reading `bytes` (summed over the items read): ⌈bytes / 4 KB⌉, at least 1,
// halved for an eventually consistent read.
double ReadUnits(uint64_t bytes, bool consistent);

// Units for writing an item of `bytes`: ⌈bytes / 1 KB⌉, at least 1.
double WriteUnits(uint64_t bytes);

// A single-item write (Put, Update, Delete): sized by the larger of the old and new
// item; a write that finds nothing and writes nothing still costs one unit.
double ItemWriteUnits(const std::optional<Item>& old_item, const std::optional<Item>& new_item);

// Transactional work: DynamoDB prepares and then commits every item of a transaction,
// so each unit counts twice.
ConsumedCapacity Transactional(ConsumedCapacity consumed);

// Adds `consumed` to the entry of its table in `per_table`, appending an entry for a
// table not seen yet (batch and transaction responses list tables in request order).
void AddPerTable(std::vector<ConsumedCapacity>& per_table, const ConsumedCapacity& consumed);

// A single-item read (GetItem, one key of BatchGetItem): a missing item costs as an
// empty one.
double ItemReadUnits(const std::optional<Item>& item, bool consistent);

}  // namespace capacity
}  // namespace monotable
