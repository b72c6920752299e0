#pragma once

#include <cstdint>
#include <string>

#include "bench/request_templates.h"

namespace monotable::bench {

// kTransact2/kTransact25: TransactWriteItems of 2 or 25 Puts of the profile item.
// kDelete: DeleteItem of preloaded profiles, each connection walking the keys from a
// random start (so each request deletes an item that exists, until the walk wraps);
// kBatchWrite: BatchWriteItem of 25 profile Puts of random keys; kBatchGet: BatchGetItem
// of 25 profile keys; kGsiQuery: Query of GSI1 for one profile's e-mail.
enum class Op {
  kGet,
  kPut,
  kMixed,
  kUpdate,
  kDelete,
  kBatchWrite,
  kBatchGet,
  kQuery,
  kGsiQuery,
  kSelect,
  kScan,
  kTransact2,
  kTransact25
};

const char* OpName(Op op);

// Puts per request of a transaction op; 0 for the others.
int TransactionSize(Op op);

// Query and Scan read orders (many items per key); the item operations read and
// write one profile per key.
Dataset DatasetOf(Op op);

// Command-line flags of monotable_bench; see kUsage in options.cc.
struct Options {
  std::string host = "127.0.0.1";
  int port = 8000;
  int connections = 16;
  int threads = 1;
  double duration_s = 10;
  double warmup_s = 1;
  Op op = Op::kGet;
  double get_fraction = 0.5;  // share of GetItem in --op mixed
  uint64_t keys = 100000;
  uint64_t items_per_key = 20;  // orders per customer, for --op query|scan
  int limit = 10;               // Limit of each Query
  int segments = 4;             // TotalSegments of --op scan, one thread each
  std::string table = "bench";
  bool setup = false;
  int gsis = 0;            // GSIs of a table created by --setup
  bool preloaded = false;  // keys exist: a GetItem without "Item" is an error
  double setup_timeout_s = 300;
  uint64_t max_requests = 0;  // 0: bounded by --duration only
  double rate = 0;            // --rate: open loop at this many requests/s; 0: closed loop
  // --expires-at: profiles carry "expiresAt" (N) with this epoch-seconds value, for
  // Time to Live benches; empty: no such attribute.
  std::string expires_at;
};

// Parses argv into *options. On a bad flag returns false with *error set; on
// --help returns false with *error empty (the caller prints Usage()).
bool ParseOptions(int argc, char** argv, Options* options, std::string* error);

const char* Usage();

}  // namespace monotable::bench
