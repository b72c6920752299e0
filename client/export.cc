#include "client/export.h"

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/base/catch_all.h"
#include "protocol/json_reader.h"
#include "protocol/json_writer.h"

namespace monotable::client {
namespace {

struct Shared {
  std::mutex mu;  // guards `out` and `error`
  std::FILE* out;
  Status error;
  std::atomic<bool> failed{false};
};

void Fail(Shared& shared, Status status) {
  std::lock_guard lock(shared.mu);
  if (shared.error.ok()) shared.error = std::move(status);
  shared.failed = true;
}

void ScanSegment(DynamoClient& client, const ExportOptions& options, int segment, Shared& shared,
                 Progress& progress) {
  protocol::JsonParser parser;
  std::string start_key;  // raw JSON of LastEvaluatedKey
  std::string lines;
  do {
    protocol::JsonWriter w;
    w.BeginObject().Key("TableName").String(options.table);
    w.Key("Segment").Int(segment).Key("TotalSegments").Int(options.segments);
    if (!start_key.empty()) w.Key("ExclusiveStartKey").Raw(start_key);
    w.EndObject();
    auto reply = client.CallWithRetries("Scan", w.Take());
    if (!reply.ok()) return Fail(shared, reply.status());
    if (!reply->ok()) {
      return Fail(shared, Status::Validation(reply->error_type + ": " + reply->message));
    }
    reply->body.reserve(reply->body.size() + simdjson::SIMDJSON_PADDING);
    auto page = parser.ParseObject(reply->body);
    if (!page.ok()) return Fail(shared, Status::Internal("unreadable Scan reply"));
    simdjson::dom::array items;
    lines.clear();
    int64_t count = 0;
    if ((*page)["Items"].get(items) == simdjson::SUCCESS) {
      for (simdjson::dom::element item : items) {
        lines += "{\"Item\":";
        lines += simdjson::minify(item);
        lines += "}\n";
        ++count;
      }
    }
    simdjson::dom::element last;
    start_key = (*page)["LastEvaluatedKey"].get(last) == simdjson::SUCCESS ? simdjson::minify(last)
                                                                           : std::string();
    {
      std::lock_guard lock(shared.mu);
      std::fwrite(lines.data(), 1, lines.size(), shared.out);
    }
    progress.Add(count);
  } while (!start_key.empty() && !shared.failed);
}

}  // namespace

Status RunExport(const ClientFactory& connect, const ExportOptions& options, std::FILE* out,
                 Progress& progress) {
  Shared shared;
  shared.out = out;
  std::vector<std::thread> threads;
  for (int segment = 0; segment < options.segments; ++segment) {
    threads.emplace_back([&, segment] {
      Status thrown = CatchAll([&] {
        std::unique_ptr<DynamoClient> client = connect();
        ScanSegment(*client, options, segment, shared, progress);
      });
      if (!thrown.ok()) Fail(shared, thrown);
    });
  }
  for (auto& t : threads) t.join();
  std::fflush(out);
  return shared.error;
}

}  // namespace monotable::client
