#pragma once
// The cost estimate: DynamoDB's throughput prices (a prices file a user can edit; the
// one shipped, rehearse/prices.json, names its region and the date it was taken) applied
// to what a rehearsal consumed and provisioned. Storage, backups, streams and data
// transfer are not estimated.
//
// Thread-safety: value types and pure functions. Errors: ParsePrices returns
// kValidation naming the member that is missing or not a number.

#include <string>
#include <string_view>

#include "engine/base/status.h"
#include "rehearse/report.h"

namespace monotable::rehearse {

struct Prices {
  std::string region;
  std::string taken;  // the date the prices were read
  std::string source;
  std::string currency;
  double read_request_units_per_million = 0;   // on-demand
  double write_request_units_per_million = 0;  // on-demand
  double read_capacity_unit_hour = 0;          // provisioned
  double write_capacity_unit_hour = 0;         // provisioned
};

Result<Prices> ParsePrices(std::string_view json);
// The prices file shipped with monotable (rehearse/prices.json, built in).
std::string_view ShippedPrices();

struct Cost {
  // As rehearsed: on-demand, the request units consumed; provisioned, the capacity in
  // force each second (auto scaling's changes included).
  double as_rehearsed = 0;
  // The same demand on demand: every request's units, throttled ones included (an
  // on-demand table would have been asked for them too).
  double on_demand = 0;
  // Provisioned without auto scaling at the highest interval's demand, all the time.
  double provisioned_at_peak = 0;
};

Cost EstimateCost(const ResourceReport& resource, int64_t duration_seconds, const Prices& prices);

}  // namespace monotable::rehearse
