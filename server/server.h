#pragma once
// Server: the running process. Owns the engine, the protocol, the router and the
// event loops (one io_context per I/O thread, server/io_contexts.h); on SIGINT/SIGTERM
// stops accepting, lets the requests in flight finish within --shutdown-grace-seconds,
// stops and flushes the engine; with TLS, reads its certificate and key again on SIGHUP.

#include <memory>

#include "engine/engine.h"
#include "protocol/operations.h"
#include "server/config.h"
#include "server/router.h"
#include "server/tls_context.h"

namespace monotable::server {

class Server {
 public:
  // Opens the engine, reads the credentials and TLS files and binds the port.
  // Errors: kInternal (data directory, port), kValidation (credentials or TLS files).
  static Result<std::unique_ptr<Server>> Create(const Config& config);
  ~Server();

  // Serves until SIGINT or SIGTERM, drains, then flushes the engine. Returns its status.
  Status Run();

 private:
  explicit Server(const Config& config);
  // Polls (every 10 ms) until no request is in flight or the grace period is over,
  // then stops the event loops.
  void WaitForDrain();

  Config config_;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<protocol::Protocol> protocol_;
  std::unique_ptr<Router> router_;
  std::unique_ptr<TlsContexts> tls_;  // null: plain HTTP
  struct Io;
  std::unique_ptr<Io> io_;
};

}  // namespace monotable::server
