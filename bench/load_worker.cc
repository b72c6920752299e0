#include "bench/load_worker.h"

#include <algorithm>
#include <boost/asio/buffer.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <functional>
#include <optional>
#include <utility>

#include "bench/json_scan.h"
#include "bench/rate_schedule.h"

namespace monotable::bench {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using boost::system::error_code;
using tcp = asio::ip::tcp;

namespace {

constexpr auto kReconnectDelay = std::chrono::milliseconds(100);
constexpr size_t kMaxErrorText = 500;
constexpr uint64_t kBatchWriteItems = 25;  // DynamoDB's maximum per BatchWriteItem
constexpr uint64_t kBatchGetKeys = 25;     // of DynamoDB's 100 per BatchGetItem

enum class RequestKind {
  kGet,
  kPut,
  kUpdate,
  kDelete,
  kQuery,
  kGsiQuery,
  kSelect,
  kBatchWrite,
  kBatchGet,
  kTransactWrite
};

const char* OperationName(RequestKind kind) {
  switch (kind) {
    case RequestKind::kGet: return "GetItem";
    case RequestKind::kPut: return "PutItem";
    case RequestKind::kUpdate: return "UpdateItem";
    case RequestKind::kDelete: return "DeleteItem";
    case RequestKind::kQuery:
    case RequestKind::kGsiQuery: return "Query";
    case RequestKind::kSelect: return "ExecuteStatement";
    case RequestKind::kBatchWrite: return "BatchWriteItem";
    case RequestKind::kBatchGet: return "BatchGetItem";
    case RequestKind::kTransactWrite: return "TransactWriteItems";
  }
  return "?";
}

bool IsRead(RequestKind kind) {
  return kind == RequestKind::kGet || kind == RequestKind::kQuery ||
         kind == RequestKind::kGsiQuery || kind == RequestKind::kSelect ||
         kind == RequestKind::kBatchGet;
}

// Items in an ExecuteStatement or BatchGetItem response: every bench item has a "PK"
// attribute, and Items comes before LastEvaluatedKey (which has one too); a BatchGetItem
// is counted only once its UnprocessedKeys are known to be empty.
uint64_t CountItems(std::string_view body) {
  body = body.substr(0, body.find("\"LastEvaluatedKey\""));
  uint64_t count = 0;
  for (size_t at = body.find("\"PK\":"); at != std::string_view::npos;
       at = body.find("\"PK\":", at + 1)) {
    ++count;
  }
  return count;
}

// xoshiro256**: fast, and good enough to spread keys uniformly; std::mt19937_64
// would also do, but this keeps the per-request cost to a few instructions.
class Rng {
 public:
  explicit Rng(uint64_t seed) {
    for (uint64_t& s : state_) {  // splitmix64 to spread a small seed over 256 bits
      seed += 0x9e3779b97f4a7c15ULL;
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      s = z ^ (z >> 31);
    }
  }
  uint64_t Next() {
    const uint64_t result = Rotl(state_[1] * 5, 7) * 9;
    const uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = Rotl(state_[3], 45);
    return result;
  }
  // Uniform in [0, n) by multiply-shift; the bias is below 2^-40 for n < 2^24.
  uint64_t Below(uint64_t n) {
    return static_cast<uint64_t>((static_cast<unsigned __int128>(Next()) * n) >> 64);
  }
  double NextDouble() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }

 private:
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t state_[4];
};

std::string Truncate(std::string_view text) {
  if (text.size() <= kMaxErrorText) return std::string(text);
  return std::string(text.substr(0, kMaxErrorText)) + "...";
}

}  // namespace

void RunStats::NoteError(std::string message) {
  if (first_error.empty()) first_error = std::move(message);
}

void RunStats::Merge(const RunStats& other) {
  latency_ns.Merge(other.latency_ns);
  service_ns.Merge(other.service_ns);
  requests += other.requests;
  reads += other.reads;
  writes += other.writes;
  items += other.items;
  misses += other.misses;
  http_errors += other.http_errors;
  conflicts += other.conflicts;
  missing_items += other.missing_items;
  io_errors += other.io_errors;
  queued += other.queued;
  unsent += other.unsent;
  last_completion = std::max(last_completion, other.last_completion);
  if (first_error.empty()) first_error = other.first_error;
}

