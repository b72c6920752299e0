#pragma once
// `monotable rehearse WORKLOAD [--out DIR] [--interval SECONDS] [--prices FILE]
//                              [--trace FILE] [--no-partitions]`:
// reads a workload (docs/REHEARSE.md), rehearses it against the throughput model on a
// simulated clock, prints the summary and, with --out, writes the report files.
//
// Thread-safety: runs on the calling thread. Errors: the exit status (0 done, 1 the
// workload or prices file was refused or a file could not be written, 2 usage error),
// each with its reason on stderr.

#include <string>
#include <vector>

namespace monotable::rehearse {

inline bool IsRehearseCommand(const std::string& command) { return command == "rehearse"; }

// `args` starts with "rehearse".
int RunRehearseCommand(const std::vector<std::string>& args);

}  // namespace monotable::rehearse
