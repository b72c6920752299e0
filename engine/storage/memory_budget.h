#pragma once
// RocksDB's memory under one budget (--cache-mb), so that a long-running server's RSS
// levels off at a size the user chose instead of growing with the data:
// - the block cache, shared by every column family, holds data blocks and also each
//   file's index and filter blocks (otherwise table readers hold those outside any bound);
// - the memtables of all families together are limited by a WriteBufferManager whose
//   memory is charged to the same cache, so blocks are evicted as memtables grow.
// The cache's limit is not strict: with strict_capacity_limit a read that finds the cache
// full of pinned blocks fails ("Incomplete: Insert failed due to LRU cache being full"),
// which a client would see as a 500; a read goes over the limit briefly instead.
//
// Thread-safe: the objects returned are RocksDB's, shared by every family and thread.

#include <rocksdb/cache.h>
#include <rocksdb/options.h>
#include <rocksdb/table.h>
#include <rocksdb/write_buffer_manager.h>

#include <cstddef>
#include <memory>

namespace monotable {

// The memtables' share of the budget (half), never less than kMinMemtableBudgetBytes:
// every table and index keeps an empty memtable of about 130 KB, and once the empty ones
// alone pass the budget every write flushes one; 64 MB leaves room for about 450
// families (tables and indexes) besides the writes'.
inline constexpr size_t kMemtableShareDivisor = 2;
inline constexpr size_t kMinMemtableBudgetBytes = size_t{64} << 20;

size_t MemtableBudgetBytes(size_t budget_bytes);

// Creates the shared block cache of `budget_bytes` and puts the memtables under it in
// `db_options` (write_buffer_manager). Returns the cache for the families' table options.
std::shared_ptr<rocksdb::Cache> ApplyMemoryBudget(size_t budget_bytes,
                                                  rocksdb::DBOptions* db_options);

// Makes a family's tables read through `cache`, index and filter blocks included (those of
// level-0 files pinned: they are read by every lookup).
void UseBlockCache(const std::shared_ptr<rocksdb::Cache>& cache,
                   rocksdb::BlockBasedTableOptions* table);

}  // namespace monotable
