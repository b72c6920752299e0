#pragma once
// Query and Scan: one page of at most Limit items evaluated and 1 MB read, from a
// consistent snapshot of one table or index, without item locks. Thread-safe.

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace monotable {

// `clock` (may be null): see ResolveReadTarget. `state` (may be null: the latest) is the
// state of the database the page reads, table and index alike (engine/staleness).
// Errors: kValidation (key conditions, ExclusiveStartKey, IndexName: read_target.h;
// a filter on key attributes), kInternal.
Result<ReadPage> QueryPage(const Storage& storage, const Table& table, const QueryRequest& request,
                           const Clock* clock = nullptr, const rocksdb::Snapshot* state = nullptr);

// Errors: kValidation (ExclusiveStartKey outside the segment, IndexName), kInternal.
Result<ReadPage> ScanPage(const Storage& storage, const Table& table, const ScanRequest& request,
                          const Clock* clock = nullptr, const rocksdb::Snapshot* state = nullptr);

}  // namespace monotable
