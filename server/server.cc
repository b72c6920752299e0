#include "server/server.h"

#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <thread>

#include "auth/ini_file.h"
#include "engine/base/limits.h"
#include "iam/principals.h"
#include "server/connection_tracker.h"
#include "server/console.h"
#include "server/dynamodb_local.h"
#include "server/fault_api.h"
#include "server/io_contexts.h"
#include "server/listener.h"
#include "server/open_file_limit.h"
#include "server/worker_pool.h"

namespace monotable::server {

struct Server::Io {
  Io(int64_t max_connections, int io_threads, int workers_wanted)
      : tracker(max_connections),
        loops(io_threads),
        drain_timer(loops.First()),
        workers(workers_wanted > 0 ? workers_wanted : WorkerPool::DefaultThreads()) {}
  // Before the loops, so it outlives the sessions their destructors free (a reply a
  // worker finished after the I/O threads stopped is one of them).
  ConnectionTracker tracker;
  IoContexts loops;
  std::shared_ptr<Listener> listener;
  boost::asio::steady_timer drain_timer;
  std::chrono::steady_clock::time_point drain_deadline;
  // After the loops, so destroyed (stopped) before them: queued tasks hold sessions,
  // whose sockets belong to the loops.
  WorkerPool workers;
};

Server::Server(const Config& config) : config_(config) {}

namespace {

// --iam FILE's principals. Errors: kValidation "--iam FILE: <what is wrong>".
Result<std::shared_ptr<const iam::Principals>> LoadPrincipals(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return Status::Validation("--iam " + file + ": cannot read the file");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  auto principals = iam::ParsePrincipals(text);
  if (!principals.ok())
    return Status::Validation("--iam " + file + ": " + principals.status().message());
  return std::make_shared<const iam::Principals>(std::move(*principals));
}

// The access keys of --credentials files, --credential flags and the --iam principals.
Result<std::shared_ptr<const auth::SignatureVerifier>> LoadVerifier(
    const Config& config, const iam::Principals* principals) {
  auth::SecretsByKey secrets;
  if (principals != nullptr) {
    for (const auto& p : principals->principals) secrets[p.access_key_id] = p.secret_access_key;
  }
  for (const std::string& file : config.credential_files) {
    MT_ASSIGN_OR_RETURN(sections, auth::ReadIniFile(file));
    MT_ASSIGN_OR_RETURN(from_file, auth::SecretsOf(sections, file));
    secrets.insert(from_file.begin(), from_file.end());
  }
  for (const auto& [id, secret] : config.credentials) secrets[id] = secret;
  return std::make_shared<const auth::SignatureVerifier>(std::move(secrets));
}

// Reads the TLS files again on every SIGHUP, for as long as the io_context runs.
void ReloadOnHangup(boost::asio::signal_set& hangup, TlsContexts& tls) {
  hangup.async_wait([&hangup, &tls](boost::system::error_code ec, int) {
    if (ec) return;
    Status reloaded = tls.Reload();
    if (reloaded.ok()) {
      spdlog::info("SIGHUP: TLS certificate and key reloaded");
    } else {
      spdlog::error("SIGHUP: TLS reload failed, keeping the previous certificate: {}",
                    reloaded.message());
    }
    ReloadOnHangup(hangup, tls);
  });
}

}  // namespace

Result<std::unique_ptr<Server>> Server::Create(const Config& config) {
  std::unique_ptr<Server> server(new Server(config));
  EngineOptions options;
  options.path = config.db_path;
  options.in_memory = config.in_memory;
  options.block_cache_bytes = static_cast<size_t>(config.cache_mb) << 20;
  options.throughput = config.throughput;
  options.sort_key_splits = config.SortKeySplits();
  options.heat_split_seconds = config.heat_split_seconds;
  options.ttl_sweep_interval_ms = config.ttl_sweep_interval_ms;
  options.ttl_change_interval_ms = config.ttl_cooldown_ms;
  options.stream_retention_ms = config.stream_retention_seconds * 1000;
  options.stream_shard_max_age_ms = config.stream_shard_max_age_seconds * 1000;
  options.stream_iterator_lifetime_ms = config.stream_iterator_lifetime_seconds * 1000;
  options.transient_statuses = config.transient_statuses;
  options.eventual_read_delay = config.read_delays.eventual_reads;
  options.gsi_lag = config.read_delays.gsi_lag;
  options.staleness_seed = config.read_delays.seed;
  options.stream_records_delay_ms = config.read_delays.streams_ms;
  auto engine = Engine::Open(options, std::make_unique<SystemClock>());
  if (!engine.ok()) return engine.status();
  server->engine_ = std::move(*engine);
  protocol::ProtocolOptions protocol_options{config.shared_db, "000000000000"};
  std::shared_ptr<const iam::Principals> principals;
  if (!config.iam_file.empty()) {
    MT_ASSIGN_OR_RETURN(loaded, LoadPrincipals(config.iam_file));
    principals = std::move(loaded);
    static const SystemClock kClock;
    protocol_options.account_id = principals->account_id;
    protocol_options.authorizer = std::make_shared<const protocol::authorization::Authorizer>(
        principals, &kClock, config.log_requests);
  }
  server->protocol_ =
      std::make_unique<protocol::Protocol>(server->engine_.get(), std::move(protocol_options));
  server->router_ =
      std::make_unique<Router>(server->protocol_.get(), server->engine_.get(), config.cors_origins,
                               config.log_requests, ConsoleEnabled(config));

  server->router_->AnswerRootAsDynamoDbLocal(config.dynamodb_local);
  if (principals) server->router_->NameNamespacesByAccount(principals->account_id);
  server->router_->faults().SetSeed(config.faults_seed);
  if (!config.faults_file.empty()) {
    MT_RETURN_IF_ERROR(LoadFaultFile(server->router_->faults(), config.faults_file));
    spdlog::info("fault injection: {} rules from {}", server->router_->faults().List().size(),
                 config.faults_file);
  }
  if (config.require_signature) {
    MT_ASSIGN_OR_RETURN(verifier, LoadVerifier(config, principals.get()));
    server->router_->RequireSignatures(std::move(verifier), config.public_metrics);
  }
  if (!config.tls_cert.empty()) {
    MT_ASSIGN_OR_RETURN(tls, TlsContexts::Load(config.tls_cert, config.tls_key));
    server->tls_ = std::move(tls);
  }

  // Every connection is a descriptor: raise the soft limit as far as the hard one allows,
  // and hold the connection limit below what is left after RocksDB's files.
  const int64_t max_connections = FitConnectionsToOpenFileLimit(config.max_connections);
  const int io_threads = config.threads > 0
                             ? config.threads
                             : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  server->io_ = std::make_unique<Io>(max_connections, io_threads, config.workers);
  boost::system::error_code ec;
  auto address = boost::asio::ip::make_address(config.host, ec);
  if (ec) return Status::Internal("invalid --host address '" + config.host + "'");
  Router* router = server->router_.get();
  auto listener = Listener::Bind(
      server->io_->loops, {address, config.port}, [router] { return router->NewConnection(); },
      SessionLimits{.body_limit = limits::kMaxRequestBodyBytes,
                    .header_limit = static_cast<size_t>(config.max_header_bytes),
                    .request_line_limit = static_cast<size_t>(config.max_request_line_bytes),
                    .header_timeout = std::chrono::milliseconds(config.header_timeout_ms),
                    .tracker = &server->io_->tracker,
                    .workers = &server->io_->workers},
      server->tls_.get());
  if (!listener.ok()) return listener.status();
  server->io_->listener = std::move(*listener);
  return server;
}

Server::~Server() {
  // Sessions reference the router and engine: the loops go first.
  io_.reset();
  router_.reset();
  protocol_.reset();
  engine_.reset();
}

Status Server::Run() {
  auto& ioc = io_->loops.First();
  boost::asio::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([this](boost::system::error_code, int) {
    // Drain: no new connections; requests being read or served finish (their answers
    // close their connections) within the grace period; then the I/O threads stop.
    spdlog::info("monotable stopping: {} requests in flight, waiting up to {} ms",
                 io_->tracker.requests_in_flight(), config_.shutdown_grace_ms);
    io_->listener->Stop();
    io_->tracker.BeginDrain();
    io_->drain_deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(config_.shutdown_grace_ms);
    WaitForDrain();
  });
  boost::asio::signal_set hangup(ioc);
  if (tls_) {
    hangup.add(SIGHUP);
    ReloadOnHangup(hangup, *tls_);
  }
  io_->listener->Start();
  spdlog::info("monotable listening on {}://{}:{} ({}{})", tls_ ? "https" : "http", config_.host,
               io_->listener->port(),
               config_.in_memory ? "in memory" : "data in " + config_.db_path,
               config_.require_signature ? ", signatures required" : "");
  if (ConsoleEnabled(config_)) {
    const bool v6 = config_.host.find(':') != std::string::npos;  // an IPv6 URL brackets it
    spdlog::info("web console: {}://{}{}{}:{}/console/", tls_ ? "https" : "http", v6 ? "[" : "",
                 config_.host, v6 ? "]" : "", io_->listener->port());
  }

  if (config_.dynamodb_local) {
    // After the listener is up, so that a harness waiting for the banner can connect at
    // once; flushed, since stdout is a pipe (block-buffered) in a container.
    const std::string banner = DynamoDbLocalBanner(config_, io_->listener->port());
    std::fwrite(banner.data(), 1, banner.size(), stdout);
    std::fflush(stdout);
  }

  io_->loops.Run();
  // The I/O threads are gone, so no reply can be written any more: requests still on a
  // worker finish their engine call first (the engine is flushed after them).
  if (size_t dropped = io_->workers.Stop(); dropped > 0) {
    spdlog::warn("{} long requests still queued were not served", dropped);
  }
  return engine_->Flush();
}

void Server::WaitForDrain() {
  const bool drained = io_->tracker.requests_in_flight() == 0;
  if (drained || std::chrono::steady_clock::now() >= io_->drain_deadline) {
    if (!drained) {
      spdlog::warn("shutdown grace period over: {} requests still in flight are cut off",
                   io_->tracker.requests_in_flight());
    }
    io_->loops.Stop();  // handlers already running finish their engine call first
    return;
  }
  io_->drain_timer.expires_after(std::chrono::milliseconds(10));
  io_->drain_timer.async_wait([this](boost::system::error_code ec) {
    if (!ec) WaitForDrain();
  });
}

}  // namespace monotable::server
