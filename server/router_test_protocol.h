#pragma once
// Test-only: the DynamoDB protocol over a fresh in-memory engine (a fake clock, 8 MiB
// of cache), for the router's tests. Not thread-safe to set up; the Protocol is.

#include <gtest/gtest.h>

#include <memory>

#include "engine/engine.h"
#include "engine/testing/in_memory_engine.h"
#include "protocol/operations.h"

namespace monotable::server {

struct TestProtocol {
  std::unique_ptr<Engine> engine;
  std::unique_ptr<protocol::Protocol> protocol;

  // Call from SetUp() inside ASSERT_NO_FATAL_FAILURE.
  void Open() {
    engine = test_engine::OpenInMemory(std::make_unique<FakeClock>(1700000000000), size_t{8} << 20);
    ASSERT_NE(engine, nullptr);
    protocol = std::make_unique<protocol::Protocol>(engine.get(), protocol::ProtocolOptions{});
  }
};

}  // namespace monotable::server
