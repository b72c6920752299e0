// libFuzzer harness: the JSON request decoder and handler of every operation, through
// Protocol::Handle on an in-memory engine. The input is the operation's name (the
// X-Amz-Target after "DynamoDB_20120810.", or a whole Streams target), a newline and
// the request body, so seeds captured from real requests read as themselves. Any answer is fine; a
// crash, a sanitizer report, a 5xx or a body that is not JSON is a finding.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "fuzz/in_memory_service.h"
#include "fuzz/json_check.h"

using monotable::fuzz::Service;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static monotable::protocol::JsonParser parser;
  auto& service = Service();
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t newline = input.find('\n');
  if (newline == std::string_view::npos) return 0;
  const std::string_view operation = input.substr(0, newline);
  const std::string_view body = input.substr(newline + 1);
  monotable::protocol::Response response =
      service.protocol->Handle(operation, body, {"AKIDFUZZ", "us-east-1"}, parser);
  monotable::fuzz::CheckResponse(operation, body, response.http_status, response.body);
  monotable::fuzz::ForgetTablesEvery(1024, *service.protocol, parser);
  return 0;
}
