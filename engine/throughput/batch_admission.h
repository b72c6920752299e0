#pragma once
// Admission of a batch of identical requests at one instant: what the capacity
// rehearsal (rehearse/) drives, so that a day of traffic is millions of batches rather
// than a billion admissions. Exactly what `count` AdmitAll calls in a row would do with
// the clock standing still, in one locking: requests are taken whole while every claim
// fits; the first that does not fit leaves every bucket as it was, so each later one is
// short in the same way and shares its throttles. One difference: splits the batch
// triggers happen after it, where single admissions would split right after the
// request that noticed them.
//
// Thread-safety: as AdmitAll (admission.h). Errors: a refusal is a count, not a Status.

#include <cstdint>
#include <span>
#include <vector>

#include "engine/throughput/admission.h"

namespace monotable::throughput {

struct BatchAdmission {
  uint64_t admitted = 0;            // served: in observe mode, every request
  uint64_t charged = 0;             // whose units were taken from the buckets
  uint64_t throttled = 0;           // refused, or in observe mode would have been
  std::vector<Throttle> throttles;  // why the throttled ones were (empty when none)
};

BatchAdmission AdmitBatch(std::span<const Claim> claims, uint64_t count);

}  // namespace monotable::throughput
