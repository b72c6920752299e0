// The report's files, from a small rehearsal: each form carries the same figures.

#include <gtest/gtest.h>
#include <simdjson.h>

#include <filesystem>
#include <fstream>

#include "rehearse/command.h"
#include "rehearse/report_writers.h"
#include "rehearse/simulator.h"

namespace monotable::rehearse {
namespace {

// 30 s of 150 writes a second on one key of a 100 WCU table: throttled by the
// provisioned capacity once the first second's tokens are spent.
Report Small() {
  Workload w;
  w.name = "small";
  w.tables.push_back({"T", {throughput::CapacitySpec::Provisioned(5, 100), {}, {}}, {}});
  Load l;
  l.table = "T";
  l.rate = 150;
  l.item_bytes = 1000;
  l.keys.count = 1;
  w.phases.push_back({"p", 30, {l}});
  auto r = Rehearse(w, {10, true, nullptr});
  EXPECT_TRUE(r.ok());
  return *r;
}

Prices TestPrices() { return *ParsePrices(ShippedPrices()); }

TEST(ReportFiles, CsvRowsPerIntervalWithTheirReasons) {
  const Report r = Small();
  const std::string csv = ResourcesCsv(r);
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "second,resource,requests_read,requests_write,accepted_read,accepted_write,"
            "throttled_read,throttled_write,consumed_read_units,consumed_write_units,"
            "capacity_read_units,capacity_write_units,partitions,throttling_reasons");
  // Seconds 10-19: 1,500 writes, 1,000 accepted at 100 WCU.
  EXPECT_NE(csv.find("\n10,T,0,1500,0,1000,0,500,0,1000,5,100,1,"
                     "TableWriteProvisionedThroughputExceeded=500\n"),
            std::string::npos)
      << csv;
  const std::string parts = PartitionsCsv(r);
  EXPECT_NE(parts.find("\n10,T,0,0x0000000000000000,0xffffffffffffffff,0,1000,0,500\n"),
            std::string::npos)
      << parts;
  EXPECT_EQ(SplitsCsv(r), "second,resource,reason,parent_begin,parent_last,children\n");
}

TEST(ReportFiles, JsonHoldsTheTotalsRowsAndCost) {
  const Report r = Small();
  const std::string json = ReportJson(r, TestPrices());
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(json).get(doc), simdjson::SUCCESS);
  EXPECT_EQ(std::string_view(doc["workload"].get_string().value()), "small");
  simdjson::dom::element t = doc["resources"].at(0);
  EXPECT_EQ(int64_t(t["totals"]["requests"].at(1)), 4500);
  EXPECT_EQ(int64_t(t["totals"]["throttling_reasons"]["TableWriteProvisionedThroughputExceeded"]),
            int64_t(t["totals"]["throttled"].at(1)));
  EXPECT_EQ(t["rows"].get_array().size(), 3u);
  EXPECT_GT(double(t["cost"]["on_demand"]), 0);
  EXPECT_EQ(std::string_view(doc["prices"]["region"].get_string().value()), "us-east-1");
}

TEST(ReportFiles, HtmlIsOneSelfContainedPageWithCharts) {
  const std::string html = ReportHtml(Small(), TestPrices());
  EXPECT_EQ(html.rfind("<!doctype html>", 0), 0u);
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_NE(html.find("<polyline"), std::string::npos);
  EXPECT_NE(html.find("<rect"), std::string::npos);  // the partitions' heat map
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http://"), std::string::npos);  // nothing fetched
}

TEST(ReportFiles, SummaryNamesTheReasonsAndTheCost) {
  const std::string s = ReportSummary(Small(), TestPrices());
  EXPECT_NE(s.find("TableWriteProvisionedThroughputExceeded: "), std::string::npos) << s;
  EXPECT_NE(s.find("writes: 4500 requests"), std::string::npos) << s;
  EXPECT_NE(s.find("cost: as rehearsed"), std::string::npos) << s;
}

TEST(RehearseCommand, ExitStatusesAndFiles) {
  EXPECT_EQ(RunRehearseCommand({"rehearse"}), 2);
  EXPECT_EQ(RunRehearseCommand({"rehearse", "w.json", "--interval", "0"}), 2);
  EXPECT_EQ(RunRehearseCommand({"rehearse", "w.json", "--bogus", "1"}), 2);
  EXPECT_EQ(RunRehearseCommand({"rehearse", "/nonexistent/w.json"}), 1);
  const auto dir = std::filesystem::temp_directory_path() / "rehearse_command_test";
  std::filesystem::create_directories(dir);
  {
    std::ofstream(dir / "w.json") << R"({"tables": [{"name": "T"}], "phases": [
      {"duration_seconds": 5, "load": [{"table": "T", "rate": 10}]}]})";
    std::ofstream(dir / "bad.json") << R"({"tables": [{"name": "T", "rcu": 1}], "phases": []})";
  }
  EXPECT_EQ(RunRehearseCommand({"rehearse", (dir / "bad.json").string()}), 1);
  EXPECT_EQ(
      RunRehearseCommand({"rehearse", (dir / "w.json").string(), "--out", (dir / "out").string()}),
      0);
  for (const char* f : {"report.json", "report.html", "resources.csv", "partitions.csv",
                        "splits.csv", "capacity_changes.csv"}) {
    EXPECT_TRUE(std::filesystem::exists(dir / "out" / f)) << f;
  }
  std::filesystem::remove_all(dir);
}

TEST(ReportFiles, TopKeysInEveryForm) {
  const Report r = Small();
  // Every request is on k0: its throttled count is the table's.
  const std::string csv = TopKeysCsv(r);
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "resource,kind,rank,key,count,error");
  const IntervalRow t = r.resources[0].Totals();
  EXPECT_NE(csv.find("T,throttled,1,k0," + std::to_string(t.throttled[1]) + ",0\n"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find("T,accessed,1,k0,"), std::string::npos) << csv;
  const std::string json = ReportJson(r, TestPrices());
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(json).get(doc), simdjson::SUCCESS);
  simdjson::dom::element top = doc["resources"].at(0)["top_keys"]["throttled"].at(0);
  EXPECT_EQ(std::string_view(top["key"].get_string().value()), "k0");
  EXPECT_EQ(top["count"].get_int64().value(), static_cast<int64_t>(t.throttled[1]));
  const std::string html = ReportHtml(r, TestPrices());
  EXPECT_NE(html.find("Contributor Insights: top partition keys"), std::string::npos);
  EXPECT_NE(html.find("<td>k0</td>"), std::string::npos);
  EXPECT_NE(ReportSummary(r, TestPrices()).find("most throttled keys: k0"), std::string::npos);
}

}  // namespace
}  // namespace monotable::rehearse
