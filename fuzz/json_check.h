#pragma once
// Checks shared by the request harnesses: what every answer must be, and keeping the
// in-memory engine's state bounded over millions of inputs.

#include <string_view>

#include "protocol/operations.h"

namespace monotable::fuzz {

// Aborts (a finding) when the answer is a 5xx or its body is not valid UTF-8 JSON
// (what every SDK must be able to parse). `operation` and `body` are printed.
void CheckResponse(std::string_view operation, std::string_view request, int http_status,
                   std::string_view response);

// Every `every` calls, deletes every table the inputs created (with deletion protection
// turned off first), so state does not grow without bound.
void ForgetTablesEvery(int every, const protocol::Protocol& protocol, protocol::JsonParser& parser);

}  // namespace monotable::fuzz