// One keep-alive connection with one request in flight. Its state machine is
// connect -> ([wait for the due time ->] write -> read)* -> done, with a delayed
// reconnect after an I/O error or when the server closes the connection. Handlers capture `this`:
// connections live in their Worker, which outlives the io_context's run().
class Connection {
 public:
  Connection(asio::io_context& io, const tcp::endpoint& endpoint, const RequestContext& context,
             const PhasePlan& plan, SharedCounters& shared, RunStats& stats, int index,
             uint64_t seed, std::function<void()> on_done)
      : socket_(io),
        timer_(io),
        index_(index),
        endpoint_(endpoint),
        context_(context),
        plan_(plan),
        shared_(shared),
        stats_(stats),
        rng_(seed),
        on_done_(std::move(on_done)),
        get_(MakeGetItemTemplate(context)),
        put_(MakePutItemTemplate(context)),
        update_(MakeUpdateItemTemplate(context)),
        delete_(MakeDeleteItemTemplate(context)),
        next_delete_(rng_.Below(plan.keys)),
        query_(MakeQueryTemplate(context, plan.limit)),
        gsi_query_(MakeGsiQueryTemplate(context)),
        select_(MakeSelectTemplate(context, plan.limit)),
        batch_(MakeBatchWriteTemplate(context, DatasetOf(plan.op), kBatchWriteItems)) {
    if (plan.op == Op::kBatchGet) batch_get_ = MakeBatchGetTemplate(context, kBatchGetKeys);
    if (TransactionSize(plan.op) > 0) {
      transact_ = MakeTransactWriteTemplate(context, TransactionSize(plan.op));
    }
  }

  void Start() { Connect(); }

  // Hard deadline: abandon whatever is in flight and stop.
  void Abandon() {
    if (finished_) return;
    if (in_flight_) {
      ++stats_.io_errors;
      stats_.NoteError("no response before the hard deadline (server stalled?)");
    }
    Finish();
  }

 private:
  void Connect() {
    socket_.async_connect(endpoint_, [this](const error_code& ec) {
      if (finished_) return;
      if (ec) return OnIoError("connect", ec);
      socket_.set_option(tcp::no_delay(true));
      waited_for_answer_ = false;
      SendOrSchedule();
    });
  }

  // Open loop: sends the next request at its due time, waiting for it if early.
  void SendWhenDue() {
    if (!schedule_) {  // the plan's times are set after the connections are built
      schedule_.emplace(plan_.schedule_start, plan_.rate, plan_.connections, index_);
    }
    if (!due_) due_ = schedule_->Next();
    const Clock::time_point now = Clock::now();
    if (*due_ >= plan_.measure_end) return Finish();
    if (now >= plan_.measure_end) {
      // Behind schedule when the window closed: count what would still have gone out.
      for (; *due_ < plan_.measure_end; due_ = schedule_->Next()) {
        stats_.unsent += *due_ >= plan_.measure_start;
      }
      return Finish();
    }
    if (now < *due_) {
      timer_.expires_at(*due_);
      return timer_.async_wait([this](const error_code& ec) {
        if (ec || finished_) return;
        SendNext(*std::exchange(due_, std::nullopt));
      });
    }
    // Due already: the previous answer (or a reconnect) came after this request's time.
    stats_.queued += waited_for_answer_ && *due_ >= plan_.measure_start;
    SendNext(*std::exchange(due_, std::nullopt));
  }

  // Closed loop: sends right away. Open loop: goes through the schedule.
  void SendOrSchedule() {
    if (plan_.rate > 0 && !plan_.preload) return SendWhenDue();
    SendNext(Clock::now());
  }

