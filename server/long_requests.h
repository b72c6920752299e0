#pragma once
// Which GET requests may take long enough to hold an I/O thread for others to notice:
// the monitoring views (they walk every table's statistics), served on the WorkerPool
// (server/worker_pool.h). Which operations do is a trait of each in the protocol's
// table of routes (protocol/operations.h, Protocol::RunsOnWorker).
//
// Thread-safe (pure functions).

#include <string_view>

namespace monotable::server {

// `path`: a GET request's path (no query): true for the monitoring views.
bool IsLongGet(std::string_view path);

}  // namespace monotable::server
