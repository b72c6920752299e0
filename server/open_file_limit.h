#pragma once
// The process's open-file limit, which bounds how many connections it can hold.
//
// Thread-safety: call at start-up, before other threads open files.

#include <cstdint>

namespace monotable::server {

// Raises the soft RLIMIT_NOFILE to the hard limit (a no-op where it may not), then
// returns `wanted` or, when the limit cannot hold that many connections besides the
// descriptors RocksDB and the process keep for themselves, the most it can hold (at
// least 1), with a warning in the log.
int64_t FitConnectionsToOpenFileLimit(int64_t wanted);

}  // namespace monotable::server
