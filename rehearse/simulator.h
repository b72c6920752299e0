#pragma once
// The rehearsal: a discrete-event simulation that drives engine/throughput's model (the
// same Resource objects and AdmitBatch the server's admission uses) on a simulated
// clock, with requests generated from a workload. No storage and no HTTP.
//
// Time moves in ticks (Workload::tick_ms). In each tick every load's requests are
// shared out over its keys (key_space.h) and each group of identical requests (same
// keys, same operation, same units) is one AdmitBatch call, in a shuffled order so that
// no key is always served first. At each interval's end the model's per-partition
// rings, splits and capacity are read back into the report; at each minute's end auto
// scaling (auto_scaler.h) sees the minute's consumption and may update the capacity.
// A trace's requests (trace.h) are grouped per tick the same way.
//
// Thread-safety: Rehearse runs on the calling thread and shares nothing.
// Errors: kValidation for an interval the model's 600 s rings cannot give.

#include <cstdint>

#include "engine/base/status.h"
#include "rehearse/report.h"
#include "rehearse/trace.h"
#include "rehearse/workload.h"

namespace monotable::rehearse {

// Simulated time starts at 2026-01-01T00:00:00Z, a UTC midnight: the decrease quota's
// days begin with the rehearsal.
inline constexpr int64_t kRehearsalStartMs = 1'767'225'600'000;

struct RehearseOptions {
  // Seconds per report row; 0 picks 1 s for a rehearsal of up to an hour, else 60 s.
  int64_t interval_seconds = 0;
  bool partition_rows = true;  // per-partition rows (large for long rehearsals)
  // Replayed beside the phases' load; the rehearsal lasts as long as the longer.
  const Trace* trace = nullptr;
};

Result<Report> Rehearse(const Workload& workload, const RehearseOptions& options);

}  // namespace monotable::rehearse
