#include "engine/storage/perf_counters.h"

#include <rocksdb/perf_level.h>

namespace monotable {

void QuietPerfCounters() {
  thread_local bool quiet = false;  // static TLS of the executable: a plain load
  if (quiet) return;
  rocksdb::SetPerfLevel(rocksdb::PerfLevel::kDisable);
  quiet = true;
}

}  // namespace monotable