  // Sends the next request; `due` is when it should have gone out (now, in a closed
  // loop): it is measured by that time, and its latency counts from it.
  void SendNext(Clock::time_point due) {
    const Clock::time_point now = Clock::now();
    RequestTemplate* request = nullptr;
    if (plan_.preload) {
      const uint64_t first =
          shared_.next_preload_item.fetch_add(kBatchWriteItems, std::memory_order_relaxed);
      if (!PrepareBatch(first) || now >= plan_.hard_deadline) return Finish();
      request = &batch_;
      kind_ = RequestKind::kBatchWrite;
      measured_ = true;
    } else {
      if (now >= plan_.measure_end) return Finish();
      measured_ = due >= plan_.measure_start;
      if (measured_ && plan_.max_requests != 0 &&
          shared_.measured_issued.fetch_add(1, std::memory_order_relaxed) >= plan_.max_requests) {
        return Finish();
      }
      kind_ = NextKind();
      request = TemplateOf(kind_);
      if (kind_ == RequestKind::kBatchWrite || kind_ == RequestKind::kBatchGet) {
        SpreadBatchKeys(*request,
                        kind_ == RequestKind::kBatchWrite ? kBatchWriteItems : kBatchGetKeys);
      } else {
        // A delete walks the keys, so that it finds an item until the walk wraps.
        key_ = kind_ == RequestKind::kDelete ? next_delete_++ % plan_.keys : rng_.Below(plan_.keys);
        request->SetKey(key_);
      }
    }
    in_flight_ = true;
    due_at_ = due;
    sent_at_ = now;
    asio::async_write(socket_, asio::buffer(request->bytes()),
                      [this](const error_code& ec, size_t) {
                        if (finished_) return;
                        if (ec) return OnIoError("write", ec);
                        ReadResponse();
                      });
  }

  // Loads the items [first, first + 25) of the dataset, or fewer at its end, into
  // batch_. False when first is past the end.
  bool PrepareBatch(uint64_t first) {
    const uint64_t total = plan_.keys * plan_.items_per_key;
    if (first >= total) return false;
    const Dataset dataset = DatasetOf(plan_.op);
    batch_items_ = std::min(kBatchWriteItems, total - first);
    if (batch_items_ != kBatchWriteItems) {  // the short last batch, built once
      batch_ = MakeBatchWriteTemplate(context_, dataset, batch_items_);
    }
    const size_t slots = SlotsPerItem(dataset);
    for (uint64_t i = 0; i < batch_items_; ++i) {
      const uint64_t item = first + i;
      batch_.SetKey(i * slots, item / plan_.items_per_key);
      if (dataset == Dataset::kOrders) batch_.SetKey(i * slots + 1, item % plan_.items_per_key);
    }
    return true;
  }

  // A measured BatchWriteItem or BatchGetItem of `count` profiles: distinct keys (when
  // there are that many), spread over the key space from a random one.
  void SpreadBatchKeys(RequestTemplate& request, uint64_t count) {
    batch_items_ = count;
    const uint64_t stride = std::max<uint64_t>(1, plan_.keys / count);
    const uint64_t first = rng_.Below(plan_.keys);
    for (uint64_t i = 0; i < count; ++i) {
      request.SetKey(i * SlotsPerItem(Dataset::kProfiles), (first + i * stride) % plan_.keys);
    }
  }

  RequestKind NextKind() {
    switch (plan_.op) {
      case Op::kGet: return RequestKind::kGet;
      case Op::kPut: return RequestKind::kPut;
      case Op::kUpdate: return RequestKind::kUpdate;
      case Op::kDelete: return RequestKind::kDelete;
      case Op::kBatchWrite: return RequestKind::kBatchWrite;
      case Op::kBatchGet: return RequestKind::kBatchGet;
      case Op::kQuery: return RequestKind::kQuery;
      case Op::kGsiQuery: return RequestKind::kGsiQuery;
      case Op::kSelect: return RequestKind::kSelect;
      case Op::kMixed:
        return rng_.NextDouble() < plan_.get_fraction ? RequestKind::kGet : RequestKind::kPut;
      case Op::kTransact2:
      case Op::kTransact25: return RequestKind::kTransactWrite;
      case Op::kScan: break;  // driven by scan_driver, never by connections
    }
    return RequestKind::kGet;
  }

