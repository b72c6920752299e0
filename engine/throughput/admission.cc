#include "engine/throughput/admission.h"

#include <algorithm>
#include <functional>

#include "engine/throughput/batch_admission.h"
#include "engine/throughput/resource.h"

namespace monotable::throughput {

// The locked view of a set of claims: one slot per claim on a resource that is not off.
// Holds each touched resource's layout lock shared and every touched partition's and
// resource's mutex, taken in address order. Scratch vectors are per thread and reused,
// so that the hot path does not allocate; admissions do not nest on a thread.
class Admitter {
 public:
  struct Slot {
    size_t claim;  // index into the claims
    Resource* resource;
    Partition* partition;
    bool short_ = false;
  };

  explicit Admitter(std::span<const Claim> claims);
  ~Admitter();
  Admitter(const Admitter&) = delete;
  Admitter& operator=(const Admitter&) = delete;

  static BatchAdmission Admit(std::span<const Claim> claims, uint64_t count);
  static void Settle(std::span<const Claim> claims, std::span<const double> actual,
                     const Admission& admission);

 private:
  struct Scratch {
    std::vector<Resource*> resources;
    std::vector<std::mutex*> mutexes;
    std::vector<Slot> slots;
  };
  static Scratch& scratch() {
    thread_local Scratch s;
    return s;
  }

  // One request's claims, all taken or (returning false) none, its short resources
  // listed in `throttles` once each.
  bool TakeOne(std::span<const Claim> claims, int64_t now, std::vector<Throttle>* throttles,
               bool* enforce_short);
  // After unlocking: lets each resource that asked for it split or grow.
  static void GrowWanted(const std::vector<Resource*>& resources);

