// The CSV files and the files' writing (report_writers.h).

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "rehearse/report_writers.h"

namespace monotable::rehearse {
namespace {

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string Hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// A field quoted as RFC 4180 wants when it holds a comma, a quote or a line break.
std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

Status WriteFile(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) return Status::Internal("rehearse: cannot write " + path.string());
  return Status::Ok();
}

}  // namespace

std::string ReasonList(const IntervalRow& row) {
  std::string out;
  for (size_t i = 0; i < row.by_reason.size(); ++i) {
    if (row.by_reason[i] == 0) continue;
    if (!out.empty()) out += ';';
    out += throughput::ThrottlingReasonName(static_cast<throughput::ThrottlingReason>(i));
    out += '=' + std::to_string(row.by_reason[i]);
  }
  return out;
}

std::string ResourcesCsv(const Report& report) {
  std::string out =
      "second,resource,requests_read,requests_write,accepted_read,accepted_write,"
      "throttled_read,throttled_write,consumed_read_units,consumed_write_units,"
      "capacity_read_units,capacity_write_units,partitions,throttling_reasons\n";
  for (const ResourceReport& r : report.resources) {
    for (const IntervalRow& row : r.rows) {
      out += std::to_string(row.second) + ',' + r.label();
      for (const auto* pair : {&row.requests, &row.accepted, &row.throttled}) {
        out += ',' + std::to_string((*pair)[0]) + ',' + std::to_string((*pair)[1]);
      }
      for (const auto* pair : {&row.consumed_units, &row.capacity}) {
        out += ',' + Num((*pair)[0]) + ',' + Num((*pair)[1]);
      }
      out += ',' + std::to_string(row.partitions) + ',' + ReasonList(row) + '\n';
    }
  }
  return out;
}

std::string PartitionsCsv(const Report& report) {
  std::string out =
      "second,resource,partition,hash_begin,hash_last,read_units,write_units,read_throttled,"
      "write_throttled\n";
  for (const PartitionRow& p : report.partitions) {
    out += std::to_string(p.second) + ',' + report.resources[p.resource].label() + ',' +
           std::to_string(p.partition) + ',' + Hex(p.begin) + ',' + Hex(p.last) + ',' +
           Num(p.consumed_units[0]) + ',' + Num(p.consumed_units[1]) + ',' +
           std::to_string(p.throttled[0]) + ',' + std::to_string(p.throttled[1]) + '\n';
  }
  return out;
}

std::string SplitsCsv(const Report& report) {
  std::string out = "second,resource,reason,parent_begin,parent_last,children\n";
  for (const SplitRow& s : report.splits) {
    out += std::to_string(s.second) + ',' + report.resources[s.resource].label() + ',' +
           std::string(throughput::SplitReasonName(s.reason)) + ',' + Hex(s.parent.begin) + ',' +
           Hex(s.parent.last) + ',' + std::to_string(s.children) + '\n';
  }
  return out;
}

std::string CapacityChangesCsv(const Report& report) {
  std::string out = "second,resource,operation,from,to,in_force_second\n";
  for (const CapacityChange& c : report.capacity_changes) {
    out += std::to_string(c.second) + ',' + report.resources[c.resource].label() + ',' +
           (c.op == throughput::Op::kRead ? "read" : "write") + ',' + std::to_string(c.from) + ',' +
           std::to_string(c.to) + ',' + std::to_string(c.in_force_second) + '\n';
  }
  return out;
}

std::string TopKeysCsv(const Report& report) {
  std::string out = "resource,kind,rank,key,count,error\n";
  for (const ResourceReport& r : report.resources) {
    const std::pair<const char*, const std::vector<throughput::TopKEntry>*> lists[] = {
        {"accessed", &r.top_accessed_keys}, {"throttled", &r.top_throttled_keys}};
    for (const auto& [kind, list] : lists) {
      for (size_t k = 0; k < list->size(); ++k) {
        const throughput::TopKEntry& e = (*list)[k];
        out += r.label() + ',' + kind + ',' + std::to_string(k + 1) + ',' + CsvField(e.key) + ',' +
               Num(e.count) + ',' + Num(e.error) + '\n';
      }
    }
  }
  return out;
}

Status WriteReportFiles(const Report& report, const Prices& prices, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Status::Internal("rehearse: cannot create " + dir + ": " + ec.message());
  const std::filesystem::path d(dir);
  MT_RETURN_IF_ERROR(WriteFile(d / "report.json", ReportJson(report, prices)));
  MT_RETURN_IF_ERROR(WriteFile(d / "report.html", ReportHtml(report, prices)));
  MT_RETURN_IF_ERROR(WriteFile(d / "resources.csv", ResourcesCsv(report)));
  MT_RETURN_IF_ERROR(WriteFile(d / "partitions.csv", PartitionsCsv(report)));
  MT_RETURN_IF_ERROR(WriteFile(d / "splits.csv", SplitsCsv(report)));
  MT_RETURN_IF_ERROR(WriteFile(d / "capacity_changes.csv", CapacityChangesCsv(report)));
  MT_RETURN_IF_ERROR(WriteFile(d / "top_keys.csv", TopKeysCsv(report)));
  return Status::Ok();
}

}  // namespace monotable::rehearse
