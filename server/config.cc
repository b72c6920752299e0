#include "server/config.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>

#include "server/realism_defaults.h"

namespace monotable::server {
namespace {

// Every option of DynamoDB Local's documented list ("DynamoDB local usage notes").
constexpr std::string_view kDynamoDbLocalOptions =
    "-cors, -dbPath, -delayTransientStatuses, -disableTelemetry, -help, -inMemory, "
    "-optimizeDbBeforeStartup, -port and -sharedDb";

Status Bad(const std::string& message) { return Status::Validation(message); }

Result<int64_t> ParseInt(const std::string& flag, const std::string& text, int64_t lo, int64_t hi) {
  int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi) {
    return Bad("invalid value '" + text + "' for " + flag + " (expected an integer from " +
               std::to_string(lo) + " to " + std::to_string(hi) + ")");
  }
  return v;
}

// A duration in seconds, with up to three decimals (milliseconds), within [0, hi].
Result<int64_t> ParseSecondsAsMillis(const std::string& flag, const std::string& text, int64_t hi) {
  double seconds = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (ec != std::errc() || end != text.data() + text.size() || !(seconds >= 0) ||
      seconds > static_cast<double>(hi)) {
    return Bad("invalid value '" + text + "' for " + flag + " (expected seconds from 0 to " +
               std::to_string(hi) + ", e.g. 1 or 0.5)");
  }
  return static_cast<int64_t>(std::llround(seconds * 1000));
}

// A delay in milliseconds ("200", constant) or a range of them ("100-500", drawn
// uniformly), each at most a minute (base/delay_range.h).
Result<DelayRange> ParseDelayFlag(const std::string& flag, const std::string& text) {
  if (auto range = ParseDelayRange(text)) return *range;
  return Bad("invalid value '" + text + "' for " + flag +
             " (expected milliseconds from 0 to 60000, or a range MIN-MAX, e.g. 200 or 100-500)");
}

// --log-level's names. Not spdlog::level::from_str: it maps an unknown name to "off",
// and a typo must be an error rather than silence.
Result<spdlog::level::level_enum> ParseLogLevel(const std::string& text) {
  static constexpr std::pair<std::string_view, spdlog::level::level_enum> kLevels[] = {
      {"trace", spdlog::level::trace}, {"debug", spdlog::level::debug},
      {"info", spdlog::level::info},   {"warn", spdlog::level::warn},
      {"error", spdlog::level::err},   {"off", spdlog::level::off},
  };
  for (const auto& [name, level] : kLevels) {
    if (text == name) return level;
  }
  return Bad("invalid value '" + text +
             "' for --log-level (expected trace, debug, info, warn, error or off)");
}

// The security flags go together: a half-configured server would run open while its
// operator believes it secured.
Result<Config> CheckSecurityFlags(Config config) {
  bool has_credentials = !config.credential_files.empty() || !config.credentials.empty();
  if (!config.require_signature && !config.iam_file.empty()) {
    return Bad("--iam takes effect with --require-signature only");
  }
  if (config.require_signature && !has_credentials && config.iam_file.empty()) {
    return Bad(
        "--require-signature needs --credentials FILE, --credential KEY:SECRET or --iam FILE");
  }
  if (!config.require_signature && has_credentials) {
    return Bad("--credentials and --credential take effect with --require-signature only");
  }
  if (!config.require_signature && config.public_metrics) {
    return Bad("--public-metrics takes effect with --require-signature only");
  }
  if (config.tls_cert.empty() != config.tls_key.empty()) {
    return Bad("--tls-cert and --tls-key go together");
  }
  return config;
}

// The transient-status options, each a member of TransientStatusDelays.
struct DelayFlag {
  std::string_view flag;
  int64_t TransientStatusDelays::*member;
};
constexpr std::array<DelayFlag, 5> kDelayFlags = {{
    {"--create-table-delay", &TransientStatusDelays::create_table_ms},
    {"--update-table-delay", &TransientStatusDelays::update_table_ms},
    {"--delete-table-delay", &TransientStatusDelays::delete_table_ms},
    {"--create-index-delay", &TransientStatusDelays::create_index_ms},
    {"--delete-index-delay", &TransientStatusDelays::delete_index_ms},
}};

const DelayFlag* FindDelayFlag(std::string_view flag) {
  for (const DelayFlag& d : kDelayFlags) {
    if (d.flag == flag) return &d;
  }
  return nullptr;
}

// The delays: the profile's (or -delayTransientStatuses') defaults, and the options
// given, which win wherever they appear on the command line.
TransientStatusDelays ResolveDelays(const Config& config, bool dynamodb_local_delays,
                                    const std::array<std::optional<int64_t>, 5>& given) {
  TransientStatusDelays delays;
  if (config.profile == "production") {
    delays = kProductionTransientDelays;
  } else if (dynamodb_local_delays) {
    delays = kDynamoDbLocalTransientDelays;
  }
  for (size_t i = 0; i < kDelayFlags.size(); ++i) {
    if (given[i]) delays.*kDelayFlags[i].member = *given[i];
  }
  return delays;
}

}  // namespace

