#pragma once
// Listener: accepts TCP connections on the first of the server's event loops and starts
// an HttpSession for each (a TlsHttpSession when it serves TLS) on the loop IoContexts
// gives it next, where the connection then stays. With a
// ConnectionTracker in its SessionLimits, a connection over the tracker's limit gets a
// 503 (a DynamoDB-style JSON error) and is closed at once, so the kernel's backlog does
// not fill with connections that would only time out.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <memory>

#include "engine/base/status.h"
#include "server/http_session.h"
#include "server/io_contexts.h"
#include "server/tls_context.h"

namespace monotable::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // `tls`: null for plain HTTP; else every connection is TLS with its current context
  // (it must outlive the listener). Errors: kInternal when the address cannot be bound
  // (in use, not local, …).
  // `loops` must outlive the listener.
  static Result<std::shared_ptr<Listener>> Bind(IoContexts& loops,
                                                const boost::asio::ip::tcp::endpoint& endpoint,
                                                ConnectionHandlerFactory factory,
                                                const SessionLimits& limits,
                                                const TlsContexts* tls = nullptr);
  void Start();
  void Stop();
  uint16_t port() const;

 private:
  Listener(IoContexts& loops, ConnectionHandlerFactory factory, const SessionLimits& limits,
           const TlsContexts* tls);
  void Accept();
  // Answers 503 on a connection over the limit, without blocking, and closes it.
  void Refuse(TcpSocket& socket);

  IoContexts& loops_;
  boost::asio::ip::tcp::acceptor acceptor_;
  ConnectionHandlerFactory factory_;
  SessionLimits limits_;
  std::chrono::steady_clock::time_point last_refusal_log_{};  // on loop 0's thread
  const TlsContexts* tls_;
};

}  // namespace monotable::server
