#pragma once
// A single-item write under throughput admission (admission/ticket.h): the table
// partition of the key is claimed before anything is read, with an estimate (the new
// item's size for a Put, one unit otherwise); the GSI partitions whose entries the
// write changes are claimed under the item's lock, once the new image is known and
// before anything is committed; the table's claim is settled with what the write
// consumed. A GSI that cannot take its entries throttles the base write with an Index…
// reason, and the table's units are returned, so a throttled write consumes nothing.
// A write that fails its condition keeps its table units, as DynamoDB charges it.
//
// Thread-safety: as WritePath::Apply. Errors: those of WritePath::Apply and `compute`,
// and the throttling errors of Ticket::Admit.

#include <string>

#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/write/write_path.h"

namespace monotable {

Result<WriteOutcome> AdmittedApply(
    WritePath& write_path, Table& table, const std::string& key, double estimate,
    const ComputeNewImage& compute,
    WritePath::OnTransaction on_transaction = WritePath::OnTransaction::kFail,
    WritePath::OldImage old_image = WritePath::OldImage::kFull);

}  // namespace monotable
