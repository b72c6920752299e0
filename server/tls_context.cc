#include "server/tls_context.h"

#include <openssl/ssl.h>

namespace monotable::server {
namespace {

namespace ssl = boost::asio::ssl;

// TLS 1.2's ECDHE suites with AES-GCM or ChaCha20-Poly1305 (forward secrecy, AEAD).
constexpr const char* kTls12Ciphers =
    "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:"
    "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:"
    "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";

Result<std::shared_ptr<ssl::context>> MakeContext(const std::string& cert_file,
                                                  const std::string& key_file) {
  auto context = std::make_shared<ssl::context>(ssl::context::tls_server);
  context->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 |
                       ssl::context::no_sslv3 | ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 |
                       ssl::context::single_dh_use);
  SSL_CTX* native = context->native_handle();
  SSL_CTX_set_min_proto_version(native, TLS1_2_VERSION);
  SSL_CTX_set_cipher_list(native, kTls12Ciphers);
  SSL_CTX_set_options(native, SSL_OP_CIPHER_SERVER_PREFERENCE | SSL_OP_NO_RENEGOTIATION);
  boost::system::error_code ec;
  context->use_certificate_chain_file(cert_file, ec);
  if (ec) return Status::Validation("cannot use --tls-cert " + cert_file + ": " + ec.message());
  context->use_private_key_file(key_file, ssl::context::pem, ec);
  if (ec) return Status::Validation("cannot use --tls-key " + key_file + ": " + ec.message());
  if (SSL_CTX_check_private_key(native) != 1) {
    return Status::Validation("--tls-key " + key_file + " does not match --tls-cert " + cert_file);
  }
  return context;
}

}  // namespace

Result<std::unique_ptr<TlsContexts>> TlsContexts::Load(std::string cert_file,
                                                       std::string key_file) {
  std::unique_ptr<TlsContexts> contexts(new TlsContexts(std::move(cert_file), std::move(key_file)));
  MT_RETURN_IF_ERROR(contexts->Reload());
  return contexts;
}

std::shared_ptr<ssl::context> TlsContexts::Current() const {
  std::lock_guard lock(mu_);
  return current_;
}

Status TlsContexts::Reload() {
  MT_ASSIGN_OR_RETURN(context, MakeContext(cert_file_, key_file_));
  std::lock_guard lock(mu_);
  current_ = std::move(context);
  return Status::Ok();
}

}  // namespace monotable::server
