#pragma once
// A write under throughput admission (admission/ticket.h): the table partition of the
// key is claimed before anything is read, with an estimate (the new item's size for a
// Put, one unit otherwise); the GSI partitions whose entries the write changes are
// claimed under the item's lock, once the new image is known and before anything is
// committed; the table's claim is settled with what the write consumed. A GSI that
// cannot take its entries throttles the base write with an Index… reason, and the
// table's units are returned, so a throttled write consumes nothing. A write that fails
// its condition keeps its table units, as DynamoDB charges it.
//
// Thread-safety: as WritePath::Apply; a WriteAdmission belongs to one request (one
// thread). Errors: those of WritePath::Apply and `compute`, and the throttling errors
// of Ticket::Admit.

#include <optional>
#include <string>

#include "engine/admission/ticket.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/write/write_path.h"

namespace monotable {

// The admission of one write, in the three steps above, for a caller that runs the
// write itself (BatchWriteItem's writes, made together by WritePath::ApplyBatch).
class WriteAdmission {
 public:
  WriteAdmission() = default;
  WriteAdmission(const WriteAdmission&) = delete;
  WriteAdmission& operator=(const WriteAdmission&) = delete;

  // Before the lock: claims and admits the table partition of `key`. Errors: the
  // throttling errors (nothing taken then).
  Status AdmitTable(Table& table, const std::string& key, double estimate);
  // Under the item's lock, the new image known: claims and admits the GSI partitions of
  // the entries the write changes (`layout`: the table's, read before the lock, as the
  // claims were sized by it); a refusal returns the table's units too. Errors: the
  // throttling errors.
  Status AdmitIndexes(const TableLayout& layout, const std::optional<Item>& old_item,
                      const std::optional<Item>& new_item);
  // After the write: the table claim settles at what the write consumed (`sizes` of
  // its images). Not called: the estimate stands (a failed condition keeps it).
  void Settle(const ImageSizes& sizes);
  // Whether any claim was made (false with accounting off: nothing to admit).
  bool claims() const { return !ticket_.empty(); }

 private:
  Ticket ticket_;
  Table* table_ = nullptr;
  const std::string* key_ = nullptr;
  int table_claim_ = -1;
  bool refunded_ = false;
};

Result<WriteOutcome> AdmittedApply(
    WritePath& write_path, Table& table, const std::string& key, double estimate,
    const ComputeNewImage& compute,
    WritePath::OnTransaction on_transaction = WritePath::OnTransaction::kFail,
    WritePath::OldImage old_image = WritePath::OldImage::kFull);

}  // namespace monotable
