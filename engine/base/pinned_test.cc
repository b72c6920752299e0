#include "engine/base/pinned.h"

#include <gtest/gtest.h>

#include <string>

namespace monotable {
namespace {

struct Snapshot {
  std::string name;
};

// The point of the type: a temporary cannot be dereferenced, a named one can.
template <typename P>
concept DerefAsTemporary = requires {
  std::declval<P>()->name;
}
|| requires { *std::declval<P>(); };
template <typename P>
concept DerefAsLvalue = requires(const P& p) {
  p->name;
  *p;
};
static_assert(!DerefAsTemporary<Pinned<Snapshot>>);
static_assert(DerefAsLvalue<Pinned<Snapshot>>);
static_assert(DerefAsTemporary<std::shared_ptr<const Snapshot>>);  // what it guards against

TEST(Pinned, KeepsTheSnapshotAliveAfterItsPublisherReplacesIt) {
  auto published = std::make_shared<const Snapshot>(Snapshot{"first"});
  Pinned<Snapshot> pinned(published);
  std::weak_ptr<const Snapshot> watch = published;
  published = std::make_shared<const Snapshot>(Snapshot{"second"});  // a new one published
  ASSERT_FALSE(watch.expired());
  EXPECT_EQ(pinned->name, "first");
  EXPECT_EQ((*pinned).name, "first");
  pinned = Pinned<Snapshot>(published);
  EXPECT_TRUE(watch.expired());
  EXPECT_EQ(pinned->name, "second");
}

TEST(Pinned, SharesOwnershipWithAHolder) {
  Pinned<Snapshot> pinned(std::make_shared<const Snapshot>(Snapshot{"kept"}));
  std::shared_ptr<const Snapshot> kept = pinned.shared();
  EXPECT_EQ(kept.use_count(), 2);
  std::shared_ptr<const Snapshot> moved = std::move(pinned).shared();
  EXPECT_FALSE(pinned);  // NOLINT(bugprone-use-after-move): moved-from is empty, by contract
  EXPECT_EQ(moved->name, "kept");
  EXPECT_FALSE(Pinned<Snapshot>());
}

}  // namespace
}  // namespace monotable
