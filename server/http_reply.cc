#include "server/http_reply.h"

#include <boost/beast/http/status.hpp>
#include <charconv>
#include <ostream>  // boost/beast/http/status.hpp needs it but does not include it

namespace monotable::server {

void HttpReply::AddHeader(std::string_view name, std::string_view value) {
  headers.append(name).append(": ").append(value).append("\r\n");
}

void HttpReply::Reset() {
  status = 200;
  headers.clear();
  body.clear();
  delay_ms = 0;
  reset_connection = false;
}

void FormatResponseHead(const HttpReply& reply, unsigned version, bool keep_alive,
                        std::string& head) {
  char digits[24];
  // The request's version, as Beast parsed it (major * 10 + minor).
  head.assign("HTTP/");
  head.push_back(static_cast<char>('0' + version / 10 % 10));
  head.push_back('.');
  head.push_back(static_cast<char>('0' + version % 10));
  head.push_back(' ');
  head.append(digits, std::to_chars(digits, digits + sizeof digits, reply.status).ptr);
  head.push_back(' ');
  auto reason =
      boost::beast::http::obsolete_reason(static_cast<boost::beast::http::status>(reply.status));
  head.append(reason.data(), reason.size());
  head.append("\r\n").append(reply.headers).append("Content-Length: ");
  head.append(digits, std::to_chars(digits, digits + sizeof digits, reply.body.size()).ptr);
  head.append("\r\n");
  // HTTP/1.1 keeps the connection unless told otherwise; HTTP/1.0 closes it unless told.
  if (version < 11 && keep_alive) head.append("Connection: keep-alive\r\n");
  if (version >= 11 && !keep_alive) head.append("Connection: close\r\n");
  head.append("\r\n");
}

}  // namespace monotable::server
