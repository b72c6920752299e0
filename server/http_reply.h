#pragma once
// HttpReply: one HTTP response as the session writes it: a status, pre-formatted header
// lines and a body. The session adds the status line, Content-Length and Connection
// (FormatResponseHead) and sends head and body in one gather write, so no serializer
// walks the fields and the body is never copied. Not thread-safe (one per connection).

#include <cstdint>
#include <string>
#include <string_view>

namespace monotable::server {

struct HttpReply {
  unsigned status = 200;
  std::string headers;  // "Name: value\r\n" lines; no Content-Length or Connection
  std::string body;
  // Injected faults (server/fault_injector.h): wait this long before writing the
  // reply, or write none and reset the connection (TCP RST) instead.
  int64_t delay_ms = 0;
  bool reset_connection = false;

  void AddHeader(std::string_view name, std::string_view value);
  // Empties it for the next request, keeping the header buffer's capacity.
  void Reset();
};

// Writes into `head` (replacing its content, reusing its capacity) the status line
// (e.g. "HTTP/1.1 200 OK"), reply.headers, Content-Length of reply.body, the
// Connection header HTTP/1.x needs to keep or close the connection, and the blank line.
// `version` is the request's as Beast parses it: 10 for HTTP/1.0, 11 for HTTP/1.1.
void FormatResponseHead(const HttpReply& reply, unsigned version, bool keep_alive,
                        std::string& head);

}  // namespace monotable::server
