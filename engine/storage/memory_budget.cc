#include "engine/storage/memory_budget.h"

#include <algorithm>

namespace monotable {

size_t MemtableBudgetBytes(size_t budget_bytes) {
  return std::max(budget_bytes / kMemtableShareDivisor, kMinMemtableBudgetBytes);
}

std::shared_ptr<rocksdb::Cache> ApplyMemoryBudget(size_t budget_bytes,
                                                  rocksdb::DBOptions* db_options) {
  std::shared_ptr<rocksdb::Cache> cache = rocksdb::NewLRUCache(budget_bytes);
  // Past the budget the largest memtable is flushed; the memory is reserved in the cache.
  db_options->write_buffer_manager = std::make_shared<rocksdb::WriteBufferManager>(
      MemtableBudgetBytes(budget_bytes), cache, /*allow_stall=*/false);
  return cache;
}

void UseBlockCache(const std::shared_ptr<rocksdb::Cache>& cache,
                   rocksdb::BlockBasedTableOptions* table) {
  table->block_cache = cache;
  table->cache_index_and_filter_blocks = true;
  table->pin_l0_filter_and_index_blocks_in_cache = true;
}

}  // namespace monotable
