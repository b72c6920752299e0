#include "server/connection_tracker.h"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

namespace monotable::server {
namespace {

TEST(ConnectionTrackerTest, SlotsAreBoundedAndReleasedOnDestruction) {
  ConnectionTracker tracker(2);
  std::vector<ConnectionTracker::Slot> slots;
  slots.push_back(tracker.TryOpen());
  slots.push_back(tracker.TryOpen());
  EXPECT_TRUE(slots[0] && slots[1]);
  EXPECT_EQ(tracker.open_connections(), 2);
  EXPECT_FALSE(tracker.TryOpen());  // over the limit: empty, and not counted
  EXPECT_EQ(tracker.open_connections(), 2);
  slots.pop_back();
  EXPECT_EQ(tracker.open_connections(), 1);
  EXPECT_TRUE(tracker.TryOpen());  // a temporary: released at once
  EXPECT_EQ(tracker.open_connections(), 1);
}

TEST(ConnectionTrackerTest, MovingASlotMovesTheCount) {
  ConnectionTracker tracker(1);
  ConnectionTracker::Slot a = tracker.TryOpen();
  ConnectionTracker::Slot b = std::move(a);
  EXPECT_FALSE(a);  // NOLINT(bugprone-use-after-move): moved-from is empty by contract
  EXPECT_TRUE(b);
  EXPECT_EQ(tracker.open_connections(), 1);
  ConnectionTracker::Slot c;
  c = std::move(b);
  EXPECT_EQ(tracker.open_connections(), 1);
  c = ConnectionTracker::Slot();
  EXPECT_EQ(tracker.open_connections(), 0);
}

TEST(ConnectionTrackerTest, RequestsInFlightAndDrain) {
  ConnectionTracker tracker(10);
  EXPECT_EQ(tracker.requests_in_flight(), 0);
  tracker.RequestStarted();
  tracker.RequestStarted();
  tracker.RequestFinished();
  EXPECT_EQ(tracker.requests_in_flight(), 1);
  EXPECT_FALSE(tracker.draining());
  tracker.BeginDrain();
  EXPECT_TRUE(tracker.draining());
}

}  // namespace
}  // namespace monotable::server
