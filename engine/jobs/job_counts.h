#pragma once
// JobCounts: what one kind of background job has done, copied out of its JobRunner for
// /metrics (Engine::Stats). A value type; thread-safety: none needed. Errors: none.

#include <cstdint>
#include <string>

namespace monotable::jobs {

struct JobCounts {
  std::string kind;       // the runner's kind: "gsi_backfill", "ttl_sweep", ...
  uint64_t runs = 0;      // runs ended: one-shot jobs, passes of periodic ones, queued jobs
  uint64_t failures = 0;  // of those, the ones that ended with an error (each one logged)
  uint64_t running = 0;   // threads running now
};

}  // namespace monotable::jobs
