#pragma once
// A rehearsal's report written out: CSV files, one JSON document (what the console
// loads), one self-contained HTML page with SVG charts, and the terminal summary.
// docs/REHEARSE.md describes every column and member.
//
// Thread-safety: pure functions of their arguments. Errors: WriteReportFiles returns
// kInternal naming a file it could not write.

#include <string>

#include "engine/base/status.h"
#include "rehearse/cost.h"
#include "rehearse/report.h"

namespace monotable::rehearse {

// resources.csv: one row per table or GSI and interval.
std::string ResourcesCsv(const Report& report);
// partitions.csv: one row per partition and interval.
std::string PartitionsCsv(const Report& report);
// splits.csv and capacity_changes.csv.
std::string SplitsCsv(const Report& report);
std::string CapacityChangesCsv(const Report& report);
// top_keys.csv: Contributor Insights' top partition keys of each table and GSI.
std::string TopKeysCsv(const Report& report);

std::string ReportJson(const Report& report, const Prices& prices);
std::string ReportHtml(const Report& report, const Prices& prices);
std::string ReportSummary(const Report& report, const Prices& prices);

// The wire name of a throttling reason's counts in `row`, "Reason=n;..." (CSV).
std::string ReasonList(const IntervalRow& row);

// Writes every file above into `dir` (created if missing): report.json, report.html and
// the five CSV files.
Status WriteReportFiles(const Report& report, const Prices& prices, const std::string& dir);

}  // namespace monotable::rehearse
