#pragma once
// The items reads return as stored (GetItem's item_encoded, BatchGetItem's and
// TransactGetItems' items) decoded back, for comparing them in tests.

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "engine/format/item_codec.h"

namespace monotable::test_values {

// The decoded item, or nullopt when there is none. Corrupt bytes fail the test.
inline std::optional<Item> Decoded(const std::optional<std::string>& encoded) {
  if (!encoded) return std::nullopt;
  auto item = item_codec::Decode(*encoded);
  if (!item.ok()) {
    ADD_FAILURE() << "corrupt encoded item: " << item.status().message();
    return std::nullopt;
  }
  return std::move(*item);
}

}  // namespace monotable::test_values
