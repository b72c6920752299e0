#include "rehearse/trace.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <ctime>
#include <optional>

#include "engine/format/key_codec.h"
#include "protocol/base64.h"
#include "protocol/touched_items.h"
#include "rehearse/key_space.h"
#include "rehearse/sort_key_space.h"

namespace monotable::rehearse {
namespace {

using throughput::Op;

constexpr std::string_view kCsvHeader = "timestamp,operation,table,key,size";
// With the sort key of each request (its item in an item collection).
constexpr std::string_view kCsvSortKeyHeader = "timestamp,operation,table,key,sort_key,size";

std::optional<Op> OpOf(std::string_view operation) {
  for (std::string_view read : {"GetItem", "BatchGetItem", "Query", "Scan", "TransactGetItems"}) {
    if (operation == read) return Op::kRead;
  }
  for (std::string_view write :
       {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"}) {
    if (operation == write) return Op::kWrite;
  }
  return std::nullopt;
}

Status BadLine(size_t number, std::string_view why) {
  return Status::Validation("trace: line " + std::to_string(number) + ": " + std::string(why));
}

// The CSV fields of one line (no quoting: keys with commas are not supported).
std::vector<std::string_view> SplitCsv(std::string_view line) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    const size_t comma = line.find(',', start);
    out.push_back(line.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (comma == std::string_view::npos) return out;
    start = comma + 1;
  }
}

// `key=value` of a log line, up to the next space.
std::string_view LogField(std::string_view line, std::string_view key) {
  const size_t at = line.find(" " + std::string(key) + "=");
  if (at == std::string_view::npos) return {};
  const size_t begin = at + key.size() + 2;
  const size_t end = line.find(' ', begin);
  return line.substr(begin, end == std::string_view::npos ? end : end - begin);
}

// spdlog's "YYYY-MM-DD HH:MM:SS.mmm" at the start of a line, as Unix milliseconds (UTC).
std::optional<int64_t> LogStamp(std::string_view line) {
  if (line.size() < 23 || line[4] != '-' || line[10] != ' ' || line[19] != '.') return std::nullopt;
  std::tm tm{};
  int ms = 0;
  auto num = [&](size_t pos, size_t len, int* out) {
    return std::from_chars(line.data() + pos, line.data() + pos + len, *out).ec == std::errc();
  };
  if (!num(0, 4, &tm.tm_year) || !num(5, 2, &tm.tm_mon) || !num(8, 2, &tm.tm_mday) ||
      !num(11, 2, &tm.tm_hour) || !num(14, 2, &tm.tm_min) || !num(17, 2, &tm.tm_sec) ||
      !num(20, 3, &ms)) {
    return std::nullopt;
  }
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return static_cast<int64_t>(timegm(&tm)) * 1000 + ms;
}

std::optional<uint32_t> TableIndex(const Workload& w, std::string_view name) {
  for (uint32_t i = 0; i < w.tables.size(); ++i) {
    if (w.tables[i].name == name) return i;
  }
  return std::nullopt;
}

bool HasGsi(const TableConfig& table, std::string_view name) {
  return std::any_of(table.gsis.begin(), table.gsis.end(),
                     [&](const GsiConfig& g) { return g.name == name; });
}

// A logged item as a request: on its table or GSI, its key hashed and its sort key
// encoded as the server does for that type. False: a table or GSI the workload lacks.
bool ItemRequest(const ItemTouch& item, const Workload& workload, TraceRequest* r) {
  const std::optional<uint32_t> table = TableIndex(workload, item.table);
  if (!table || (!item.index.empty() && !HasGsi(workload.tables[*table], item.index))) {
    return false;
  }
  r->table = *table;
  r->index = item.index;
  r->op = item.write ? Op::kWrite : Op::kRead;
  r->bytes = item.bytes;
  r->units = item.units;
  const AttributeValue& pk = item.partition_key;
  if (pk.type == AttributeType::kNull) {  // a Scan page: spread, as it reads partitions in turn
    r->key.clear();
    r->sort_key.clear();
    return true;
  }
  // Contributor Insights names a string or number key by its value, as the CSV does, a
  // binary one by its base64.
  r->key = pk.type == AttributeType::kB ? "B:" + protocol::Base64Encode(pk.scalar) : pk.scalar;
  if (r->key.empty()) r->key = "S:";  // a key, not the spread
  std::string encoded;
  key_codec::AppendKeyValue(&encoded, pk, /*last=*/false);
  r->hash = key_codec::Hash64(encoded);
  r->sort_key.clear();
  if (item.sort_key) key_codec::AppendKeyValue(&r->sort_key, *item.sort_key, /*last=*/true);
  return true;
}

}  // namespace

Result<Trace> ParseTrace(std::string_view text, const Workload& workload) {
  Trace trace;
  const std::string_view first_line = text.substr(0, text.find_first_of("\r\n"));
  const bool with_sort_key = first_line == kCsvSortKeyHeader;
  const bool csv = with_sort_key || first_line == kCsvHeader;
  const size_t fields = with_sort_key ? 6 : 5;
  const std::string_view header = with_sort_key ? kCsvSortKeyHeader : kCsvHeader;
  std::vector<std::pair<double, TraceRequest>> stamped;  // absolute ms, request
  size_t number = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || (csv && number == 1)) continue;
    TraceRequest r;
    std::string_view operation, table;
    double ms = 0;
    if (csv) {
      const std::vector<std::string_view> f = SplitCsv(line);
      if (f.size() != fields) {
        return BadLine(number,
                       "expected " + std::to_string(fields) + " fields: " + std::string(header));
      }
      double seconds = 0;
      const auto [p, ec] = std::from_chars(f[0].data(), f[0].data() + f[0].size(), seconds);
      if (ec != std::errc() || p != f[0].data() + f[0].size() || !std::isfinite(seconds)) {
        return BadLine(number, "timestamp is not a number of seconds");
      }
      ms = seconds * 1000;
      operation = f[1];
      table = f[2];
      r.key = std::string(f[3]);
      if (!r.key.empty()) r.hash = StringKeyHash(r.key);
      if (with_sort_key && !f[4].empty()) r.sort_key = EncodedSortKey(f[4]);
      const std::string_view size = f[fields - 1];
      if (!size.empty()) {
        const auto [q, ec2] = std::from_chars(size.data(), size.data() + size.size(), r.bytes);
        if (ec2 != std::errc() || q != size.data() + size.size() || r.bytes == 0 ||
            r.bytes > 400 * 1024) {
          return BadLine(number, "size must be 1 to 409600 bytes");
        }
      }
    } else {
      if (line.find(" request op=") == std::string_view::npos) continue;  // not a request
      const std::optional<int64_t> stamp = LogStamp(line);
      if (!stamp) return BadLine(number, "no YYYY-MM-DD HH:MM:SS.mmm time stamp");
      ms = static_cast<double>(*stamp);
      operation = LogField(line, "op");
      table = LogField(line, "table");
      if (const std::string_view items = LogField(line, "items"); !items.empty()) {
        auto touched = protocol::DecodeTouchedItems(items);
        if (!touched.ok()) return BadLine(number, touched.status().message());
        // The GSI entries the line's writes changed, when it names them, are replayed
        // instead of every GSI being charged for each table write.
        const bool names_entries =
            std::any_of(touched->begin(), touched->end(),
                        [](const ItemTouch& item) { return item.write && !item.index.empty(); });
        for (const ItemTouch& item : *touched) {
          TraceRequest one;
          if (!ItemRequest(item, workload, &one)) {
            ++trace.skipped;
            continue;
          }
          one.derive_gsis = !names_entries;
          stamped.emplace_back(ms, std::move(one));
        }
        continue;
      }
    }
    const std::optional<Op> op = OpOf(operation);
    const std::optional<uint32_t> index = TableIndex(workload, table);
    if (!op || !index) {
      ++trace.skipped;
      continue;
    }
    r.op = *op;
    r.table = *index;
    stamped.emplace_back(ms, std::move(r));
  }
  std::stable_sort(stamped.begin(), stamped.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  const double origin = stamped.empty() ? 0 : stamped.front().first;
  for (auto& [ms, r] : stamped) {
    r.ms = static_cast<int64_t>(std::floor(ms - origin));
    trace.requests.push_back(std::move(r));
  }
  return trace;
}

}  // namespace monotable::rehearse
