#include "server/config.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace monotable::server {
namespace {

Config Parse(const std::vector<std::string>& args) {
  Result<Config> r = ParseCommandLine(args);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? *r : Config{};
}

std::string Error(const std::vector<std::string>& args) {
  Result<Config> r = ParseCommandLine(args);
  if (r.ok()) return "<ok>";
  EXPECT_EQ(r.status().code(), ErrorCode::kValidation);
  return r.status().message();
}

TEST(ConfigTest, Defaults) {
  Config c = Parse({});
  EXPECT_EQ(c.host, "127.0.0.1");
  EXPECT_EQ(c.port, 8000);
  EXPECT_EQ(c.db_path, "./data");
  EXPECT_FALSE(c.in_memory);
  EXPECT_FALSE(c.shared_db);
  EXPECT_EQ(c.cors_origins, "");
  EXPECT_EQ(c.threads, 0);
  EXPECT_EQ(c.workers, 0);  // one per core
  EXPECT_EQ(c.cache_mb, 128);
  EXPECT_EQ(c.log_level, spdlog::level::info);
  EXPECT_FALSE(c.log_requests);
  EXPECT_FALSE(c.show_help);
  EXPECT_FALSE(c.dynamodb_local);
}

TEST(ConfigTest, DynamoDbLocalModeIsAFlagTheLastOneWins) {
  EXPECT_TRUE(Parse({"--dynamodb-local"}).dynamodb_local);
  // The image's entry point sets it; a command can take it back.
  EXPECT_FALSE(Parse({"--dynamodb-local", "--no-dynamodb-local"}).dynamodb_local);
  EXPECT_EQ(Error({"--dynamodb-local=1"}), "--dynamodb-local takes no value");
}

TEST(ConfigTest, MonotableFlags) {
  Config c =
      Parse({"--host", "0.0.0.0", "--port", "9001", "--db-path", "/var/lib/mt", "--in-memory",
             "--shared-db", "--cors", "*", "--threads", "4", "--cache-mb", "64", "--workers", "3"});
  EXPECT_EQ(c.host, "0.0.0.0");
  EXPECT_EQ(c.port, 9001);
  EXPECT_EQ(c.db_path, "/var/lib/mt");
  EXPECT_TRUE(c.in_memory);
  EXPECT_TRUE(c.shared_db);
  EXPECT_EQ(c.cors_origins, "*");
  EXPECT_EQ(c.threads, 4);
  EXPECT_EQ(c.workers, 3);
  EXPECT_EQ(c.cache_mb, 64);
}

TEST(ConfigTest, EqualsForm) {
  Config c = Parse({"--port=1234", "--host=::1", "--db-path=/tmp/a=b", "--cors=http://a,http://b",
                    "--threads=2"});
  EXPECT_EQ(c.port, 1234);
  EXPECT_EQ(c.host, "::1");
  EXPECT_EQ(c.db_path, "/tmp/a=b");  // only the first '=' splits
  EXPECT_EQ(c.cors_origins, "http://a,http://b");
  EXPECT_EQ(c.threads, 2);
  EXPECT_EQ(Parse({"--cors="}).cors_origins, "");
}

TEST(ConfigTest, DynamoDbLocalSpellings) {
  Config c = Parse({"-jar", "DynamoDBLocal.jar", "-sharedDb", "-port", "9000", "-dbPath", "/x"});
  EXPECT_TRUE(c.shared_db);
  EXPECT_EQ(c.port, 9000);
  EXPECT_EQ(c.db_path, "/x");
  EXPECT_FALSE(c.in_memory);

  Config m = Parse({"-Djava.library.path=./DynamoDBLocal_lib", "-jar", "DynamoDBLocal.jar",
                    "-inMemory", "-cors", "*", "-delayTransientStatuses",
                    "-optimizeDbBeforeStartup", "-disableTelemetry"});
  EXPECT_TRUE(m.in_memory);
  EXPECT_EQ(m.cors_origins, "*");
  EXPECT_EQ(m.port, 8000);
}

TEST(ConfigTest, Help) {
  EXPECT_TRUE(Parse({"--help"}).show_help);
  EXPECT_TRUE(Parse({"-h"}).show_help);
  EXPECT_TRUE(Parse({"-help"}).show_help);
  const std::string usage = UsageText();
  EXPECT_EQ(usage.rfind("usage: monotable", 0), 0u);
  for (const char* flag : {"--host", "--port", "--db-path", "--in-memory", "--shared-db", "--cors",
                           "--threads", "--log-level", "--log-requests", "-sharedDb", "-dbPath",
                           "--ttl-sweep-interval", "--ttl-cooldown"}) {
    EXPECT_NE(usage.find(flag), std::string::npos) << flag;
  }
}

TEST(ConfigTest, UnknownFlags) {
  EXPECT_EQ(Error({"--bogus"}), "unknown option '--bogus' (see --help)");
  EXPECT_EQ(Error({"--port", "80", "extra"}), "unknown option 'extra' (see --help)");
  EXPECT_EQ(Error({"--bogus=1"}), "unknown option '--bogus=1' (see --help)");
  EXPECT_EQ(Error({"-Port", "1"}),
            "unknown option '-Port': DynamoDB Local's options accepted are -cors, -dbPath, "
            "-delayTransientStatuses, -disableTelemetry, -help, -inMemory, "
            "-optimizeDbBeforeStartup, -port and -sharedDb (see --help)");
}

TEST(ConfigTest, SecurityFlags) {
  Config c =
      Parse({"--require-signature", "--credentials", "/etc/creds", "--credential", "AKID:se/cr+et",
             "--credential=K2:s2", "--tls-cert", "c.pem", "--tls-key=k.pem"});
  EXPECT_TRUE(c.require_signature);
  EXPECT_EQ(c.credential_files, std::vector<std::string>{"/etc/creds"});
  ASSERT_EQ(c.credentials.size(), 2u);
  EXPECT_EQ(c.credentials[0], (std::pair<std::string, std::string>{"AKID", "se/cr+et"}));
  EXPECT_EQ(c.credentials[1].first, "K2");
  EXPECT_EQ(c.tls_cert, "c.pem");
  EXPECT_EQ(c.tls_key, "k.pem");
  EXPECT_FALSE(Parse({}).require_signature);
  EXPECT_EQ(Error({"--require-signature"}),
            "--require-signature needs --credentials FILE, --credential KEY:SECRET or --iam FILE");
  EXPECT_EQ(Parse({"--require-signature", "--iam", "iam.json"}).iam_file, "iam.json");
  EXPECT_EQ(Error({"--iam", "iam.json"}), "--iam takes effect with --require-signature only");
  EXPECT_EQ(Error({"--credential", "A:B"}),
            "--credentials and --credential take effect with --require-signature only");
  EXPECT_EQ(Error({"--require-signature", "--credential", "nocolon"}),
            "invalid value for --credential: expected ACCESS_KEY_ID:SECRET_ACCESS_KEY");
  EXPECT_EQ(Error({"--require-signature", "--credential", ":secret"}),
            "invalid value for --credential: expected ACCESS_KEY_ID:SECRET_ACCESS_KEY");
  EXPECT_EQ(Error({"--tls-cert", "c.pem"}), "--tls-cert and --tls-key go together");
  EXPECT_EQ(Error({"--require-signature=yes"}), "--require-signature takes no value");
  EXPECT_FALSE(c.public_metrics);
  EXPECT_TRUE(
      Parse({"--require-signature", "--credential", "A:B", "--public-metrics"}).public_metrics);
  EXPECT_EQ(Error({"--public-metrics"}),
            "--public-metrics takes effect with --require-signature only");
}

TEST(ConfigTest, ThroughputMode) {
  EXPECT_EQ(ParseCommandLine({})->throughput, ThroughputMode::kObserve);
  EXPECT_EQ(ParseCommandLine({"--throughput", "enforce"})->throughput, ThroughputMode::kEnforce);
  EXPECT_EQ(ParseCommandLine({"--throughput=off"})->throughput, ThroughputMode::kOff);
  EXPECT_EQ(ParseCommandLine({"--throughput", "observe"})->throughput, ThroughputMode::kObserve);
  EXPECT_EQ(Error({"--throughput", "on"}),
            "invalid value 'on' for --throughput: expected off, observe or enforce");
  EXPECT_EQ(Error({"--throughput"}), "missing value for --throughput");
}

TEST(ConfigTest, TimeToLiveFlags) {
  EXPECT_EQ(Parse({}).ttl_sweep_interval_ms, 1000);  // an expired item goes within ~1 s
  EXPECT_EQ(Parse({}).ttl_cooldown_ms, 3600 * 1000);
  EXPECT_EQ(Parse({"--ttl-sweep-interval", "5"}).ttl_sweep_interval_ms, 5000);
  EXPECT_EQ(Parse({"--ttl-sweep-interval=0.25"}).ttl_sweep_interval_ms, 250);
  EXPECT_EQ(Parse({"--ttl-sweep-interval", "0"}).ttl_sweep_interval_ms, 0);
  EXPECT_EQ(Parse({"--ttl-cooldown", "0"}).ttl_cooldown_ms, 0);
  EXPECT_EQ(Parse({"--ttl-cooldown", "60"}).ttl_cooldown_ms, 60000);
  EXPECT_EQ(Error({"--ttl-sweep-interval", "-1"}),
            "invalid value '-1' for --ttl-sweep-interval (expected seconds from 0 to 86400, "
            "e.g. 1 or 0.5)");
  EXPECT_EQ(Error({"--ttl-sweep-interval", "soon"}),
            "invalid value 'soon' for --ttl-sweep-interval (expected seconds from 0 to 86400, "
            "e.g. 1 or 0.5)");
  EXPECT_EQ(Error({"--ttl-cooldown", "86401"}),
            "invalid value '86401' for --ttl-cooldown (expected seconds from 0 to 86400, e.g. 1 "
            "or 0.5)");
  EXPECT_EQ(Error({"--ttl-sweep-interval"}), "missing value for --ttl-sweep-interval");
}

TEST(ConfigTest, MissingValues) {
  EXPECT_EQ(Error({"--port"}), "missing value for --port");
  EXPECT_EQ(Error({"-port"}), "missing value for -port");
  EXPECT_EQ(Error({"--host"}), "missing value for --host");
  EXPECT_EQ(Error({"-dbPath"}), "missing value for -dbPath");
  EXPECT_EQ(Error({"--cors"}), "missing value for --cors");
  EXPECT_EQ(Error({"--threads"}), "missing value for --threads");
  EXPECT_EQ(Error({"-jar"}), "missing value for -jar");
  EXPECT_EQ(Error({"--db-path="}), "empty value for --db-path");
  EXPECT_EQ(Error({"--db-path", ""}), "empty value for --db-path");
}

TEST(ConfigTest, BadNumbers) {
  const std::string port_range = " for --port (expected an integer from 0 to 65535)";
  EXPECT_EQ(Error({"--port", "abc"}), "invalid value 'abc'" + port_range);
  EXPECT_EQ(Error({"--port", "65536"}), "invalid value '65536'" + port_range);
  EXPECT_EQ(Error({"--port", "-1"}), "invalid value '-1'" + port_range);
  EXPECT_EQ(Error({"--port", "80x"}), "invalid value '80x'" + port_range);
  EXPECT_EQ(Error({"--port", ""}), "invalid value ''" + port_range);
  EXPECT_EQ(Error({"--port="}), "invalid value ''" + port_range);
  EXPECT_EQ(Error({"--port", " 80"}), "invalid value ' 80'" + port_range);
  EXPECT_EQ(Error({"-port", "99999"}),
            "invalid value '99999' for -port (expected an integer from 0 to 65535)");
  EXPECT_EQ(Parse({"--port", "65535"}).port, 65535);
  EXPECT_EQ(Parse({"--port", "0"}).port, 0);
  EXPECT_EQ(Error({"--threads", "0"}),
            "invalid value '0' for --threads (expected an integer from 1 to 256)");
  EXPECT_EQ(Error({"--threads", "257"}),
            "invalid value '257' for --threads (expected an integer from 1 to 256)");
  EXPECT_EQ(Parse({"--threads", "256"}).threads, 256);
  EXPECT_EQ(Error({"--workers", "0"}),
            "invalid value '0' for --workers (expected an integer from 1 to 256)");
  EXPECT_EQ(Error({"--cache-mb", "4"}),
            "invalid value '4' for --cache-mb (expected an integer from 8 to 1048576)");
}

TEST(ConfigTest, LogFlags) {
  const std::pair<const char*, spdlog::level::level_enum> levels[] = {
      {"trace", spdlog::level::trace}, {"debug", spdlog::level::debug},
      {"info", spdlog::level::info},   {"warn", spdlog::level::warn},
      {"error", spdlog::level::err},   {"off", spdlog::level::off},
  };
  for (const auto& [name, level] : levels) {
    EXPECT_EQ(Parse({"--log-level", name}).log_level, level) << name;
    EXPECT_EQ(Parse({std::string("--log-level=") + name}).log_level, level) << name;
  }
  EXPECT_TRUE(Parse({"--log-requests"}).log_requests);

  const std::string expected =
      "' for --log-level (expected trace, debug, info, warn, error or off)";
  // spdlog's own parser would take these as "off" (or as spdlog's spellings): not here.
  EXPECT_EQ(Error({"--log-level", "bogus"}), "invalid value 'bogus" + expected);
  EXPECT_EQ(Error({"--log-level", "INFO"}), "invalid value 'INFO" + expected);
  EXPECT_EQ(Error({"--log-level", "warning"}), "invalid value 'warning" + expected);
  EXPECT_EQ(Error({"--log-level="}), "invalid value '" + expected);
  EXPECT_EQ(Error({"--log-level"}), "missing value for --log-level");
  EXPECT_EQ(Error({"--log-requests=1"}), "--log-requests takes no value");
}

TEST(ConfigTest, LaterFlagsWin) {
  Config c = Parse({"--port", "1", "-port", "2", "--port=3"});
  EXPECT_EQ(c.port, 3);
}

TEST(ConfigTest, ConsoleFlags) {
  EXPECT_FALSE(Parse({}).console.has_value());  // unset: decided by the address
  EXPECT_EQ(Parse({"--console"}).console, std::optional<bool>(true));
  EXPECT_EQ(Parse({"--no-console"}).console, std::optional<bool>(false));
  EXPECT_EQ(Error({"--console=1"}), "--console takes no value");
}

TEST(ConfigTest, ConnectionLimits) {
  Config d = Parse({});
  EXPECT_EQ(d.max_connections, 16384);
  EXPECT_EQ(d.max_header_bytes, 16384);
  EXPECT_EQ(d.max_request_line_bytes, 8192);
  EXPECT_EQ(d.header_timeout_ms, 20000);
  EXPECT_EQ(d.shutdown_grace_ms, 5000);
  Config c =
      Parse({"--max-connections", "100", "--max-header-bytes=4096", "--max-request-line-bytes",
             "512", "--header-timeout-seconds", "0.5", "--shutdown-grace-seconds", "0"});
  EXPECT_EQ(c.max_connections, 100);
  EXPECT_EQ(c.max_header_bytes, 4096);
  EXPECT_EQ(c.max_request_line_bytes, 512);
  EXPECT_EQ(c.header_timeout_ms, 500);
  EXPECT_EQ(c.shutdown_grace_ms, 0);
  EXPECT_EQ(Error({"--max-connections", "0"}),
            "invalid value '0' for --max-connections (expected an integer from 1 to 1048576)");
  EXPECT_EQ(Error({"--header-timeout-seconds", "0"}),
            "invalid value '0' for --header-timeout-seconds (must be above 0)");
}

TEST(ConfigTest, HealthCheck) {
  EXPECT_EQ(Parse({}).health_check_url, "");
  EXPECT_EQ(Parse({"--health-check", "http://127.0.0.1:8000/"}).health_check_url,
            "http://127.0.0.1:8000/");
  EXPECT_EQ(Error({"--health-check"}), "missing value for --health-check");
}

TEST(ConfigTest, FaultFlags) {
  Config none = Parse({});
  EXPECT_EQ(none.faults_file, "");  // no rule unless asked
  EXPECT_EQ(none.faults_seed, 0u);
  Config c = Parse({"--faults", "rules.json", "--faults-seed=42"});
  EXPECT_EQ(c.faults_file, "rules.json");
  EXPECT_EQ(c.faults_seed, 42u);
  EXPECT_EQ(Error({"--faults-seed", "-1"}),
            "invalid value '-1' for --faults-seed (expected an integer from 0 to "
            "9223372036854775807)");
  EXPECT_EQ(Error({"--faults", ""}), "empty value for --faults");
}

TEST(ConfigTest, TransientStatusFlags) {
  EXPECT_FALSE(Parse({}).transient_statuses.any());  // off by default
  Config c = Parse({"--create-table-delay", "1.5", "--delete-index-delay=2"});
  EXPECT_EQ(c.transient_statuses.create_table_ms, 1500);
  EXPECT_EQ(c.transient_statuses.delete_index_ms, 2000);
  EXPECT_EQ(c.transient_statuses.update_table_ms, 0);
  // The profile sets what no option sets, wherever the option stands.
  Config p = Parse({"--create-table-delay", "0", "--profile", "production"});
  EXPECT_EQ(p.transient_statuses.create_table_ms, 0);
  EXPECT_EQ(p.transient_statuses.create_index_ms, 5000);
  EXPECT_EQ(p.transient_statuses.delete_table_ms, 2000);
  // DynamoDB Local's flag: its index statuses only.
  Config local = Parse({"-delayTransientStatuses"});
  EXPECT_EQ(local.transient_statuses.create_table_ms, 0);
  EXPECT_EQ(local.transient_statuses.create_index_ms, 5000);
  EXPECT_EQ(local.transient_statuses.delete_index_ms, 2000);
  EXPECT_EQ(Error({"--profile", "staging"}),
            "invalid value 'staging' for --profile (expected production)");
}

TEST(ConfigTest, ReadDelayFlags) {
  const Config off = Parse({});
  EXPECT_FALSE(off.read_delays.eventual_reads.any());
  EXPECT_FALSE(off.read_delays.gsi_lag.any());
  EXPECT_EQ(off.read_delays.streams_ms, 0);
  Config c = Parse({"--eventual-consistency-delay", "250", "--gsi-lag=100-500", "--streams-delay",
                    "1500", "--staleness-seed", "9"});
  EXPECT_EQ(c.read_delays.eventual_reads, (DelayRange{250, 250}));
  EXPECT_EQ(c.read_delays.gsi_lag, (DelayRange{100, 500}));
  EXPECT_EQ(c.read_delays.streams_ms, 1500);
  EXPECT_EQ(c.read_delays.seed, 9u);
  // The profile sets what no option sets, wherever the option stands; the seed stays.
  Config p = Parse({"--gsi-lag", "0", "--staleness-seed", "3", "--profile", "production"});
  EXPECT_FALSE(p.read_delays.gsi_lag.any());
  EXPECT_EQ(p.read_delays.eventual_reads, kProductionReadDelays.eventual_reads);
  EXPECT_EQ(p.read_delays.streams_ms, kProductionReadDelays.streams_ms);
  EXPECT_EQ(p.read_delays.seed, 3u);
  const std::string expected =
      " (expected milliseconds from 0 to 60000, or a range MIN-MAX, e.g. 200 or 100-500)";
  EXPECT_EQ(Error({"--gsi-lag", "500-100"}), "invalid value '500-100' for --gsi-lag" + expected);
  EXPECT_EQ(Error({"--eventual-consistency-delay", "x"}),
            "invalid value 'x' for --eventual-consistency-delay" + expected);
  EXPECT_EQ(Error({"--gsi-lag", "60001"}), "invalid value '60001' for --gsi-lag" + expected);
  EXPECT_EQ(Error({"--streams-delay", "-1"}),
            "invalid value '-1' for --streams-delay (expected an integer from 0 to 60000)");
}

}  // namespace
}  // namespace monotable::server
