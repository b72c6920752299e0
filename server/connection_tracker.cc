#include "server/connection_tracker.h"

namespace monotable::server {

ConnectionTracker::Slot& ConnectionTracker::Slot::operator=(Slot&& other) noexcept {
  if (this != &other) {
    Release();
    tracker_ = other.tracker_;
    other.tracker_ = nullptr;
  }
  return *this;
}

void ConnectionTracker::Slot::Release() {
  if (tracker_ != nullptr) tracker_->open_.fetch_sub(1, std::memory_order_relaxed);
  tracker_ = nullptr;
}

ConnectionTracker::Slot ConnectionTracker::TryOpen() {
  // Increment first and undo on overflow: two accepts racing for the last slot cannot
  // both win.
  if (open_.fetch_add(1, std::memory_order_relaxed) >= max_connections_) {
    open_.fetch_sub(1, std::memory_order_relaxed);
    return Slot();
  }
  return Slot(this);
}

}  // namespace monotable::server
