// libFuzzer harness: the HTTP request parser (RequestParser over Beast's basic_parser,
// set up as every server session sets it up) and, for each request it parses, the
// router (target, SigV4 credential scope, CORS, GET paths) and the protocol on an
// in-memory engine. The input is the bytes a client sends on one connection; several
// pipelined requests are served in turn, as a keep-alive session does.

#include <boost/beast/http.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/base/limits.h"
#include "fuzz/in_memory_service.h"
#include "fuzz/json_check.h"
#include "server/http_session.h"
#include "server/router.h"

namespace http = boost::beast::http;
using monotable::fuzz::Service;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static monotable::server::Router router(Service().protocol.get(), Service().engine.get(), "*");
  static monotable::protocol::JsonParser json;
  const monotable::server::SessionLimits limits{.body_limit =
                                                    monotable::limits::kMaxRequestBodyBytes};
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  monotable::server::HttpRequest request;
  std::optional<monotable::server::RequestParser> parser;
  while (!rest.empty()) {
    monotable::server::ConfigureRequestParser(limits, parser, request);
    boost::beast::error_code ec;
    // Beast consumes what it can of the buffer per call, as async_read does.
    while (!rest.empty() && !parser->is_done()) {
      const size_t used = parser->put(boost::asio::buffer(rest.data(), rest.size()), ec);
      rest.remove_prefix(used);
      if (ec == http::error::need_more) {
        if (used == 0) return 0;  // an incomplete request: the session would wait
        ec = {};
        continue;
      }
      if (ec) return 0;  // a malformed request: the session closes the connection
    }
    if (!parser->is_done()) {
      parser->put_eof(ec);
      if (ec || !parser->is_done()) return 0;
    }
    monotable::server::HttpReply reply;
    router.Handle(parser->get(), json, reply);
    // A POST is answered with DynamoDB JSON; nothing is ever a 5xx.
    if (parser->get().method() == http::verb::post || reply.status >= 500) {
      monotable::fuzz::CheckResponse("(http)", parser->get().body(), static_cast<int>(reply.status),
                                     reply.body);
    }
    if (!parser->get().keep_alive()) return 0;
  }
  return 0;
}
