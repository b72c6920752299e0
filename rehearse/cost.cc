#include "rehearse/cost.h"

#include <simdjson.h>

#include <cmath>

#include "rehearse/shipped_prices.h"

namespace monotable::rehearse {
namespace {

Status Missing(std::string_view path) {
  return Status::Validation("prices: " + std::string(path) + ": must be a number >= 0");
}

Status ReadNumber(simdjson::dom::element root, std::string_view path, double* out) {
  double v;
  if (root.at_pointer(path).get_double().get(v) != simdjson::SUCCESS || v < 0) {
    return Missing(path);
  }
  *out = v;
  return Status::Ok();
}

std::string ReadString(simdjson::dom::element root, std::string_view key) {
  std::string_view v;
  if (root[key].get_string().get(v) != simdjson::SUCCESS) return "";
  return std::string(v);
}

}  // namespace

std::string_view ShippedPrices() { return kShippedPricesJson; }

Result<Prices> ParsePrices(std::string_view json) {
  simdjson::dom::parser parser;
  simdjson::padded_string padded(json);
  simdjson::dom::element root;
  if (auto error = parser.parse(padded).get(root); error) {
    return Status::Validation(std::string("prices: not JSON: ") + simdjson::error_message(error));
  }
  Prices p;
  p.region = ReadString(root, "region");
  p.taken = ReadString(root, "taken");
  p.source = ReadString(root, "source");
  p.currency = ReadString(root, "currency");
  MT_RETURN_IF_ERROR(ReadNumber(root, "/on_demand/read_request_units_per_million",
                                &p.read_request_units_per_million));
  MT_RETURN_IF_ERROR(ReadNumber(root, "/on_demand/write_request_units_per_million",
                                &p.write_request_units_per_million));
  MT_RETURN_IF_ERROR(
      ReadNumber(root, "/provisioned/read_capacity_unit_hour", &p.read_capacity_unit_hour));
  MT_RETURN_IF_ERROR(
      ReadNumber(root, "/provisioned/write_capacity_unit_hour", &p.write_capacity_unit_hour));
  return p;
}

Cost EstimateCost(const ResourceReport& r, int64_t duration_seconds, const Prices& prices) {
  const double per_unit[2] = {prices.read_request_units_per_million / 1e6,
                              prices.write_request_units_per_million / 1e6};
  const double per_unit_hour[2] = {prices.read_capacity_unit_hour, prices.write_capacity_unit_hour};
  const double hours = static_cast<double>(duration_seconds) / 3600.0;
  Cost c;
  const bool provisioned = r.capacity.billing == throughput::BillingMode::kProvisioned;
  for (size_t op = 0; op < 2; ++op) {
    c.on_demand += r.demanded_total[op] * per_unit[op];
    // Provisioned capacity is whole units, at least 1.
    c.provisioned_at_peak +=
        std::max(1.0, std::ceil(r.peak_demanded[op])) * per_unit_hour[op] * hours;
    c.as_rehearsed += provisioned ? r.capacity_unit_seconds[op] / 3600.0 * per_unit_hour[op]
                                  : r.consumed_total[op] * per_unit[op];
  }
  return c;
}

}  // namespace monotable::rehearse
