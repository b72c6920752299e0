#pragma once
// The persisted Contributor Insights setting of a table or GSI (UpdateContributorInsights):
// its mode and when it was last enabled and changed, in the catalog column family under
// catalog_keys::InsightsKey(family), beside the partition map. The registry applies it
// to the resource's sketches (throughput/key_insights.h) when it attaches a table.
//
// Record: byte 0 format version (1), byte 1 the mode (0 disabled, 1 accessed and
// throttled keys, 2 throttled keys), then the enable and update times as 8-byte
// big-endian milliseconds.
//
// Thread-safety: functions of their arguments (RocksDB is thread-safe). Errors: kInternal
// for an unreadable or corrupt record.

#include <cstdint>
#include <string>

#include "engine/base/status.h"
#include "engine/storage/storage.h"
#include "engine/throughput/key_insights.h"

namespace monotable {

struct InsightsSetting {
  throughput::InsightsMode mode = throughput::InsightsMode::kDisabled;
  int64_t enabled_ms = 0;  // when last enabled (names the rules)
  int64_t updated_ms = 0;  // when last changed
};

// The setting of `family`; a default (disabled) one when none was written.
Result<InsightsSetting> ReadInsightsSetting(const Storage& storage, const std::string& family);
Status WriteInsightsSetting(Storage& storage, const std::string& family,
                            const InsightsSetting& setting);

}  // namespace monotable