  Scratch& s_;
  int64_t now_ms_ = 0;
};

Admitter::Admitter(std::span<const Claim> claims) : s_(scratch()) {
  s_.resources.clear();
  s_.mutexes.clear();
  s_.slots.clear();
  for (const Claim& c : claims) {
    if (c.resource->mode() != Mode::kOff) s_.resources.push_back(c.resource);
  }
  if (s_.resources.empty()) return;
  std::sort(s_.resources.begin(), s_.resources.end(), std::less<>());
  s_.resources.erase(std::unique(s_.resources.begin(), s_.resources.end()), s_.resources.end());
  for (Resource* r : s_.resources) {
    r->layout_mu_.lock_shared();
    s_.mutexes.push_back(&r->state_mu_);
  }
  now_ms_ = s_.resources.front()->clock_.NowMillis();
  for (size_t i = 0; i < claims.size(); ++i) {
    Resource* r = claims[i].resource;
    // Only the resources locked above: a mode switched meanwhile changes nothing here.
    if (!std::binary_search(s_.resources.begin(), s_.resources.end(), r, std::less<>())) continue;
    Partition* p = r->partitions_[r->map_.Find(claims[i].key.hash, claims[i].key.sort_key)].get();
    s_.slots.push_back({i, r, p});
    s_.mutexes.push_back(&p->mu);
  }
  std::sort(s_.mutexes.begin(), s_.mutexes.end(), std::less<>());
  s_.mutexes.erase(std::unique(s_.mutexes.begin(), s_.mutexes.end()), s_.mutexes.end());
  for (std::mutex* m : s_.mutexes) m->lock();
}

Admitter::~Admitter() {
  for (auto it = s_.mutexes.rbegin(); it != s_.mutexes.rend(); ++it) (*it)->unlock();
  for (Resource* r : s_.resources) r->layout_mu_.unlock_shared();
}

void Admitter::GrowWanted(const std::vector<Resource*>& resources) {
  for (Resource* r : resources) {
    if (r->grow_wanted_.load(std::memory_order_relaxed)) r->Grow();
  }
}

bool Admitter::TakeOne(std::span<const Claim> claims, int64_t now, std::vector<Throttle>* throttles,
                       bool* enforce_short) {
  // Take tentatively, slot by slot, so that claims sharing a partition or a resource
  // add up; every lock is held, so nobody sees a tentative take.
  bool any_short = false;
  for (Slot& slot : s_.slots) {
    const Claim& c = claims[slot.claim];
    std::optional<LimitKind> limit;
    if (!slot.partition->CanTake(c.op, c.units)) {
      limit = LimitKind::kKeyRangeThroughput;
    } else {
      limit = slot.resource->limits_.Check(c.op, c.units);
    }
    slot.short_ = limit.has_value();
    if (!limit) {
      slot.partition->Take(c.op, c.units);
      slot.resource->limits_.Take(now, c.op, c.units);
      continue;
    }
    any_short = true;
    *enforce_short |= slot.resource->mode() == Mode::kEnforce;
    const bool listed = std::any_of(throttles->begin(), throttles->end(),
                                    [&](const Throttle& t) { return t.resource == slot.resource; });
    if (!listed) {
      throttles->push_back(
          {MakeThrottlingReason(slot.resource->kind(), c.op, *limit), slot.resource});
    }
  }
  if (!any_short) return true;
  for (Slot& slot : s_.slots) {  // undo the tentative take
    const Claim& c = claims[slot.claim];
    if (!slot.short_) {
      slot.partition->Take(c.op, -c.units);
      slot.resource->limits_.Take(now, c.op, -c.units);
    }
  }
  return false;
}

BatchAdmission Admitter::Admit(std::span<const Claim> claims, uint64_t count) {
  BatchAdmission result;
  std::vector<Resource*> grow;
  {
    Admitter locked(claims);
    Scratch& s = locked.s_;
    if (s.slots.empty() || count == 0) {
      result.admitted = count;
      return result;
    }
    const int64_t now = locked.now_ms_;
    for (Resource* r : s.resources) {
      if (r->limits_.Advance(now)) r->grow_wanted_.store(true, std::memory_order_relaxed);
    }
    for (Slot& slot : s.slots) slot.partition->Refill(now);

    bool enforce_short = false;
    while (result.charged < count &&
           locked.TakeOne(claims, now, &result.throttles, &enforce_short)) {
      ++result.charged;
    }
    // The first short request changed nothing: every later one is short the same way.
    result.throttled = count - result.charged;
    result.admitted = enforce_short ? result.charged : count;
    for (const Throttle& t : result.throttles) {
      for (Resource* r : s.resources) {
        if (r != t.resource) continue;
        r->throttled_[static_cast<size_t>(t.reason)].fetch_add(result.throttled,
                                                               std::memory_order_relaxed);
      }
    }
    const auto admitted = static_cast<double>(result.admitted);
    for (Slot& slot : s.slots) {
      const Claim& c = claims[slot.claim];
      const HeatPolicy& heat = slot.resource->heat_;
      const bool was_short = result.throttled > 0 && slot.short_;
      if (was_short) {
        for (uint64_t i = 0; i < result.throttled; ++i) {
          slot.partition->RecordThrottle(now, c.key, c.op, heat);
        }
      }
      if (result.admitted > 0) {
        slot.partition->RecordConsumed(now, c.key, c.op, admitted * c.units, heat);
      }
      if (slot.partition->wants_split())
        slot.resource->grow_wanted_.store(true, std::memory_order_relaxed);
      if (was_short) slot.resource->insights_.RecordThrottle(c.key, result.throttled);
      if (result.admitted > 0) slot.resource->insights_.RecordAccess(c.key, admitted * c.units);
    }
    for (Resource* r : s.resources) {
      if (r->grow_wanted_.load(std::memory_order_relaxed)) grow.push_back(r);
    }
  }
  GrowWanted(grow);
  return result;
}

void Admitter::Settle(std::span<const Claim> claims, std::span<const double> actual,
                      const Admission& admission) {
  if (!admission.admitted) return;
  std::vector<Resource*> grow;
  {
    Admitter locked(claims);
    Scratch& s = locked.s_;
    const int64_t now = locked.now_ms_;
    for (Resource* r : s.resources) {
      if (r->limits_.Advance(now)) r->grow_wanted_.store(true, std::memory_order_relaxed);
    }
    for (const Slot& slot : s.slots) {
      const Claim& c = claims[slot.claim];
      const double delta = actual[slot.claim] - c.units;
      if (delta == 0) continue;
      if (admission.charged) {
        slot.partition->Refill(now);
        slot.partition->Take(c.op, delta);
        slot.resource->limits_.Take(now, c.op, delta);
      }
      slot.partition->RecordConsumed(now, c.key, c.op, delta, slot.resource->heat_);
      // Space-saving counters only grow; a lower actual leaves the estimate counted.
      if (delta > 0) slot.resource->insights_.RecordAccess(c.key, delta);
    }
    for (Resource* r : s.resources) {
      if (r->grow_wanted_.load(std::memory_order_relaxed)) grow.push_back(r);
    }
  }
  GrowWanted(grow);
}

Admission AdmitAll(std::span<const Claim> claims) {
  BatchAdmission batch = Admitter::Admit(claims, 1);
  return {batch.admitted == 1, batch.charged == 1, std::move(batch.throttles)};
}

BatchAdmission AdmitBatch(std::span<const Claim> claims, uint64_t count) {
  return Admitter::Admit(claims, count);
}

void SettleAll(std::span<const Claim> claims, std::span<const double> actual,
               const Admission& admission) {
  Admitter::Settle(claims, actual, admission);
}

}  // namespace monotable::throughput
