#pragma once
// Admission of one request: the operations build claims on the partitions they touch
// (the table partition of the key, and for a write the GSI partitions whose entries it
// changes), admit them before the work, and settle what they really consumed after it.
//
//   Ticket ticket;
//   ticket.Claim(table, "", key_codec::HashOfKey(key), Op::kWrite, estimate);
//   MT_RETURN_IF_ERROR(ticket.Admit());       // throttled: nothing done, nothing taken
//   ... the work ...
//   ticket.SetActual(0, consumed.table.write_units);   // settled when the ticket goes
//
// Claims are admitted in rounds: each Admit takes the claims added since the previous
// one, all or none. A write admits its table partition before reading anything, and
// its GSI partitions once it knows which entries it changes; if a GSI refuses, Refund()
// returns the table's units, so that a throttled request consumes nothing.
//
// With accounting off, tables carry no TableThroughput and a Ticket never allocates:
// Claim is one lookup of the table's attachment.
//
// Thread-safety: a Ticket belongs to one request (one thread); the resources it claims
// on are thread-safe. Errors: Admit returns kProvisionedThroughputExceeded (provisioned
// tables and GSIs) or kThrottling (on-demand), with ThrottlingReasons as ErrorDetail.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/admission/table_throughput.h"
#include "engine/base/error_detail.h"
#include "engine/base/status.h"
#include "engine/storage/catalog.h"
#include "engine/throughput/admission.h"

namespace monotable {

class Ticket {
 public:
  Ticket() = default;
  ~Ticket() { Settle(); }
  Ticket(const Ticket&) = delete;
  Ticket& operator=(const Ticket&) = delete;

  // Claims `units` of `op` on the partition of `hash` of `table` (empty `index`) or of
  // its GSI `index`. Returns the claim's number (for SetActual), or -1 when nothing is
  // claimed (accounting off, an LSI, an index without a resource).
  int Claim(const Table& table, std::string_view index, uint64_t hash, throughput::Op op,
            double units);
  // The same for a stored key (key_codec's table or index key): when Contributor
  // Insights is on for the resource, or it splits by sort key, the claim also carries
  // the key, so that the resource's sketches count it and its sort key picks the
  // partition (a copy per claim, made only then).
  int Claim(const Table& table, std::string_view index, std::string_view stored_key,
            throughput::Op op, double units);
  // The same on the partition of `hash` that holds the sort key `piece_sort_key` (a
  // stored key's bytes after its partition prefix; empty: the first piece), for a read
  // of an item collection that may be split by sort key (a Query page, claimed where it
  // begins). The key is copied only when the resource splits by sort key, and is not
  // counted by Contributor Insights (which counts a Query's partition key nowhere yet).
  int ClaimPiece(const Table& table, std::string_view index, uint64_t hash,
                 std::string_view piece_sort_key, throughput::Op op, double units);

  // Admits the claims added since the last Admit, all or none. Refused: the claims of
  // this round are dropped and the throttling error is returned.
  Status Admit();

  // What claim `claim` (from Claim) really consumed; ignored for -1. Claims left alone
  // consumed their estimate.
  void SetActual(int claim, double units);
  // The work was not done: every admitted claim consumed nothing.
  void Refund();

  bool empty() const { return claims_.empty(); }

 private:
  struct Round {
    size_t begin, end;  // claims_[begin, end)
    throughput::Admission admission;
  };
  void Settle();
  // Points each claim's KeyRef at its copy in keys_ (which may have moved).
  void PointKeys();

  // Keeps each claimed table's resources alive while the ticket holds claims on them.
  std::vector<std::shared_ptr<const TableThroughput>> tables_;
  std::vector<throughput::Claim> claims_;
  std::vector<double> actual_;
  // Keys of claims on resources with Contributor Insights on or split by sort key, by
  // claim index; empty otherwise (a vector of strings only once keys are wanted).
  struct InsightKey {
    size_t claim;
    std::string key;
    // hash + encoded partition key; 0 for ClaimPiece, whose key is only a sort key
    size_t partition_length;
  };
  std::vector<InsightKey> keys_;
  std::vector<Round> rounds_;
  size_t admitted_end_ = 0;  // claims_ before this index were in an admitted round
};

// The throttling error for a refused admission; `billing` of each throttled resource's
// table decides between the two exceptions.
Status ThrottledStatus(const throughput::Admission& admission,
                       const std::vector<std::shared_ptr<const TableThroughput>>& tables);

// Whether `status` is a throttling error (either exception).
inline bool IsThrottled(const Status& status) {
  return status.code() == ErrorCode::kProvisionedThroughputExceeded ||
         status.code() == ErrorCode::kThrottling;
}

// A transaction action refused for throughput: ThrottlingError (on-demand) or
// ProvisionedThroughputExceeded (provisioned), with DynamoDB's message for each.
CancellationReason ThrottledCancellation(const Status& throttled);

}  // namespace monotable
