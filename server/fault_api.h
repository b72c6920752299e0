#pragma once
// The fault-injection admin API (docs/FAULTS.md), beside the monitoring views:
//   POST   /monotable/faults        add one rule (body: the rule; answer: it, with its id)
//                                   or several ({"seed": N, "rules": [...]}: all or none)
//   GET    /monotable/faults        {"seed": N, "rules": [rule + matched/injected counts]}
//   DELETE /monotable/faults        remove every rule (a test's tear-down)
//   DELETE /monotable/faults/{id}   remove one rule
// and the --faults FILE read at start, in the POST's batch shape.
//
// Thread-safety: the FaultInjector is; each caller brings its own JsonParser. Errors:
// HTTP 400 (a bad rule: {"message": ...}), 404 (no such rule), 405 (another method);
// LoadFaultFile answers kValidation with the file's name and the reason.

#include <string>
#include <string_view>

#include "engine/base/status.h"
#include "protocol/json_reader.h"
#include "server/fault_injector.h"
#include "server/http_reply.h"

namespace monotable::server {

// True for /monotable/faults and the paths below it (the query string stripped).
bool IsFaultApiPath(std::string_view path);

void ServeFaultApi(FaultInjector& faults, std::string_view method, std::string_view path,
                   std::string_view body, protocol::JsonParser& parser, HttpReply& reply);

Status LoadFaultFile(FaultInjector& faults, const std::string& path);

}  // namespace monotable::server
