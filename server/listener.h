#pragma once
// Listener: accepts TCP connections and starts an HttpSession for each.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <memory>

#include "engine/base/status.h"
#include "server/http_session.h"

namespace monotable::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Errors: kInternal when the address cannot be bound (in use, not local, …).
  static Result<std::shared_ptr<Listener>> Bind(boost::asio::io_context& ioc,
                                                const boost::asio::ip::tcp::endpoint& endpoint,
                                                ConnectionHandlerFactory factory,
                                                const SessionLimits& limits);
  void Start();
  void Stop();
  uint16_t port() const;

 private:
  Listener(boost::asio::io_context& ioc, ConnectionHandlerFactory factory,
           const SessionLimits& limits);
  void Accept();

  boost::asio::io_context& ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  ConnectionHandlerFactory factory_;
  SessionLimits limits_;
};

}  // namespace monotable::server
