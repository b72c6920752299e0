#pragma once
// RocksDB's perf counters (perf_context), which nothing in monotable reads.

namespace monotable {

// Turns RocksDB's perf counters off for the calling thread; called on the hot paths
// (Storage::Write, an item's Get). The default level counts, and each counter then
// costs a thread-local lookup through __tls_get_addr (RocksDB is a shared library):
// about a dozen per request. The level is per thread and stays off, so a thread's
// first write or item read turns it off for all it does after. Cheap and idempotent;
// thread-safe (it touches only the calling thread's state).
void QuietPerfCounters();

}  // namespace monotable
