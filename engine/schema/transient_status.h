#pragma once
// Transient statuses: how long a table or index shows DynamoDB's in-between statuses
// (CREATING, UPDATING, DELETING) before it settles, for tests that must wait as they
// would against DynamoDB ("CreateTable is an asynchronous operation ... You can perform
// read and write operations only on an ACTIVE table", API Reference). Every delay is 0
// by default: tables and indexes are ACTIVE at once.
//
// A table or index is created, changed and dropped at once as before; what a delay
// adds is a deadline kept in its definition (in memory only), against which its status
// is shown and its requests are refused. No background work: the clock alone moves it
// on, so a fake clock makes every delay exact in tests.
//
// Thread-safety: pure functions on values. Errors: none.

#include <cstdint>

#include "engine/schema/table_schema.h"

namespace monotable {

struct TransientStatusDelays {
  int64_t create_table_ms = 0;  // CREATING after CreateTable (item requests refused)
  int64_t update_table_ms = 0;  // UPDATING after UpdateTable
  int64_t delete_table_ms = 0;  // DELETING after DeleteTable, until the name is free
  int64_t create_index_ms = 0;  // a GSI UpdateTable adds: CREATING, Backfilling
  int64_t delete_index_ms = 0;  // a GSI UpdateTable deletes: DELETING
  bool any() const {
    return create_table_ms > 0 || update_table_ms > 0 || delete_table_ms > 0 ||
           create_index_ms > 0 || delete_index_ms > 0;
  }
};

// Sets the deadlines of `next` as CreateTable (`current` null) or UpdateTable (from
// `current`) leaves it at `now_ms`: the table's CREATING or UPDATING, and CREATING for
// each GSI that `current` lacks.
void StartTransientStatuses(TableDefinition& next, const TableDefinition* current,
                            const TransientStatusDelays& delays, int64_t now_ms);

// True while the table is shown CREATING by its delay (its item requests refused).
inline bool ShownCreating(const TableDefinition& table, int64_t now_ms) {
  return now_ms < table.creating_until_ms;
}
// True while the index is shown CREATING by its delay (its reads refused).
inline bool ShownCreating(const SecondaryIndexDefinition& index, int64_t now_ms) {
  return now_ms < index.creating_until_ms;
}
// True when `table` has a deadline still to come (so describing it needs the clock).
bool HasTransientDeadline(const TableDefinition& table, int64_t now_ms);

// The statuses DescribeTable shows at `now_ms`: a CREATING table with its GSIs
// CREATING; a GSI CREATING and Backfilling until its deadline, the table UPDATING
// meanwhile and until its own UPDATING deadline.
void ShowTransientStatuses(TableDefinition& shown, int64_t now_ms);

}  // namespace monotable
