#pragma once
// A recorded trace to replay (`monotable rehearse WORKLOAD --trace FILE`): the requests
// of a real run, on the workload's tables, at their recorded times. Two forms (the
// first with or without sort keys):
//   - CSV with the header `timestamp,operation,table,key,size`: timestamp in seconds
//     (fractions allowed; epoch or from any origin), a DynamoDB operation name, the
//     table, the partition key as a string (empty: spread over the table's keys) and
//     the item size in bytes (empty: 1,024); or with the header
//     `timestamp,operation,table,key,sort_key,size`, the sort key of each request too
//     (a string; empty: none), which places it in its item collection;
//   - the server's `--log-requests` lines (`... request op=PutItem table=T status=200
//     ...`, after spdlog's `YYYY-MM-DD HH:MM:SS.mmm` stamp). A line with an `items=`
//     field (protocol/touched_items.h: GetItem, PutItem, UpdateItem, DeleteItem,
//     BatchGetItem, BatchWriteItem, Query pages, Scan pages (no key: spread over the
//     partitions, as a Scan reads them in turn), the actions of TransactWriteItems and
//     TransactGetItems, and the PartiQL statements made of them) is one request per
//     item, on that item's table or GSI, on its key's partition (the key typed: S, N
//     or B hash as the server hashes them; a sort key places it in its item
//     collection), with its size and the units it consumed (a size or units of 0, a
//     throttled request's, count as an empty item). A line without one (a log from
//     before items were logged) carries no key and no size: the request is spread
//     over its table's keys and sized 1,024 bytes.
// Without items, reads are GetItem, BatchGetItem, Query, Scan and TransactGetItems
// (eventually consistent); writes are PutItem, UpdateItem, DeleteItem, BatchWriteItem
// and TransactWriteItems. Other operations (ExecuteStatement among them: a line
// without items does not say whether it read or wrote), tables and GSIs the workload
// does not name are skipped and counted. A request the recorded run refused is
// replayed too: the rehearsal decides. A logged write that changed GSI entries names
// them (TABLE:INDEX write items, the GSI's keys): each is a write of its own on the
// GSI's partition, and that line's table writes charge no GSI. Any other recorded write
// (CSV, a line without GSI entries) charges every GSI of its table, spread over the
// GSI's keys.
//
// Thread-safety: value types and pure functions. Errors: kValidation naming the line.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"
#include "engine/throughput/throttling_reason.h"
#include "rehearse/workload.h"

namespace monotable::rehearse {

struct TraceRequest {
  int64_t ms = 0;  // from the trace's first request
  throughput::Op op = throughput::Op::kRead;
  uint32_t table = 0;    // index into Workload::tables
  std::string index;     // a GSI of the table (a logged Query page on it); empty: the table
  std::string key;       // as Contributor Insights names it; empty: spread
  uint64_t hash = 0;     // of the partition key, as the server hashes it (key not empty)
  std::string sort_key;  // encoded (key_codec, last component); empty: none
  uint64_t bytes = 1024;
  double units = 0;  // consumed, as logged; 0: from bytes
  // A write of the table also charges every GSI of its table, keys spread: true unless
  // its log line names the GSI entries its writes changed (replayed on their own).
  bool derive_gsis = true;
};

struct Trace {
  std::vector<TraceRequest> requests;  // by time
  uint64_t skipped = 0;
  int64_t duration_seconds() const { return requests.empty() ? 0 : requests.back().ms / 1000 + 1; }
};

// Either form, told apart by the CSV header on the first line.
Result<Trace> ParseTrace(std::string_view text, const Workload& workload);

}  // namespace monotable::rehearse
