#pragma once
// What the consistency check (engine/check/consistency_check.h) found: plain values,
// which the facade returns and the server prints.

#include <cstdint>
#include <string>
#include <vector>

namespace monotable {

struct ConsistencyReport {
  int64_t tables = 0;
  int64_t items = 0;
  int64_t index_entries = 0;
  // What differs, one line each ("table 'ns/t': statistics say 3 items ... but it holds
  // 4 items ..."); empty when consistent.
  std::vector<std::string> problems;
  // What could not be checked yet ("table 'ns/t': index 'g' is backfilling").
  std::vector<std::string> skipped;
};

}  // namespace monotable
