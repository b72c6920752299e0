#pragma once
// The realistic defaults the switches turn on (docs/REALISM.md): `--profile production`
// (every behaviour at once) and DynamoDB Local's -delayTransientStatuses (its index
// statuses only). Each stays overridable by its own option.
//
// Thread-safety: constants. Errors: none.

#include <cstdint>

#include "engine/base/delay_range.h"
#include "engine/schema/transient_status.h"

namespace monotable::server {

// How far behind the latest state reads are (docs/EVENTUAL_CONSISTENCY.md): eventually
// consistent table and LSI reads, GSI reads, and stream records; all off by default.
struct ReadDelays {
  DelayRange eventual_reads;  // --eventual-consistency-delay MS or MIN-MAX
  DelayRange gsi_lag;         // --gsi-lag MS or MIN-MAX
  int64_t streams_ms = 0;     // --streams-delay MS
  uint64_t seed = 0;          // --staleness-seed N: of the per-request draws
};

// --profile production's: DynamoDB's GSIs catch up "within a fraction of a second, under
// normal conditions" (Developer Guide, "Data synchronization between tables and Global
// Secondary Indexes"), so a GSI read is 100 to 500 ms behind; an eventually consistent
// table read "may not reflect the results of a recently completed write" ("DynamoDB
// read consistency"), up to 100 ms behind; stream records, written "in near-real
// time", readable after 200 ms. Long enough that a read right after a write misses it,
// short enough that a test which polls (as it must against DynamoDB) stays quick.
inline constexpr ReadDelays kProductionReadDelays{
    .eventual_reads = {0, 100}, .gsi_lag = {100, 500}, .streams_ms = 200};

// --profile production: a table CREATING for 2 s, UPDATING for 1 s and DELETING for 2 s;
// a new GSI CREATING and backfilling for 5 s, a deleted one DELETING for 2 s. DynamoDB
// takes seconds to minutes for these; short enough that a test suite that waits for
// them (as it must against DynamoDB) stays quick.
inline constexpr TransientStatusDelays kProductionTransientDelays{.create_table_ms = 2000,
                                                                  .update_table_ms = 1000,
                                                                  .delete_table_ms = 2000,
                                                                  .create_index_ms = 5000,
                                                                  .delete_index_ms = 2000};

// -delayTransientStatuses: DynamoDB Local's usage text says it "Currently works only for
// CREATING and DELETING online index statuses"; its delays are not documented, so
// those of the production profile.
inline constexpr TransientStatusDelays kDynamoDbLocalTransientDelays{
    .create_index_ms = kProductionTransientDelays.create_index_ms,
    .delete_index_ms = kProductionTransientDelays.delete_index_ms};

}  // namespace monotable::server
