#pragma once
// TimeToLiveControl: UpdateTimeToLive and DescribeTimeToLive, and the index changes they
// start. Enabling TTL publishes a layout whose writes maintain the expiry index and,
// when the table holds items, starts the backfill; disabling stops any backfill, lets
// writes of the previous layout finish and drops the table's entries, so that nothing
// more is deleted. Both take effect at once: DescribeTimeToLive answers ENABLED or
// DISABLED right away, as DynamoDB does in practice. Thread-safe: changes are
// serialised.

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "engine/base/clock.h"
#include "engine/base/status.h"
#include "engine/lock/lock_table.h"
#include "engine/schema/table_requests.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"
#include "engine/ttl/ttl_backfill.h"

namespace monotable::ttl {

// DynamoDB's messages (ValidationException), checked in this order; the content of the
// request is judged before the interval since the last change.
inline constexpr char kAlreadyEnabled[] = "TimeToLive is already enabled";
inline constexpr char kAlreadyDisabled[] = "TimeToLive is already disabled";
inline constexpr char kDifferentAttribute[] =
    "TimeToLive is active on a different AttributeName: current AttributeName is ";
inline constexpr char kModifiedTooOften[] =
    "Time to live has been modified multiple times within a fixed interval";

// DynamoDB refuses a second change within "up to one hour" of the last.
inline constexpr int64_t kDefaultChangeIntervalMs = int64_t{3600} * 1000;

class TimeToLiveControl {
 public:
  // `change_interval_ms`: how long after a change the next one is refused (0: never).
  // The references must outlive this object.
  TimeToLiveControl(Storage& storage, Catalog& catalog, LockTable& locks, TtlBackfiller& backfiller,
                    const Clock& clock, int64_t change_interval_ms)
      : storage_(storage),
        catalog_(catalog),
        locks_(locks),
        backfiller_(backfiller),
        clock_(clock),
        change_interval_ms_(change_interval_ms) {}

  // Errors: kResourceNotFound "Requested resource not found: Table: <name> not found";
  // kValidation with the messages above; kInternal.
  Result<TimeToLiveSpecification> Update(const std::string& ns,
                                         const UpdateTimeToLiveRequest& request);
  // Errors: kResourceNotFound as Update.
  Result<TimeToLiveDescription> Describe(const std::string& ns, const std::string& name) const;

  // Resumes the backfill a previous run left unfinished (at start-up).
  void Continue(const std::string& ns, const std::shared_ptr<Table>& table);

 private:
  // Drops every entry of the table and the backfill's progress. Errors: kInternal.
  Status DropEntries(const TableDefinition& table);

  Storage& storage_;
  Catalog& catalog_;
  LockTable& locks_;
  TtlBackfiller& backfiller_;
  const Clock& clock_;
  const int64_t change_interval_ms_;
  std::mutex mutex_;  // one change at a time
};

}  // namespace monotable::ttl
