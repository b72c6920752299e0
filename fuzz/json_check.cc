#include "fuzz/json_check.h"

#include <simdjson.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace monotable::fuzz {
namespace {

const protocol::CallerIdentity kCaller{"AKIDFUZZ", "us-east-1"};

[[noreturn]] void Fail(const char* what, std::string_view operation, std::string_view request,
                       std::string_view response) {
  std::fprintf(stderr, "%s\noperation: %.*s\nrequest: %.*s\nresponse: %.*s\n", what,
               static_cast<int>(operation.size()), operation.data(),
               static_cast<int>(request.size()), request.data(), static_cast<int>(response.size()),
               response.data());
  std::abort();
}

}  // namespace

void CheckResponse(std::string_view operation, std::string_view request, int http_status,
                   std::string_view response) {
  if (http_status >= 500) Fail("a 5xx answer", operation, request, response);
  static simdjson::dom::parser checker;
  simdjson::dom::element root;
  // simdjson validates UTF-8 as it parses.
  if (checker.parse(response.data(), response.size()).get(root)) {
    Fail("an answer that is not UTF-8 JSON", operation, request, response);
  }
}

void ForgetTablesEvery(int every, const protocol::Protocol& protocol,
                       protocol::JsonParser& parser) {
  static int calls = 0;
  if (++calls % every != 0) return;
  // Every table, page after page: ListTables returns at most 100 names, and tables
  // left behind make each DeleteTable slower (RocksDB rewrites its OPTIONS file, which
  // lists every column family, on each drop).
  std::vector<std::string> names;
  std::string after;
  do {
    std::string request = after.empty() ? "{}" : "{\"ExclusiveStartTableName\":\"" + after + "\"}";
    protocol::Response listed = protocol.Handle("ListTables", request, kCaller, parser);
    simdjson::dom::parser reader;
    simdjson::dom::element root;
    simdjson::dom::array tables;
    if (reader.parse(listed.body).get(root) || root["TableNames"].get_array().get(tables)) break;
    for (simdjson::dom::element name : tables) {
      std::string_view text;
      if (!name.get_string().get(text)) names.emplace_back(text);
    }
    std::string_view last;
    after = root["LastEvaluatedTableName"].get_string().get(last) ? "" : std::string(last);
  } while (!after.empty());
  for (const std::string& name : names) {
    std::string table = "{\"TableName\":\"" + name + "\"";
    protocol.Handle("UpdateTable", table + ",\"DeletionProtectionEnabled\":false}", kCaller,
                    parser);
    protocol.Handle("DeleteTable", table + "}", kCaller, parser);
  }
}

}  // namespace monotable::fuzz
