#include "server/monitoring.h"

#include <charconv>
#include <optional>
#include <string>

#include "server/console_json.h"
#include "server/metrics_text.h"

namespace monotable::server {
namespace {

constexpr std::string_view kTablesPrefix = "/monotable/tables/";
constexpr char kJsonContentType[] = "application/json";

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Percent-decoding of a path segment or query value ('+' is a space in a query).
std::optional<std::string> Unescape(std::string_view text, bool query) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      const int hi = HexValue(text[i + 1]), lo = HexValue(text[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out.push_back(static_cast<char>(hi * 16 + lo));
      i += 2;
    } else if (query && text[i] == '+') {
      out.push_back(' ');
    } else {
      out.push_back(text[i]);
    }
  }
  return out;
}

// The value of `name` in a query string ("a=1&b=2"), decoded; nullopt when absent.
std::optional<std::string> QueryParam(std::string_view query, std::string_view name) {
  while (!query.empty()) {
    const size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == query.npos ? std::string_view() : query.substr(amp + 1);
    const size_t eq = pair.find('=');
    if (pair.substr(0, eq) != name) continue;
    return Unescape(eq == pair.npos ? std::string_view() : pair.substr(eq + 1), true);
  }
  return std::nullopt;
}

void Answer(HttpReply& reply, unsigned status, const char* content_type, std::string body) {
  reply.status = status;
  reply.AddHeader("Content-Type", content_type);
  reply.body = std::move(body);
}

void JsonError(HttpReply& reply, unsigned status, std::string_view message) {
  Answer(reply, status, kJsonContentType, ErrorJson(message));
}

}  // namespace

bool ServeMonitoring(const MonitoringSource& engine, const RequestMetrics& requests,
                     const FaultInjector* faults, std::string_view target, MonitoringAccess access,
                     std::string_view iam_account, HttpReply& reply) {
  const size_t question = target.find('?');
  const std::string_view path = target.substr(0, question);
  const std::string_view query =
      question == target.npos ? std::string_view() : target.substr(question + 1);
  if (path == "/metrics") {
    StatsOptions options;
    // Contributor Insights' top keys of the resources that keep them.
    options.top_keys = access == MonitoringAccess::kFull ? 10 : 0;
    Answer(reply, 200, kMetricsContentType,
           MetricsText(engine.Stats(options), requests, ReadAllocatorStats(), faults));
    return true;
  }
  if (path == "/monotable/tables") {
    Answer(reply, 200, kJsonContentType, TablesJson(engine.Stats(StatsOptions{}), iam_account));
    return true;
  }
  if (path.substr(0, kTablesPrefix.size()) != kTablesPrefix) return false;
  const std::string_view rest = path.substr(kTablesPrefix.size());
  const size_t slash = rest.find('/');
  if (slash == rest.npos || slash == 0) return false;
  const std::string_view view = rest.substr(slash + 1);
  if (view != "partitions" && view != "insights") return false;
  std::optional<std::string> name = Unescape(rest.substr(0, slash), false);
  if (!name) {
    JsonError(reply, 400, "malformed table name");
    return true;
  }
  StatsOptions options;
  options.table = *name;
  if (auto ns = QueryParam(query, "namespace")) options.ns = *ns;
  if (view == "partitions") {
    options.recent_seconds = 300;
    if (auto seconds = QueryParam(query, "seconds")) {
      int64_t value = 0;
      auto [end, ec] = std::from_chars(seconds->data(), seconds->data() + seconds->size(), value);
      if (ec != std::errc() || end != seconds->data() + seconds->size() || value < 1 ||
          value > 600) {
        JsonError(reply, 400, "seconds must be an integer from 1 to 600");
        return true;
      }
      options.recent_seconds = value;
    }
    options.partition_contents = true;
  } else {
    options.top_keys = 10;
  }
  EngineStats stats = engine.Stats(options);
  if (stats.tables.empty()) {
    JsonError(reply, 404, "table not found: " + *name);
    return true;
  }
  if (stats.tables.size() > 1) {
    std::string namespaces;
    for (const auto& t : stats.tables) namespaces += (namespaces.empty() ? "" : ", ") + t.ns;
    JsonError(
        reply, 409,
        "table " + *name + " exists in several namespaces (" + namespaces + "): add ?namespace=");
    return true;
  }
  Answer(reply, 200, kJsonContentType,
         view == "partitions" ? PartitionsJson(stats.tables[0], options.recent_seconds)
                              : InsightsJson(stats.tables[0]));
  return true;
}

}  // namespace monotable::server
