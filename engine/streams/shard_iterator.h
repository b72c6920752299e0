#pragma once
// GetShardIterator's opaque token: self-describing (stream, shard, position and the
// time it was issued), so that the server keeps no iterator state and a restart leaves
// every iterator valid. Text of hex digits with a check value, so that a token that was
// not ours is told apart. Pure functions; thread-safe.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace monotable::streams {

struct ShardIterator {
  uint64_t stream_id = 0;
  uint32_t shard = 0;
  uint64_t position = 0;  // the next sequence number to read (inclusive)
  int64_t issued_ms = 0;
};

std::string EncodeIterator(const ShardIterator& iterator);
// nullopt when `token` is not an iterator this server issued.
std::optional<ShardIterator> DecodeIterator(std::string_view token);

}  // namespace monotable::streams
