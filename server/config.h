#pragma once
// Command-line configuration of the monotable process. Accepts monotable's flags and
// DynamoDB Local's spellings so that existing docker-compose files keep working.

#include <spdlog/common.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/status.h"
#include "engine/engine.h"
#include "server/realism_defaults.h"

namespace monotable::server {

struct Config {
  std::string host = "127.0.0.1";
  uint16_t port = 8000;
  std::string db_path = "./data";
  bool in_memory = false;
  bool shared_db = false;
  std::string cors_origins;  // empty: no CORS headers; "*" or a comma-separated list
  int threads = 0;           // 0: one per core
  // --workers N: threads that serve long requests (Scan and Query pages, batches,
  // transactions, PartiQL) off the I/O threads (server/worker_pool.h); 0: one per core.
  int workers = 0;
  int64_t cache_mb = 128;  // RocksDB block cache, memtables charged to it
  spdlog::level::level_enum log_level = spdlog::level::info;
  bool log_requests = false;  // one info line per DynamoDB request
  // --sort-key-splits / --no-sort-key-splits: hot item collections split for heat by
  // sort key (off by default; on with --profile production unless given).
  std::optional<bool> sort_key_splits;
  bool SortKeySplits() const { return sort_key_splits.value_or(profile == "production"); }
  int heat_split_seconds = 60;  // --heat-split-seconds
  // --throughput off|observe|enforce: observe by default, so that existing workloads
  // are counted but never slowed down.
  ThroughputMode throughput = ThroughputMode::kObserve;
  // --ttl-sweep-interval SECONDS: how often expired items are deleted (0: never).
  int64_t ttl_sweep_interval_ms = 1000;
  // --ttl-cooldown SECONDS: how long after an UpdateTimeToLive the next is refused.
  int64_t ttl_cooldown_ms = int64_t{3600} * 1000;
  // DynamoDB Streams: record retention, shard age before rollover, shard iterator
  // lifetime (DynamoDB's: 24 h, about 4 h, 15 min).
  int64_t stream_retention_seconds = 24 * 3600;
  int64_t stream_shard_max_age_seconds = 4 * 3600;
  int64_t stream_iterator_lifetime_seconds = 15 * 60;
  // --dynamodb-local / --no-dynamodb-local: DynamoDB Local's start-up banner on stdout
  // and its answer to `GET /` (HTTP 400 MissingAuthenticationToken instead of DynamoDB's
  // 200 `healthy: ...`), which Testcontainers' modules wait for (server/dynamodb_local.h).
  // Off by default; the container image and the `java` shim turn it on.
  bool dynamodb_local = false;
  // --console / --no-console: serve the web console at /console; unset, it is served
  // on loopback addresses only (server/console.h).
  std::optional<bool> console;
  // Connection limits (docs/ARCHITECTURE.md, "Connections and limits"). A connection
  // over --max-connections gets a 503 and is closed; a request whose header section
  // (request line included) exceeds --max-header-bytes, or whose request line exceeds
  // --max-request-line-bytes, gets a 400 and its connection is closed; headers must
  // arrive within --header-timeout-seconds of the request's first byte.
  int64_t max_connections = 16384;
  int64_t max_header_bytes = 16 * 1024;
  int64_t max_request_line_bytes = 8 * 1024;
  int64_t header_timeout_ms = 20 * 1000;
  // On SIGTERM/SIGINT: how long requests already being served may take to finish.
  int64_t shutdown_grace_ms = 5 * 1000;
  // --health-check URL: GET the URL, exit 0 for a 2xx answer and 1 otherwise; no server.
  std::string health_check_url;
  // Security (README "Security model"): --require-signature verifies every DynamoDB
  // request's SigV4 signature against the access keys of --credentials files (AWS
  // shared-credentials format) and of --credential KEY:SECRET flags; the GET
  // monitoring views then need a signed GET too, except /metrics with --public-metrics
  // (which then leaves out Contributor Insights' key values).
  bool require_signature = false;
  bool public_metrics = false;
  std::vector<std::string> credential_files;
  std::vector<std::pair<std::string, std::string>> credentials;  // access key, secret
  // --iam FILE (with --require-signature): principals, their policies and access keys
  // (iam/principals.h); every request is then authorized as IAM would (docs/IAM.md).
  std::string iam_file;
  // --tls-cert/--tls-key: PEM files; --port then serves HTTPS (reloaded on SIGHUP).
  std::string tls_cert;
  std::string tls_key;
  // Fault injection (docs/FAULTS.md): --faults FILE, rules read at start (the admin API
  // /monotable/faults adds and removes them at run time); --faults-seed N, the seed of
  // the rules' random draws (a file's own "seed" wins).
  std::string faults_file;
  uint64_t faults_seed = 0;
  // Transient statuses (docs/REALISM.md): --create-table-delay, --update-table-delay,
  // --delete-table-delay, --create-index-delay, --delete-index-delay SECONDS; all 0 by
  // default; --profile production and -delayTransientStatuses set the unset ones.
  TransientStatusDelays transient_statuses;
  // Eventually consistent reads, GSI lag and stream records' delay (realism_defaults.h);
  // off by default; --profile production sets the unset ones.
  ReadDelays read_delays;
  // --profile: "" (none) or "production".
  std::string profile;
  bool show_help = false;
};

// Errors: kValidation with a message for the user (unknown flag, missing value, bad
// number, a feature that this build does not offer yet).
Result<Config> ParseCommandLine(const std::vector<std::string>& args);

std::string UsageText();

}  // namespace monotable::server
