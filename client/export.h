#pragma once
// `monotable export`: every item of a table as DynamoDB's S3 export format,
// DynamoDB-JSON lines ({"Item":{"pk":{"S":"a"},...}}), by a parallel Scan (one
// thread and connection per segment, Segment/TotalSegments). Lines of different
// segments interleave; each line is written whole.

#include <cstdio>
#include <functional>
#include <memory>
#include <string>

#include "client/dynamo_client.h"
#include "client/progress.h"

namespace monotable::client {

using ClientFactory = std::function<std::unique_ptr<DynamoClient>()>;

struct ExportOptions {
  std::string table;
  int segments = 4;
};

// Errors: the first Scan error that retries could not cure (kValidation with the
// error's type and message), or a network failure (kInternal); the output then
// holds only part of the table.
Status RunExport(const ClientFactory& connect, const ExportOptions& options, std::FILE* out,
                 Progress& progress);

}  // namespace monotable::client
