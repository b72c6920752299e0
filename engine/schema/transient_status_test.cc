// The transient statuses' deadlines and what DescribeTable shows against them.

#include "engine/schema/transient_status.h"

#include <gtest/gtest.h>

namespace monotable {
namespace {

TableDefinition Table() {
  TableDefinition t;
  t.name = "T";
  SecondaryIndexDefinition old_index;
  old_index.name = "old";
  t.global_secondary_indexes.push_back(old_index);
  return t;
}

TEST(TransientStatusTest, NoDelaysNoDeadlines) {
  TableDefinition t = Table();
  StartTransientStatuses(t, nullptr, {}, 100);
  EXPECT_EQ(t.creating_until_ms, 0);
  EXPECT_FALSE(HasTransientDeadline(t, 100));
  TableDefinition shown = t;
  ShowTransientStatuses(shown, 100);
  EXPECT_EQ(shown.status, TableStatus::kActive);
  EXPECT_FALSE(TransientStatusDelays{}.any());
}

TEST(TransientStatusTest, ACreatedTableAndItsIndexesAreCreating) {
  TableDefinition t = Table();
  StartTransientStatuses(t, nullptr, {.create_table_ms = 50}, 100);
  EXPECT_EQ(t.creating_until_ms, 150);
  TableDefinition shown = t;
  ShowTransientStatuses(shown, 149);
  EXPECT_EQ(shown.status, TableStatus::kCreating);
  EXPECT_EQ(shown.global_secondary_indexes[0].status, IndexStatus::kCreating);
  EXPECT_FALSE(shown.global_secondary_indexes[0].backfilling);
  EXPECT_TRUE(ShownCreating(t, 149));
  EXPECT_FALSE(ShownCreating(t, 150));
  shown = t;
  ShowTransientStatuses(shown, 150);
  EXPECT_EQ(shown.status, TableStatus::kActive);
}

TEST(TransientStatusTest, AnUpdateDelaysOnlyTheIndexesItAdds) {
  const TableDefinition current = Table();
  TableDefinition next = current;
  SecondaryIndexDefinition added;
  added.name = "new";
  next.global_secondary_indexes.push_back(added);
  StartTransientStatuses(next, &current, {.update_table_ms = 10, .create_index_ms = 40}, 100);
  EXPECT_EQ(next.updating_until_ms, 110);
  EXPECT_EQ(next.global_secondary_indexes[0].creating_until_ms, 0);
  EXPECT_EQ(next.global_secondary_indexes[1].creating_until_ms, 140);
  TableDefinition shown = next;
  ShowTransientStatuses(shown, 120);  // the table's own delay is over, the index's is not
  EXPECT_EQ(shown.status, TableStatus::kUpdating);
  EXPECT_EQ(shown.global_secondary_indexes[0].status, IndexStatus::kActive);
  EXPECT_EQ(shown.global_secondary_indexes[1].status, IndexStatus::kCreating);
  EXPECT_TRUE(shown.global_secondary_indexes[1].backfilling);
  EXPECT_TRUE(HasTransientDeadline(next, 139));
  EXPECT_FALSE(HasTransientDeadline(next, 140));
}

}  // namespace
}  // namespace monotable
