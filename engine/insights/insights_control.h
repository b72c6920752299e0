#pragma once
// InsightsControl: DynamoDB's Contributor Insights operations (Update, Describe and
// ListContributorInsights) over the throughput model's sketches: the setting persisted
// per table and GSI (admission/contributor_insights.h) and applied to the resource's
// sketches at once, the rule names DynamoDB gives, ListContributorInsights' pages.
//
// Thread-safety: thread-safe (the catalog, RocksDB and the sketches are). Errors:
// kResourceNotFound for a table or index that does not exist (base/not_found.h's texts),
// kValidation for a NextToken it did not give, kInternal.

#include <string>

#include "engine/api/contributor_insights.h"
#include "engine/base/clock.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"

namespace monotable::insights {

class InsightsControl {
 public:
  // The references must outlive the object.
  InsightsControl(Storage& storage, const Catalog& catalog, const Clock& clock)
      : storage_(storage), catalog_(catalog), clock_(clock) {}

  // Answers with the transition (ENABLING, DISABLING); the sketches switch at once.
  Result<ContributorInsightsInfo> Update(const std::string& ns,
                                         const UpdateContributorInsightsRequest& request);
  Result<ContributorInsightsInfo> Describe(const std::string& ns, const std::string& table,
                                           const std::string& index) const;
  Result<ListContributorInsightsResult> List(const std::string& ns,
                                             const ListContributorInsightsRequest& request) const;

 private:
  Storage& storage_;
  const Catalog& catalog_;
  const Clock& clock_;
};

}  // namespace monotable::insights
