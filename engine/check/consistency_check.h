#pragma once
// The consistency check: recomputes, from a table's items, what every derived record of
// the table must hold, and compares. A diagnosis tool (`monotable check --db-path`) and
// the oracle of the crash tests (tests/integration/test_crash_consistency.py), so it
// reads everything: O(items + entries) time, O(entries of one index) memory.
//
// Checked, per table, as of one RocksDB snapshot:
//   - the table's statistics record (ItemCount, TableSizeBytes) against its items;
//   - each secondary index that is not backfilling: its entries exactly those of the
//     qualifying items (key and projected value), and its statistics record;
//   - with Time to Live enabled and not backfilling: the expiry index, exactly
//     (ttl::Verify).
// Not checked: item collection sizes (tables with LSIs) and stream records (whose
// exactness only the writer knows; the crash test checks them through the API).
//
// Thread-safety: reads only, from a snapshot; safe beside writes, but a backfill that
// finishes meanwhile is reported as skipped.

#include "engine/api/consistency_report.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace monotable::check {

// Checks every table of the catalog. Errors: kInternal when a read fails or a record
// does not decode (reported as an error, not as a problem: nothing can be compared).
Result<ConsistencyReport> CheckConsistency(const Storage& storage, const Catalog& catalog);

}  // namespace monotable::check
