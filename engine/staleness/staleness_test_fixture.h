#pragma once
// The staleness tests' fixture: an in-memory Storage on a fake clock, and a value read
// as of a state. Test-only, header-only.

#include <gtest/gtest.h>
#include <rocksdb/write_batch.h>

#include <memory>
#include <optional>
#include <string>

#include "engine/base/clock.h"
#include "engine/staleness/snapshot_ring.h"
#include "engine/testing/storage_fixture.h"

namespace monotable::staleness {

class StalenessStorageTest : public ::testing::Test {
 protected:
  static constexpr int64_t kStart = 1'700'000'000'000;

  void SetUp() override {
    storage_ = test_storage::OpenStorage();
    ASSERT_NE(storage_, nullptr);
  }

  // The value of catalog key `key` in `state` (null: the latest); nullopt when absent.
  std::optional<std::string> ValueIn(const StateRef& state, const std::string& key) const {
    rocksdb::ReadOptions options;
    options.snapshot = state.get();
    std::string value;
    rocksdb::Status s = storage_->db()->Get(options, storage_->catalog(), key, &value);
    if (s.IsNotFound()) return std::nullopt;
    EXPECT_TRUE(s.ok()) << s.ToString();
    return value;
  }

  FakeClock clock_{kStart};
  std::unique_ptr<Storage> storage_;
};

}  // namespace monotable::staleness
