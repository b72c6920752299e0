#pragma once
// TlsContexts: the server's TLS configuration (--tls-cert, --tls-key): TLS 1.2 and
// 1.3 only, forward-secret AEAD ciphers for TLS 1.2 (TLS 1.3's suites are all such),
// the certificate chain and key read from PEM files. Reload() reads the files again
// (SIGHUP): connections accepted afterwards use the new certificate, open ones keep
// theirs. Thread-safe: Current() and Reload() may run on any threads.

#include <boost/asio/ssl/context.hpp>
#include <memory>
#include <mutex>
#include <string>

#include "engine/base/status.h"

namespace monotable::server {

class TlsContexts {
 public:
  // Errors: kValidation naming the file that cannot be read or used, or a key that
  // does not match the certificate.
  static Result<std::unique_ptr<TlsContexts>> Load(std::string cert_file, std::string key_file);

  std::shared_ptr<boost::asio::ssl::context> Current() const;

  // Errors: as Load's; the current context then stays in use.
  Status Reload();

 private:
  TlsContexts(std::string cert_file, std::string key_file)
      : cert_file_(std::move(cert_file)), key_file_(std::move(key_file)) {}

  const std::string cert_file_;
  const std::string key_file_;
  mutable std::mutex mu_;
  std::shared_ptr<boost::asio::ssl::context> current_;  // guarded by mu_
};

}  // namespace monotable::server
