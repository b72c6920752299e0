#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <cstdint>
#include <string>

#include "bench/histogram.h"
#include "bench/request_templates.h"

namespace monotable::bench {

// Results of one full parallel Scan, per segment or merged.
struct ScanStats {
  Histogram page_latency_ns;  // one sample per Scan request answered with 200
  uint64_t pages = 0;
  uint64_t items = 0;   // sum of the pages' Count
  uint64_t errors = 0;  // failed requests; each ends its segment
  std::string first_error;

  void Merge(const ScanStats& other);
};

// Scans the whole table once as `segments` parallel segments (Segment/TotalSegments),
// one thread and connection each, every segment following LastEvaluatedKey until the
// last page: how an application exports or migrates a table. Each page is bounded by
// the client's per-call timeout, so a stalled server ends the segment with an error.
ScanStats RunParallelScan(const boost::asio::ip::tcp::endpoint& endpoint,
                          const RequestContext& context, int segments);

}  // namespace monotable::bench