  RequestTemplate* TemplateOf(RequestKind kind) {
    switch (kind) {
      case RequestKind::kGet: return &get_;
      case RequestKind::kPut: return &put_;
      case RequestKind::kUpdate: return &update_;
      case RequestKind::kDelete: return &delete_;
      case RequestKind::kQuery: return &query_;
      case RequestKind::kGsiQuery: return &gsi_query_;
      case RequestKind::kSelect: return &select_;
      case RequestKind::kBatchWrite: return &batch_;
      case RequestKind::kBatchGet: return &batch_get_;
      case RequestKind::kTransactWrite: return &transact_;
    }
    return &get_;
  }

  void ReadResponse() {
    // A parser serves one message; emplacing reuses this connection's storage.
    parser_.emplace();
    parser_->body_limit(16 * 1024 * 1024);
    http::async_read(socket_, read_buffer_, *parser_, [this](const error_code& ec, size_t) {
      if (finished_) return;
      if (ec) return OnIoError("read", ec);
      OnResponse();
    });
  }

  void OnResponse() {
    const Clock::time_point now = Clock::now();
    in_flight_ = false;
    const http::response<http::string_body>& response = parser_->get();
    if (measured_) {
      stats_.latency_ns.Record(Nanos(now - due_at_));
      if (plan_.rate > 0) stats_.service_ns.Record(Nanos(now - sent_at_));
      ++stats_.requests;
      ++(IsRead(kind_) ? stats_.reads : stats_.writes);
      stats_.last_completion = now;
    }
    if (response.result_int() != 200 && IsTransactionConflict(response.body())) {
      ++stats_.conflicts;
    } else if (response.result_int() != 200) {
      ++stats_.http_errors;
      stats_.NoteError("HTTP " + std::to_string(response.result_int()) + " for " +
                       OperationName(kind_) + ": " + Truncate(response.body()));
    } else {
      CheckBody(response.body());
    }
    if (!response.keep_alive()) {
      // The server chose to close; that is legal HTTP, so reconnect without penalty.
      CloseSocket();
      return Connect();
    }
    waited_for_answer_ = true;
    SendOrSchedule();
  }

