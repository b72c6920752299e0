#include "server/listener.h"

#include <spdlog/spdlog.h>

#include <string>

#include "engine/base/catch_all.h"
#include "server/fault_answer.h"

namespace monotable::server {

Listener::Listener(IoContexts& loops, ConnectionHandlerFactory factory, const SessionLimits& limits,
                   const TlsContexts* tls)
    : loops_(loops),
      // Loop 0 runs on one thread: the acceptor's handlers need no strand.
      acceptor_(loops.First()),
      factory_(std::move(factory)),
      limits_(limits),
      tls_(tls) {}

Result<std::shared_ptr<Listener>> Listener::Bind(IoContexts& loops,
                                                 const boost::asio::ip::tcp::endpoint& endpoint,
                                                 ConnectionHandlerFactory factory,
                                                 const SessionLimits& limits,
                                                 const TlsContexts* tls) {
  std::shared_ptr<Listener> listener(new Listener(loops, std::move(factory), limits, tls));
  boost::system::error_code ec;
  auto& a = listener->acceptor_;
  a.open(endpoint.protocol(), ec);
  if (!ec) a.set_option(boost::asio::socket_base::reuse_address(true), ec);
  if (!ec) a.bind(endpoint, ec);
  if (!ec) a.listen(boost::asio::socket_base::max_listen_connections, ec);
  if (ec) {
    return Status::Internal("cannot listen on " + endpoint.address().to_string() + ":" +
                            std::to_string(endpoint.port()) + ": " + ec.message());
  }
  return listener;
}

uint16_t Listener::port() const { return acceptor_.local_endpoint().port(); }

void Listener::Start() { Accept(); }

void Listener::Stop() {
  boost::system::error_code ignored;
  acceptor_.close(ignored);
}

void Listener::Accept() {
  // Sessions need no strand (see HttpSession), so their sockets use their loop's
  // executor directly.
  acceptor_.async_accept(loops_.Next().get_executor(), [self = shared_from_this()](
                                                           boost::system::error_code ec,
                                                           TcpSocket socket) {
    if (ec == boost::asio::error::operation_aborted) return;  // stopped
    if (!ec) {
      // A boundary of its own: an exception escaping to the I/O thread would skip the
      // Accept() below and leave the server alive but deaf.
      Status thrown = CatchAll([&] {
        ConnectionTracker::Slot slot;
        if (ConnectionTracker* tracker = self->limits_.tracker; tracker != nullptr) {
          slot = tracker->TryOpen();
          if (!slot) return self->Refuse(socket);
        }
        socket.set_option(boost::asio::ip::tcp::no_delay(true), ec);
        if (self->tls_ != nullptr) {
          auto context = self->tls_->Current();
          std::make_shared<TlsHttpSession>(TlsStream(std::move(socket), *context), self->factory_(),
                                           self->limits_, std::move(slot), context)
              ->Run();
        } else {
          std::make_shared<HttpSession>(std::move(socket), self->factory_(), self->limits_,
                                        std::move(slot))
              ->Run();
        }
      });
      if (!thrown.ok()) spdlog::error("dropped a new connection: {}", thrown.message());
    }
    self->Accept();
  });
}

void Listener::Refuse(TcpSocket& socket) {
  // Rate-limited: a flood of refusals must not become a flood of log lines.
  const auto now = std::chrono::steady_clock::now();
  if (now - last_refusal_log_ > std::chrono::seconds(10)) {
    last_refusal_log_ = now;
    spdlog::warn("refusing connections: {} open, the --max-connections limit",
                 limits_.tracker->max_connections());
  }
  static const std::string kAnswer = [] {
    const std::string body = std::string(R"({"__type":")") + kServiceUnavailableType +
                             R"(","message":"Too many open connections; try again later"})";
    return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/x-amz-json-1.0\r\n"
           "Content-Length: " +
           std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
  }();
  // One non-blocking send into a new socket's empty buffer: it fits, and a client that
  // is gone costs nothing. Then close; the slot was never taken.
  boost::system::error_code ignored;
  socket.non_blocking(true, ignored);
  socket.send(boost::asio::buffer(kAnswer), 0, ignored);
  socket.shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
  socket.close(ignored);
}

}  // namespace monotable::server
