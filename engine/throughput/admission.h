#pragma once
// Admission before work. A request first claims the units it expects to consume, on
// every resource it touches: the table partition of its key, and for a write, each
// GSI partition whose entries it changes. A claim takes units from the partition's
// ceiling and from the resource's limits (provisioned bucket, or on-demand maximum,
// peak and quota). Admission is all-or-nothing over the claims: if any is short, none
// is taken, and the request is refused with the most specific reason of each short
// resource. After the work, Settle charges the difference between what was consumed
// and what was claimed (a read of unknown size claims the minimum and settles up, which
// may leave a bucket in debt that delays later requests, as DynamoDB does).
//
// Modes, per resource: off (no accounting; nearly free), observe (counts everything and
// reports what enforce would have refused, refuses nothing), enforce.
//
// Thread-safety: AdmitAll and SettleAll are thread-safe and take no global lock: each
// touched resource's layout lock shared, then the touched partitions' and resources'
// mutexes in address order (a total order, so concurrent admissions cannot deadlock).
// Errors: a refusal is a value (Admission::admitted), not a Status.

#include <span>
#include <vector>

#include "engine/throughput/key_insights.h"
#include "engine/throughput/throttling_reason.h"

namespace monotable::throughput {

class Resource;

enum class Mode : uint8_t { kOff, kObserve, kEnforce };

struct Claim {
  Resource* resource = nullptr;
  KeyRef key;
  Op op = Op::kRead;
  double units = 0;  // estimated: the engine's capacity.* figure, or the minimum
};

// One short resource: the reason, and which table or index (for the resource ARN).
// `resource` stays valid while the caller holds the Resource.
struct Throttle {
  ThrottlingReason reason;
  const Resource* resource;
};

struct Admission {
  // False only when a resource in enforce mode was short: do not do the work.
  bool admitted = true;
  // Whether the units were taken from the buckets (Settle adjusts them only then). A
  // request observe mode would have refused is served but not taken, so that the
  // buckets evolve as under enforce and the "would throttle" counts stay honest.
  bool charged = false;
  // Every short resource: why a refused request was refused, or, in observe mode, why
  // it would have been. Empty when nothing was short.
  std::vector<Throttle> throttles;
};

// Claims all of `claims` or none.
Admission AdmitAll(std::span<const Claim> claims);

// After the work: `actual[i]` is what claim i really consumed. Call once per admitted
// request (a refused one consumed nothing); a zero difference may skip the call.
void SettleAll(std::span<const Claim> claims, std::span<const double> actual,
               const Admission& admission);

}  // namespace monotable::throughput