  static uint64_t Nanos(Clock::duration d) {
    return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(d).count());
  }

  // What a 200 response must hold: the item of a preloaded key, a full page of its
  // orders, no unprocessed items.
  void CheckBody(std::string_view body) {
    uint64_t found = 1;
    uint64_t expected = 1;
    switch (kind_) {
      case RequestKind::kGet: found = body.find("\"Item\"") != std::string::npos; break;
      case RequestKind::kQuery:
      case RequestKind::kGsiQuery:
      case RequestKind::kSelect:
        found = kind_ == RequestKind::kSelect ? CountItems(body)
                                              : FindJsonUint(body, "Count").value_or(0);
        expected = std::min<uint64_t>(plan_.items_per_key, plan_.limit);
        if (measured_) stats_.items += found;
        break;
      case RequestKind::kBatchWrite:
        if (!IsEmptyJsonObject(FindJsonObject(body, "UnprocessedItems"))) {
          ++stats_.missing_items;
          return stats_.NoteError("BatchWriteItem left UnprocessedItems: " + Truncate(body));
        }
        stats_.items += batch_items_;
        return;
      case RequestKind::kBatchGet:
        if (!IsEmptyJsonObject(FindJsonObject(body, "UnprocessedKeys"))) {
          ++stats_.missing_items;
          return stats_.NoteError("BatchGetItem left UnprocessedKeys: " + Truncate(body));
        }
        found = CountItems(body);
        expected = batch_items_;
        if (measured_) stats_.items += found;
        break;
      case RequestKind::kPut:
      case RequestKind::kUpdate:
      case RequestKind::kDelete:
      case RequestKind::kTransactWrite: return;
    }
    if (found >= expected) return;
    if (plan_.expect_items) {
      ++stats_.missing_items;
      char digits[kKeyDigits];
      FormatKey(key_, digits);
      stats_.NoteError(std::string(OperationName(kind_)) + " of preloaded key USER#" +
                       std::string(digits, kKeyDigits) + " returned " + std::to_string(found) +
                       " item(s), expected " + std::to_string(expected) + ": " + Truncate(body));
    } else if (measured_ && found == 0) {
      ++stats_.misses;
    }
  }

  void OnIoError(const char* what, const error_code& ec) {
    ++stats_.io_errors;
    stats_.NoteError(std::string(what) + ": " + ec.message());
    in_flight_ = false;
    CloseSocket();
    const Clock::time_point stop = plan_.preload ? plan_.hard_deadline : plan_.measure_end;
    if (Clock::now() + kReconnectDelay >= stop) return Finish();
    // Delay so that a server that is down does not turn this into a busy loop.
    timer_.expires_after(kReconnectDelay);
    timer_.async_wait([this](const error_code& wait_error) {
      if (wait_error || finished_) return;
      Connect();
    });
  }

  void CloseSocket() {
    error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
    read_buffer_.clear();
  }

  void Finish() {
    if (finished_) return;
    finished_ = true;
    CloseSocket();
    timer_.cancel();
    on_done_();
  }

  tcp::socket socket_;
  // The reconnect delay, or (open loop) the wait for the next due time; never both.
  asio::steady_timer timer_;
  const int index_;  // among the plan's connections: the open-loop phase
  const tcp::endpoint endpoint_;
  const RequestContext& context_;
  const PhasePlan& plan_;
  SharedCounters& shared_;
  RunStats& stats_;
  Rng rng_;
  std::function<void()> on_done_;
  RequestTemplate get_;
  RequestTemplate put_;
  RequestTemplate update_;
  RequestTemplate delete_;
  uint64_t next_delete_;  // the key the next DeleteItem deletes (mod keys)
  RequestTemplate query_;
  RequestTemplate gsi_query_;
  RequestTemplate select_;
  RequestTemplate batch_;
  RequestTemplate batch_get_;  // built only for --op batchget
  RequestTemplate transact_;   // built only for the transaction ops
  uint64_t batch_items_ = 0;   // items in batch_
  boost::beast::flat_buffer read_buffer_;
  std::optional<http::response_parser<http::string_body>> parser_;
  std::optional<RateSchedule> schedule_;  // open loop only, made on the first send
  std::optional<Clock::time_point> due_;  // open loop: the next request's due time
  bool waited_for_answer_ = false;        // the next send follows an answer
  Clock::time_point due_at_{};            // of the request in flight
  Clock::time_point sent_at_{};
  uint64_t key_ = 0;
  RequestKind kind_ = RequestKind::kGet;
  bool measured_ = false;
  bool in_flight_ = false;
  bool finished_ = false;
};

Worker::Worker(const tcp::endpoint& endpoint, const RequestContext& context, const PhasePlan& plan,
               SharedCounters& shared, int first_connection, int connections, uint64_t seed)
    : plan_(plan) {
  connections_.reserve(connections);
  for (int i = 0; i < connections; ++i) {
    connections_.push_back(std::make_unique<Connection>(
        io_, endpoint, context, plan, shared, stats_, first_connection + i, seed * 1000003 + i,
        [this] { OnConnectionDone(); }));
  }
}

Worker::~Worker() = default;

void Worker::Run() {
  active_ = static_cast<int>(connections_.size());
  if (active_ == 0) return;
  deadline_timer_.expires_at(plan_.hard_deadline);
  deadline_timer_.async_wait([this](const error_code& ec) {
    if (ec) return;  // cancelled: every connection finished in time
    for (auto& connection : connections_) connection->Abandon();
  });
  for (auto& connection : connections_) connection->Start();
  io_.run();
}

void Worker::OnConnectionDone() {
  // The deadline timer is the last pending operation once all connections are done;
  // cancelling it lets run() return right away instead of at the hard deadline.
  if (--active_ == 0) deadline_timer_.cancel();
}

}  // namespace monotable::bench