std::string UsageText() {
  return R"(usage: monotable [options]
       monotable check --db-path DIR

A local DynamoDB-compatible server. `check` opens a data directory (no server) and
compares every table's statistics, index entries and expiry index with its items;
exit status 0 when consistent, 1 otherwise.

options:
  --host ADDR            address to listen on (default 127.0.0.1)
  --port N               port to listen on (default 8000)
  --db-path DIR          RocksDB data directory (default ./data); created if missing
  --in-memory            keep all data in memory; nothing survives a restart
  --shared-db            one set of tables for every access key and region
  --cors ORIGINS         answer CORS requests for these origins ("*" for any)
  --threads N            I/O threads, an event loop each (default: one per core)
  --workers N            threads serving long requests (Scan and Query pages, batches,
                         transactions, PartiQL) so that they never hold up the I/O
                         threads' point operations (default: one per core, at least 2)
  --cache-mb N           RocksDB memory in MiB: block cache + memtables (default 128)
  --log-level LEVEL      trace, debug, info, warn, error or off (default info); the
                         log goes to stderr
  --log-requests         log one line per request at info: operation, table, HTTP
                         status, error type, latency in microseconds and the items
                         touched (for monotable rehearse --trace)
  --throughput MODE      DynamoDB's per-partition capacity model: off (no accounting),
                         observe (count, never throttle; the default) or enforce
                         (throttle as DynamoDB does, with its errors)
  --sort-key-splits      a partition hot on one partition key splits for heat inside
                         its item collection, by sort key (tables with a sort key and
                         no LSI, GSIs with one; not for sort keys written in order);
                         off by default, on with --profile production
                         (--no-sort-key-splits turns it off)
  --heat-split-seconds N how many consecutive seconds at 80% of a partition's ceiling
                         or more make it split for heat (default 60; DynamoDB does not
                         document it)
  --ttl-sweep-interval SECONDS
                         how often Time to Live deletes expired items (default 1, so
                         an item goes within about a second of its expiry; decimals
                         allowed; 0 disables deletion)
  --ttl-cooldown SECONDS how long after an UpdateTimeToLive another one on the same
                         table is refused, as DynamoDB does (default 3600; 0: never)
  --stream-retention-seconds N
                         how long DynamoDB Streams keep records (default 86400, 24 h)
  --stream-shard-max-age-seconds N
                         a stream shard rolls over at this age (default 14400, 4 h)
  --stream-iterator-lifetime-seconds N
                         how long a shard iterator stays valid (default 900, 15 min)
  --console, --no-console
                         serve the web console at /console, or not (default: served
                         when --host is a loopback address, off otherwise)
  --dynamodb-local, --no-dynamodb-local
                         act as DynamoDB Local where test harnesses look: print its
                         start-up banner on stdout and answer GET / with its HTTP 400
                         (MissingAuthenticationToken) instead of DynamoDB's 200
                         `healthy: ...` (default off; the container image sets it)
  --max-connections N    open connections at most (default 16384, lowered to what the
                         open-file limit allows); one more gets HTTP 503 and is closed
  --max-header-bytes N   request line and headers at most (default 16384); larger
                         ones get HTTP 400 and the connection is closed
  --max-request-line-bytes N
                         request line at most (default 8192); longer gets HTTP 400
  --header-timeout-seconds SECONDS
                         a request's headers must arrive within this time of its
                         first byte, or the connection is closed (default 20)
  --shutdown-grace-seconds SECONDS
                         on SIGTERM or SIGINT, how long requests already being served
                         may take to finish before the process exits (default 5)
  --health-check URL     do not serve: GET the URL (http://HOST[:PORT][/PATH]) and exit
                         0 if it answers 2xx within 3 s, 1 otherwise (for a container
                         HEALTHCHECK without curl)
  --require-signature    verify the SigV4 signature of every DynamoDB request and of
                         every GET of the monitoring views (see the README's security
                         model; the health check and the console's files stay open);
                         needs access keys from:
  --credentials FILE     an AWS shared-credentials file (every profile with
                         aws_access_key_id and aws_secret_access_key); repeatable
  --credential KEY:SECRET
                         one access key id and its secret; repeatable
  --iam FILE             with --require-signature: principals (their access keys,
                         ARNs, identity-based policies and permissions boundaries, as
                         JSON) whose every request is authorized as IAM would, with the
                         tables' resource policies (docs/IAM.md)
  --public-metrics       with --require-signature: serve /metrics without a signature
                         (for Prometheus, which cannot sign), without the key values
                         of Contributor Insights
  --tls-cert FILE        serve HTTPS on --port with this PEM certificate (chain)
  --tls-key FILE         and this PEM private key; both are read again on SIGHUP
  --faults FILE          fault-injection rules to start with (JSON: {"seed": N,
                         "rules": [...]}; docs/FAULTS.md); rules are added and removed
                         at run time through /monotable/faults (none by default)
  --faults-seed N        the seed of the fault rules' random draws (default 0), so a
                         run's faults are reproducible
  --profile production   realistic defaults for every behaviour below that is not
                         given its own option (docs/REALISM.md)
  --create-table-delay SECONDS
                         a new table is CREATING (item requests get
                         ResourceNotFoundException) for this long (default 0)
  --update-table-delay SECONDS
                         a table is UPDATING for this long after UpdateTable (default 0)
  --delete-table-delay SECONDS
                         a deleted table is DELETING (its name not yet free) for this
                         long (default 0)
  --create-index-delay SECONDS
                         a GSI UpdateTable adds is CREATING and Backfilling, not
                         readable, for at least this long (default 0)
  --delete-index-delay SECONDS
                         a GSI UpdateTable deletes is DELETING for this long (default 0)
  --eventual-consistency-delay MS | MIN-MAX
                         a GetItem, BatchGetItem, Query or Scan of a table or LSI
                         without ConsistentRead sees the table as it was this long
                         ago, drawn per request (default 0: the latest; see
                         docs/EVENTUAL_CONSISTENCY.md)
  --gsi-lag MS | MIN-MAX a Query or Scan of a GSI sees it as it was this long ago
                         (default 0)
  --streams-delay MS     a stream record is readable this long after its write
                         (default 0)
  --staleness-seed N     the seed of the delays' per-request draws (default 0)
  --help                 print this text

DynamoDB Local's spellings are accepted too: -port N, -dbPath DIR, -inMemory,
-sharedDb, -cors ORIGINS, -delayTransientStatuses (GSIs CREATING and DELETING for a
while, as DynamoDB Local's does), -optimizeDbBeforeStartup, -disableTelemetry, and a
leading `-jar DynamoDBLocal.jar` (ignored).
)";
}

Result<Config> ParseCommandLine(const std::vector<std::string>& args) {
  Config config;
  bool dynamodb_local_delays = false;
  std::array<std::optional<int64_t>, kDelayFlags.size()> delays_given;
  std::optional<DelayRange> eventual_given, gsi_lag_given;
  std::optional<int64_t> streams_delay_given;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string flag = args[i];
    std::string value;
    bool has_inline_value = false;
    if (flag.rfind("--", 0) == 0) {
      size_t eq = flag.find('=');
      if (eq != std::string::npos) {
        value = flag.substr(eq + 1);
        flag = flag.substr(0, eq);
        has_inline_value = true;
      }
    }
    auto next_value = [&]() -> Result<std::string> {
      if (has_inline_value) return value;
      if (i + 1 >= args.size()) return Bad("missing value for " + flag);
      return args[++i];
    };

    if (flag == "--help" || flag == "-h" || flag == "-help") {
      config.show_help = true;
    } else if (flag == "--host") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      config.host = v;
    } else if (flag == "--port" || flag == "-port") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(port, ParseInt(flag, v, 0, 65535));
      config.port = static_cast<uint16_t>(port);
    } else if (flag == "--db-path" || flag == "-dbPath") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      if (v.empty()) return Bad("empty value for " + flag);
      config.db_path = v;
    } else if (flag == "--in-memory" || flag == "-inMemory") {
      if (has_inline_value) return Bad(flag + " takes no value");
      config.in_memory = true;
    } else if (flag == "--shared-db" || flag == "-sharedDb") {
      if (has_inline_value) return Bad(flag + " takes no value");
      config.shared_db = true;
    } else if (flag == "--cors" || flag == "-cors") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      config.cors_origins = v;
    } else if (flag == "--threads") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(threads, ParseInt(flag, v, 1, 256));
      config.threads = static_cast<int>(threads);
    } else if (flag == "--workers") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(workers, ParseInt(flag, v, 1, 256));
      config.workers = static_cast<int>(workers);
    } else if (flag == "--cache-mb") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(mb, ParseInt(flag, v, 8, 1 << 20));
      config.cache_mb = mb;
    } else if (flag == "--log-level") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(level, ParseLogLevel(v));
      config.log_level = level;
    } else if (flag == "--console" || flag == "--no-console") {
      if (has_inline_value) return Bad(flag + " takes no value");
      config.console = flag == "--console";
    } else if (flag == "--dynamodb-local" || flag == "--no-dynamodb-local") {
      if (has_inline_value) return Bad(flag + " takes no value");
      config.dynamodb_local = flag == "--dynamodb-local";
    } else if (flag == "--log-requests") {
      if (has_inline_value) return Bad(flag + " takes no value");
      config.log_requests = true;
    } else if (flag == "--sort-key-splits" || flag == "--no-sort-key-splits") {
      if (has_inline_value) return Bad(flag + " takes no value");
      config.sort_key_splits = flag == "--sort-key-splits";
    } else if (flag == "--heat-split-seconds") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(seconds, ParseInt(flag, v, 1, 3600));
      config.heat_split_seconds = static_cast<int>(seconds);
    } else if (flag == "--throughput") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      if (v == "off") {
        config.throughput = ThroughputMode::kOff;
      } else if (v == "observe") {
        config.throughput = ThroughputMode::kObserve;
      } else if (v == "enforce") {
        config.throughput = ThroughputMode::kEnforce;
      } else {
        return Bad("invalid value '" + v + "' for --throughput: expected off, observe or enforce");
      }
    } else if (flag == "--ttl-sweep-interval") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(ms, ParseSecondsAsMillis(flag, v, 86400));
      config.ttl_sweep_interval_ms = ms;
    } else if (flag == "--ttl-cooldown") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(ms, ParseSecondsAsMillis(flag, v, 86400));
      config.ttl_cooldown_ms = ms;
    } else if (flag == "--stream-retention-seconds") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(seconds, ParseInt(flag, v, 1, int64_t{365} * 24 * 3600));
      config.stream_retention_seconds = seconds;
    } else if (flag == "--stream-shard-max-age-seconds") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(seconds, ParseInt(flag, v, 1, int64_t{365} * 24 * 3600));
      config.stream_shard_max_age_seconds = seconds;
    } else if (flag == "--stream-iterator-lifetime-seconds") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(seconds, ParseInt(flag, v, 1, int64_t{24} * 3600));
      config.stream_iterator_lifetime_seconds = seconds;
    } else if (flag == "--max-connections") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(n, ParseInt(flag, v, 1, 1 << 20));
      config.max_connections = n;
    } else if (flag == "--max-header-bytes") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(n, ParseInt(flag, v, 1024, 1 << 20));
      config.max_header_bytes = n;
    } else if (flag == "--max-request-line-bytes") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(n, ParseInt(flag, v, 256, 1 << 20));
      config.max_request_line_bytes = n;
    } else if (flag == "--header-timeout-seconds") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(ms, ParseSecondsAsMillis(flag, v, 3600));
      if (ms == 0) return Bad("invalid value '" + v + "' for " + flag + " (must be above 0)");
      config.header_timeout_ms = ms;
    } else if (flag == "--shutdown-grace-seconds") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(ms, ParseSecondsAsMillis(flag, v, 3600));
      config.shutdown_grace_ms = ms;
    } else if (flag == "--health-check") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      config.health_check_url = v;
    } else if (flag == "-jar") {
      MT_ASSIGN_OR_RETURN(ignored, next_value());  // DynamoDBLocal.jar
      (void)ignored;
    } else if (const DelayFlag* delay = FindDelayFlag(flag)) {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(ms, ParseSecondsAsMillis(flag, v, 3600));
      delays_given[static_cast<size_t>(delay - kDelayFlags.data())] = ms;
    } else if (flag == "--eventual-consistency-delay" || flag == "--gsi-lag") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(range, ParseDelayFlag(flag, v));
      (flag == "--gsi-lag" ? gsi_lag_given : eventual_given) = range;
    } else if (flag == "--streams-delay") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(ms, ParseInt(flag, v, 0, kMaxDelayMs));
      streams_delay_given = ms;
    } else if (flag == "--staleness-seed") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(seed, ParseInt(flag, v, 0, INT64_MAX));
      config.read_delays.seed = static_cast<uint64_t>(seed);
    } else if (flag == "--profile") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      if (v != "production") {
        return Bad("invalid value '" + v + "' for --profile (expected production)");
      }
      config.profile = v;
    } else if (flag == "-delayTransientStatuses") {
      dynamodb_local_delays = true;
    } else if (flag == "-optimizeDbBeforeStartup" || flag == "-disableTelemetry" ||
               flag.rfind("-Djava.", 0) == 0) {
      // DynamoDB Local options with no meaning here: there is no JVM or telemetry.
    } else if (flag == "--require-signature") {
      if (has_inline_value) return Bad(flag + " takes no value");
      config.require_signature = true;
    } else if (flag == "--public-metrics") {
      if (has_inline_value) return Bad(flag + " takes no value");
      config.public_metrics = true;
    } else if (flag == "--credentials") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      if (v.empty()) return Bad("empty value for " + flag);
      config.credential_files.push_back(v);
    } else if (flag == "--credential") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      size_t colon = v.find(':');
      if (colon == std::string::npos || colon == 0 || colon + 1 == v.size()) {
        return Bad("invalid value for --credential: expected ACCESS_KEY_ID:SECRET_ACCESS_KEY");
      }
      config.credentials.emplace_back(v.substr(0, colon), v.substr(colon + 1));
    } else if (flag == "--faults") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      if (v.empty()) return Bad("empty value for " + flag);
      config.faults_file = v;
    } else if (flag == "--faults-seed") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      MT_ASSIGN_OR_RETURN(seed, ParseInt(flag, v, 0, INT64_MAX));
      config.faults_seed = static_cast<uint64_t>(seed);
    } else if (flag == "--iam") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      if (v.empty()) return Bad("empty value for " + flag);
      config.iam_file = v;
    } else if (flag == "--tls-cert" || flag == "--tls-key") {
      MT_ASSIGN_OR_RETURN(v, next_value());
      if (v.empty()) return Bad("empty value for " + flag);
      (flag == "--tls-cert" ? config.tls_cert : config.tls_key) = v;
    } else if (flag.rfind("--", 0) != 0 && flag.rfind('-', 0) == 0) {
      // A single dash: most likely a DynamoDB Local option from a compose file.
      return Bad("unknown option '" + args[i] + "': DynamoDB Local's options accepted are " +
                 std::string(kDynamoDbLocalOptions) + " (see --help)");
    } else {
      return Bad("unknown option '" + args[i] + "' (see --help)");
    }
  }
  config.transient_statuses = ResolveDelays(config, dynamodb_local_delays, delays_given);
  if (config.profile == "production") {
    const uint64_t seed = config.read_delays.seed;
    config.read_delays = kProductionReadDelays;
    config.read_delays.seed = seed;
  }
  if (eventual_given) config.read_delays.eventual_reads = *eventual_given;
  if (gsi_lag_given) config.read_delays.gsi_lag = *gsi_lag_given;
  if (streams_delay_given) config.read_delays.streams_ms = *streams_delay_given;
  return CheckSecurityFlags(config);
}

}  // namespace monotable::server
