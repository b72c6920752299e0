#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bench/histogram.h"
#include "bench/options.h"
#include "bench/request_templates.h"

namespace monotable::bench {

using Clock = std::chrono::steady_clock;

// What one phase of load does and when it stops. Shared read-only by all workers.
struct PhasePlan {
  // Preload: BatchWriteItem every item of the dataset exactly once (keys *
  // items_per_key of them, in order, 25 per request), then stop.
  // Otherwise: op on uniformly random keys until measure_end.
  bool preload = false;
  Op op = Op::kGet;
  double get_fraction = 0.5;
  uint64_t keys = 1;
  uint64_t items_per_key = 1;
  int limit = 10;  // of each Query
  // Keys were preloaded: a GetItem without "Item" or a Query returning fewer than
  // min(items_per_key, limit) items is an error.
  bool expect_items = false;
  // Requests issued before measure_start are warm-up: checked, but not counted in
  // requests or latency. No request is issued at or after measure_end.
  Clock::time_point measure_start;
  Clock::time_point measure_end;
  // Requests still unanswered here are abandoned (counted as I/O errors), so a
  // stalled server cannot keep the driver running.
  Clock::time_point hard_deadline;
  uint64_t max_requests = 0;  // measured requests across all workers; 0: unbounded
  // Open loop (--rate): requests per second over all `connections`, each request due
  // at its RateSchedule time from schedule_start, "measured" by its due time and its
  // latency counted from it. 0: closed loop, each connection sending its next request
  // as soon as the answer comes.
  double rate = 0;
  int connections = 1;
  Clock::time_point schedule_start;
};

// Counters shared by the workers of one phase (the only cross-thread state).
struct SharedCounters {
  std::atomic<uint64_t> next_preload_item{0};
  std::atomic<uint64_t> measured_issued{0};
};

// Results of one worker, or of all of them merged.
struct RunStats {
  // Measured requests that got an HTTP response, from the send (closed loop) or from
  // the due time (open loop).
  Histogram latency_ns;
  // Open loop only: the same requests from their actual send, i.e. the server's part
  // of latency_ns without the wait for a free connection.
  Histogram service_ns;
  uint64_t requests = 0;  // measured requests that got an HTTP response
  uint64_t reads = 0;     // GetItem and Query
  uint64_t writes = 0;    // PutItem, UpdateItem and BatchWriteItem
  uint64_t items = 0;     // items written by BatchWriteItem or returned by Query
  uint64_t misses = 0;    // measured GetItem without "Item", keys not known to exist
  // Errors count warm-up requests too: a run that saw any is suspect.
  uint64_t http_errors = 0;  // status other than 200, but for `conflicts`
  // TransactWriteItems cancelled only for TransactionConflict: DynamoDB's answer when
  // concurrent transactions touch one item, so the workload's outcome, not a fault.
  uint64_t conflicts = 0;
  // GetItem without "Item" or short Query for a preloaded key; BatchWriteItem with
  // UnprocessedItems.
  uint64_t missing_items = 0;
  uint64_t io_errors = 0;  // connect/read/write failures, abandoned requests
  // Open loop only. queued: measured requests that fell due while their connection
  // still waited for the previous answer, so went out late. unsent: measured requests
  // due before the window closed but not sent by then: the rate was not sustained.
  uint64_t queued = 0;
  uint64_t unsent = 0;
  Clock::time_point last_completion{};
  std::string first_error;

  uint64_t errors() const { return http_errors + missing_items + io_errors; }
  void Merge(const RunStats& other);
  void NoteError(std::string message);
};

class Connection;

// One io_context, run by one thread, driving a set of connections. Each connection
// keeps at most one request in flight (no pipelining), so N connections model N
// concurrent clients, as an SDK's connection pool does. Its connections are numbers
// first_connection.. of the plan's connections (their open-loop phase).
class Worker {
 public:
  Worker(const boost::asio::ip::tcp::endpoint& endpoint, const RequestContext& context,
         const PhasePlan& plan, SharedCounters& shared, int first_connection, int connections,
         uint64_t seed);
  ~Worker();
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  // Runs until every connection has stopped or the hard deadline passes.
  void Run();

  const RunStats& stats() const { return stats_; }

 private:
  void OnConnectionDone();

  // Hint 1: this io_context is only ever run by one thread, so Asio can skip locking.
  boost::asio::io_context io_{1};
  boost::asio::steady_timer deadline_timer_{io_};
  const PhasePlan& plan_;
  RunStats stats_;
  std::vector<std::unique_ptr<Connection>> connections_;
  int active_ = 0;
};

}  // namespace monotable::bench
