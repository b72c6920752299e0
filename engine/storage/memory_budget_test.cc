#include "engine/storage/memory_budget.h"

#include <gtest/gtest.h>

namespace monotable {
namespace {

constexpr size_t kMiB = size_t{1} << 20;

TEST(MemoryBudget, MemtablesGetHalfButNeverLessThanTheFloor) {
  EXPECT_EQ(MemtableBudgetBytes(512 * kMiB), 256 * kMiB);
  EXPECT_EQ(MemtableBudgetBytes(128 * kMiB), 64 * kMiB);
  EXPECT_EQ(MemtableBudgetBytes(8 * kMiB), kMinMemtableBudgetBytes);
}

TEST(MemoryBudget, MemtablesAreChargedToTheReturnedCache) {
  rocksdb::DBOptions db_options;
  std::shared_ptr<rocksdb::Cache> cache = ApplyMemoryBudget(128 * kMiB, &db_options);
  ASSERT_NE(cache, nullptr);
  EXPECT_EQ(cache->GetCapacity(), 128 * kMiB);
  ASSERT_NE(db_options.write_buffer_manager, nullptr);
  EXPECT_EQ(db_options.write_buffer_manager->buffer_size(), 64 * kMiB);
  EXPECT_TRUE(db_options.write_buffer_manager->cost_to_cache());
  // Memory the memtables take is reserved in the cache.
  db_options.write_buffer_manager->ReserveMem(4 * kMiB);
  EXPECT_GE(cache->GetUsage(), 4 * kMiB);
  db_options.write_buffer_manager->FreeMem(4 * kMiB);
}

TEST(MemoryBudget, TablesReadIndexAndFilterBlocksThroughTheCache) {
  rocksdb::DBOptions db_options;
  std::shared_ptr<rocksdb::Cache> cache = ApplyMemoryBudget(64 * kMiB, &db_options);
  rocksdb::BlockBasedTableOptions table;
  UseBlockCache(cache, &table);
  EXPECT_EQ(table.block_cache, cache);
  EXPECT_TRUE(table.cache_index_and_filter_blocks);
  EXPECT_TRUE(table.pin_l0_filter_and_index_blocks_in_cache);
}

}  // namespace
}  // namespace monotable
