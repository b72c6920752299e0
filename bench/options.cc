#include "bench/options.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

#include "bench/request_templates.h"

namespace monotable::bench {
namespace {

constexpr const char* kUsage = R"(usage: monotable_bench [flags]

Drives a running monotable (or any DynamoDB endpoint that skips signature checks)
with GetItem/PutItem/UpdateItem/Query/ExecuteStatement/TransactWriteItems over N keep-alive
HTTP/1.1 connections and reports throughput and latency percentiles, then one JSON
line; or times one full parallel Scan of the table.

  --host ADDR          server address (default 127.0.0.1)
  --port N             server port (default 8000)
  --connections N      concurrent connections, one request in flight each (16)
  --threads N          client I/O threads; connections are split between them (1)
  --duration S         measured seconds, fractions allowed (10)
  --warmup S           seconds of unmeasured load before measuring (1)
  --op get|put|mixed|update|delete|batchwrite|batchget|query|gsiquery|select|scan|
                       transact2|transact25
                       operation; mixed draws GetItem with --get-fraction; update
                       is a conditional UpdateItem with three SET actions; delete
                       is a DeleteItem, each connection walking the keys from a
                       random one (an existing item each until the walk wraps);
                       batchwrite is a BatchWriteItem of 25 profile Puts of random
                       keys (a request counts once, its items as items); batchget
                       is a BatchGetItem of 25 profile keys spread over the keys
                       (with --preloaded, all 25 must come back); query is
                       PK = :pk AND begins_with(SK, "ORDER#") with --limit on a
                       random key's orders; gsiquery is a Query of the profiles'
                       GSI1 (--gsis 1) for GSI1PK = EMAIL#<a random key's e-mail>,
                       one item; select is the same read in PartiQL,
                       ExecuteStatement SELECT * FROM "<table>" WHERE PK = ? AND
                       begins_with(SK, ?) with Limit; scan is one full Scan in --segments
                       parallel segments, each following LastEvaluatedKey;
                       transactN is a TransactWriteItems of N profile Puts under one
                       partition key (SK ITEM#0..N-1) (get)
  --get-fraction F     share of GetItem in --op mixed (0.5)
  --keys N             distinct keys (customers), drawn uniformly from [0, N) (100000)
  --items-per-key N    query/scan: orders per key, so the table holds keys * N
                       items of ~200 bytes (20)
  --limit N            query: Limit of each Query (10)
  --segments N         scan: TotalSegments, one client thread each (4)
  --table NAME         table name (bench)
  --setup              create the table if missing, then write every item (profiles,
                       or orders for query/scan) with BatchWriteItem over the
                       connections before measuring; implies --preloaded
  --with-gsi           with --setup: give the new table a GSI1 on GSI1PK/GSI1SK
  --gsis N             with --setup: give the new table N GSIs (0..5), GSI1 first
  --preloaded          the keys were loaded by an earlier --setup run: a GetItem
                       without "Item", a Query with fewer than min(items-per-key,
                       limit) items or a Scan missing items counts as an error
  --setup-timeout S    bound on table creation plus preload (300)
  --max-requests N     stop after N measured requests even if --duration remains
  --rate R             open loop: R requests/s in all, spread evenly over the
                       connections (each sends every connections/R s, still one
                       request in flight); latency counts from each request's due
                       time, so a late answer's queueing is not hidden (as wrk2).
                       Default: closed loop, the next request right after an answer
  --expires-at S       profiles (setup, put, transact) carry "expiresAt": {"N": S},
                       epoch seconds, for Time to Live benches (bench/ttl_sweep.sh)
  --help               this text

Exit status: 0 when every request succeeded, 1 when some failed, 2 on bad flags,
3 when the server is unreachable or --setup failed.
)";

bool ParseInt(std::string_view text, int64_t min, int64_t max, int64_t* out) {
  int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return false;
  if (value < min || value > max) return false;
  *out = value;
  return true;
}

bool ParseDouble(std::string_view text, double min, double max, double* out) {
  // std::from_chars for double is in GCC 12's libstdc++, so no locale surprises.
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return false;
  if (!std::isfinite(value) || value < min || value > max) return false;
  *out = value;
  return true;
}

}  // namespace

const char* OpName(Op op) {
  switch (op) {
    case Op::kGet: return "get";
    case Op::kPut: return "put";
    case Op::kMixed: return "mixed";
    case Op::kUpdate: return "update";
    case Op::kDelete: return "delete";
    case Op::kBatchWrite: return "batchwrite";
    case Op::kBatchGet: return "batchget";
    case Op::kQuery: return "query";
    case Op::kGsiQuery: return "gsiquery";
    case Op::kSelect: return "select";
    case Op::kScan: return "scan";
    case Op::kTransact2: return "transact2";
    case Op::kTransact25: return "transact25";
  }
  return "?";
}

int TransactionSize(Op op) {
  if (op == Op::kTransact2) return 2;
  if (op == Op::kTransact25) return 25;
  return 0;
}

Dataset DatasetOf(Op op) {
  return op == Op::kQuery || op == Op::kSelect || op == Op::kScan ? Dataset::kOrders
                                                                  : Dataset::kProfiles;
}

const char* Usage() { return kUsage; }

bool ParseOptions(int argc, char** argv, Options* options, std::string* error) {
  error->clear();
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") return false;
    if (arg.substr(0, 2) != "--") {
      *error = "unexpected argument: " + std::string(arg);
      return false;
    }
    // Both "--flag value" and "--flag=value".
    std::string_view name = arg;
    std::string_view value;
    bool has_value = false;
    if (const size_t eq = arg.find('='); eq != std::string_view::npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      has_value = true;
    }
    if (name == "--setup" || name == "--with-gsi" || name == "--preloaded") {
      if (has_value) {
        *error = std::string(name) + " takes no value";
        return false;
      }
      if (name == "--setup") options->setup = true;
      if (name == "--with-gsi") options->gsis = std::max(options->gsis, 1);
      if (name == "--preloaded") options->preloaded = true;
      continue;
    }
    if (!has_value) {
      if (i + 1 >= argc) {
        *error = std::string(name) + " needs a value";
        return false;
      }
      value = argv[++i];
    }
    int64_t n = 0;
    bool ok = true;
    if (name == "--host") {
      options->host = std::string(value);
      ok = !value.empty();
    } else if (name == "--port") {
      ok = ParseInt(value, 1, 65535, &n);
      options->port = static_cast<int>(n);
    } else if (name == "--connections") {
      ok = ParseInt(value, 1, 10000, &n);
      options->connections = static_cast<int>(n);
    } else if (name == "--gsis") {
      ok = ParseInt(value, 0, kMaxBenchGsis, &n);
      options->gsis = static_cast<int>(n);
    } else if (name == "--threads") {
      ok = ParseInt(value, 1, 64, &n);
      options->threads = static_cast<int>(n);
    } else if (name == "--duration") {
      ok = ParseDouble(value, 0.001, 86400, &options->duration_s);
    } else if (name == "--warmup") {
      ok = ParseDouble(value, 0, 3600, &options->warmup_s);
    } else if (name == "--op") {
      if (value == "get") {
        options->op = Op::kGet;
      } else if (value == "put") {
        options->op = Op::kPut;
      } else if (value == "update") {
        options->op = Op::kUpdate;
      } else if (value == "delete") {
        options->op = Op::kDelete;
      } else if (value == "batchwrite") {
        options->op = Op::kBatchWrite;
      } else if (value == "batchget") {
        options->op = Op::kBatchGet;
      } else if (value == "mixed") {
        options->op = Op::kMixed;
      } else if (value == "query") {
        options->op = Op::kQuery;
      } else if (value == "gsiquery") {
        options->op = Op::kGsiQuery;
      } else if (value == "select") {
        options->op = Op::kSelect;
      } else if (value == "scan") {
        options->op = Op::kScan;
      } else if (value == "transact2") {
        options->op = Op::kTransact2;
      } else if (value == "transact25") {
        options->op = Op::kTransact25;
      } else {
        ok = false;
      }
    } else if (name == "--get-fraction") {
      ok = ParseDouble(value, 0, 1, &options->get_fraction);
    } else if (name == "--keys") {
      ok = ParseInt(value, 1, static_cast<int64_t>(kMaxKeys), &n);
      options->keys = static_cast<uint64_t>(n);
    } else if (name == "--items-per-key") {
      ok = ParseInt(value, 1, 1'000'000, &n);
      options->items_per_key = static_cast<uint64_t>(n);
    } else if (name == "--limit") {
      ok = ParseInt(value, 1, 1'000'000, &n);
      options->limit = static_cast<int>(n);
    } else if (name == "--segments") {
      ok = ParseInt(value, 1, 1024, &n);
      options->segments = static_cast<int>(n);
    } else if (name == "--table") {
      options->table = std::string(value);
      ok = IsValidTableName(value);
    } else if (name == "--setup-timeout") {
      ok = ParseDouble(value, 1, 86400, &options->setup_timeout_s);
    } else if (name == "--expires-at") {
      ok = ParseInt(value, 0, INT64_MAX, &n);
      options->expires_at = std::to_string(n);
    } else if (name == "--rate") {
      ok = ParseDouble(value, 0.001, 1e8, &options->rate);
    } else if (name == "--max-requests") {
      ok = ParseInt(value, 1, INT64_MAX, &n);
      options->max_requests = static_cast<uint64_t>(n);
    } else {
      *error = "unknown flag: " + std::string(name);
      return false;
    }
    if (!ok) {
      *error = "bad value for " + std::string(name) + ": " + std::string(value);
      return false;
    }
  }
  if (DatasetOf(options->op) == Dataset::kProfiles) options->items_per_key = 1;
  // The preload numbers every item of the table; keep that product far from overflow.
  if (options->keys > kMaxKeys / options->items_per_key) {
    *error = "--keys times --items-per-key must stay below " + std::to_string(kMaxKeys);
    return false;
  }
  if (options->rate > 0 && options->op == Op::kScan) {
    *error = "--rate does not apply to --op scan (one full Scan, timed)";
    return false;
  }
  if (options->setup) options->preloaded = true;
  if (options->threads > options->connections) options->threads = options->connections;
  return true;
}

}  // namespace monotable::bench
