#include "server/server.h"

#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <thread>
#include <vector>

#include "auth/ini_file.h"
#include "engine/base/limits.h"
#include "server/io_thread.h"
#include "server/listener.h"

namespace monotable::server {

struct Server::Io {
  boost::asio::io_context ioc;
  std::shared_ptr<Listener> listener;
};

Server::Server(const Config& config) : config_(config) {}

namespace {

// The access keys of --credentials files and --credential flags.
Result<std::shared_ptr<const auth::SignatureVerifier>> LoadVerifier(const Config& config) {
  auth::SecretsByKey secrets;
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
  options.ttl_sweep_interval_ms = config.ttl_sweep_interval_ms;
  options.ttl_change_interval_ms = config.ttl_cooldown_ms;
  options.stream_retention_ms = config.stream_retention_seconds * 1000;
  options.stream_shard_max_age_ms = config.stream_shard_max_age_seconds * 1000;
  options.stream_iterator_lifetime_ms = config.stream_iterator_lifetime_seconds * 1000;
  auto engine = Engine::Open(options, std::make_unique<SystemClock>());
  if (!engine.ok()) return engine.status();
  server->engine_ = std::move(*engine);
  server->protocol_ = std::make_unique<protocol::Protocol>(
      server->engine_.get(), protocol::ProtocolOptions{config.shared_db, "000000000000"});
  server->router_ =
      std::make_unique<Router>(server->protocol_.get(), config.cors_origins, config.log_requests);

  if (config.require_signature) {
    MT_ASSIGN_OR_RETURN(verifier, LoadVerifier(config));
    server->router_->RequireSignatures(std::move(verifier));
  }
  if (!config.tls_cert.empty()) {
    MT_ASSIGN_OR_RETURN(tls, TlsContexts::Load(config.tls_cert, config.tls_key));
    server->tls_ = std::move(tls);
  }

  server->io_ = std::make_unique<Io>();
  boost::system::error_code ec;
  auto address = boost::asio::ip::make_address(config.host, ec);
  if (ec) return Status::Internal("invalid --host address '" + config.host + "'");
  Router* router = server->router_.get();
  auto listener = Listener::Bind(
      server->io_->ioc, {address, config.port}, [router] { return router->NewConnection(); },
      SessionLimits{.body_limit = limits::kMaxRequestBodyBytes}, server->tls_.get());
  if (!listener.ok()) return listener.status();
  server->io_->listener = std::move(*listener);
  return server;
}

Server::~Server() {
  // Sessions reference the router and engine: the io_context goes first.
  io_.reset();
  router_.reset();
  protocol_.reset();
  engine_.reset();
}

Status Server::Run() {
  auto& ioc = io_->ioc;
  boost::asio::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([this](boost::system::error_code, int) {
    spdlog::info("monotable stopping");
    io_->listener->Stop();
    io_->ioc.stop();  // handlers already running finish their engine call first
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

  int threads = config_.threads > 0
                    ? config_.threads
                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back([&ioc] { RunIoContext(ioc); });
  RunIoContext(ioc);
  for (auto& t : pool) t.join();
  return engine_->Flush();
}

}  // namespace monotable::server
