#include "rehearse/report.h"

namespace monotable::rehearse {

IntervalRow ResourceReport::Totals() const {
  IntervalRow t;
  for (const IntervalRow& row : rows) {
    for (size_t op = 0; op < 2; ++op) {
      t.requests[op] += row.requests[op];
      t.accepted[op] += row.accepted[op];
      t.throttled[op] += row.throttled[op];
      t.consumed_units[op] += row.consumed_units[op];
      t.demanded_units[op] += row.demanded_units[op];
    }
    for (size_t i = 0; i < t.by_reason.size(); ++i) t.by_reason[i] += row.by_reason[i];
  }
  if (!rows.empty()) {
    t.capacity = rows.back().capacity;
    t.partitions = rows.back().partitions;
  }
  return t;
}

}  // namespace monotable::rehearse
