#include "server/listener.h"

#include <spdlog/spdlog.h>

#include <boost/asio/strand.hpp>

#include "engine/base/catch_all.h"

namespace monotable::server {

Listener::Listener(boost::asio::io_context& ioc, ConnectionHandlerFactory factory,
                   const SessionLimits& limits, const TlsContexts* tls)
    : ioc_(ioc),
      acceptor_(boost::asio::make_strand(ioc)),
      factory_(std::move(factory)),
      limits_(limits),
      tls_(tls) {}

Result<std::shared_ptr<Listener>> Listener::Bind(boost::asio::io_context& ioc,
                                                 const boost::asio::ip::tcp::endpoint& endpoint,
                                                 ConnectionHandlerFactory factory,
                                                 const SessionLimits& limits,
                                                 const TlsContexts* tls) {
  std::shared_ptr<Listener> listener(new Listener(ioc, std::move(factory), limits, tls));
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
  // Sessions need no strand (see HttpSession), so their sockets use the io_context's
  // executor directly.
  acceptor_.async_accept(ioc_.get_executor(), [self = shared_from_this()](
                                                  boost::system::error_code ec, TcpSocket socket) {
    if (ec == boost::asio::error::operation_aborted) return;  // stopped
    if (!ec) {
      // A boundary of its own: an exception escaping to the I/O thread would skip the
      // Accept() below and leave the server alive but deaf.
      Status thrown = CatchAll([&] {
        socket.set_option(boost::asio::ip::tcp::no_delay(true), ec);
        if (self->tls_ != nullptr) {
          auto context = self->tls_->Current();
          std::make_shared<TlsHttpSession>(TlsStream(std::move(socket), *context), self->factory_(),
                                           self->limits_, context)
              ->Run();
        } else {
          std::make_shared<HttpSession>(std::move(socket), self->factory_(), self->limits_)->Run();
        }
      });
      if (!thrown.ok()) spdlog::error("dropped a new connection: {}", thrown.message());
    }
    self->Accept();
  });
}

}  // namespace monotable::server
