#pragma once
// `monotable import`: DynamoDB-JSON lines ({"Item": {...}}, the S3 export format)
// from a stream into an existing table with BatchWriteItem: 25 items a request,
// several writer threads (each with its own connection), UnprocessedItems resent with
// exponential backoff. Each line is checked with the protocol's own item codec first;
// a bad line, or an item the server refuses (a batch that fails validation is resent
// item by item to find it), is reported as "line N: reason" and the import goes on.

#include <cstdint>
#include <cstdio>

#include "client/export.h"

namespace monotable::client {

struct ImportOptions {
  std::string table;
  int writers = 4;
};

struct ImportResult {
  int64_t imported = 0;
  int64_t bad_lines = 0;
};

// `errors`: where bad lines are reported. Errors: an error no retry cures that is not
// about one item (the table does not exist, access denied, a network failure): the
// import stops, having written what it had.
Result<ImportResult> RunImport(const ClientFactory& connect, const ImportOptions& options,
                               std::FILE* in, std::FILE* errors, Progress& progress);

}  // namespace monotable::client
