#pragma once
// Query and Scan: one page of at most Limit items evaluated and 1 MB read, from a
// consistent snapshot of one table or index, without item locks. Thread-safe.

#include <cstdint>
#include <functional>
#include <memory>

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace monotable {

// The state a Query page reads, once the hash of its partition key value is known (a
// GSI's lag is per index partition, engine/staleness/index_lag.h); null: the latest.
using PartitionState = std::function<std::shared_ptr<const rocksdb::Snapshot>(uint64_t)>;

// `clock` (may be null): see ResolveReadTarget. `state` (may be null: the latest) is the
// state of the database the page reads, table and index alike (engine/staleness);
// `by_partition`, when given, chooses it instead from the partition the page reads.
// Errors: kValidation (key conditions, ExclusiveStartKey, IndexName: read_target.h;
// a filter on key attributes), kInternal.
Result<ReadPage> QueryPage(const Storage& storage, const Table& table, const QueryRequest& request,
                           const Clock* clock = nullptr, const rocksdb::Snapshot* state = nullptr,
                           const PartitionState* by_partition = nullptr,
                           ItemTouches* touches = nullptr);

// Errors: kValidation (ExclusiveStartKey outside the segment, IndexName), kInternal.
Result<ReadPage> ScanPage(const Storage& storage, const Table& table, const ScanRequest& request,
                          const Clock* clock = nullptr, const rocksdb::Snapshot* state = nullptr);

}  // namespace monotable
