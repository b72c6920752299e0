#pragma once
// The realistic defaults the switches turn on (docs/REALISM.md): `--profile production`
// (every behaviour at once) and DynamoDB Local's -delayTransientStatuses (its index
// statuses only). Each stays overridable by its own option.
//
// Thread-safety: constants. Errors: none.

#include "engine/schema/transient_status.h"

namespace monotable::server {

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
