#pragma once
// `monotable check --db-path DIR`: opens a data directory (recovering it as a start
// would), runs the engine's consistency check (engine/check/consistency_check.h) and
// prints what it found. For diagnosis and the crash tests; not while a server runs on
// the same directory (RocksDB's lock refuses it).

#include "server/config.h"

namespace monotable::server {

// Prints the report to stdout (problems and skipped checks one per line, then a
// summary). Returns the process exit code: 0 consistent, 1 problems found or the
// directory could not be opened or read (the reason logged).
int RunCheckCommand(const Config& config);

}  // namespace monotable::server
