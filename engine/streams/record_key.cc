#include "engine/streams/record_key.h"

namespace monotable::streams {
namespace {

void AppendBigEndian(std::string& out, uint64_t value, int bytes) {
  for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
    out += static_cast<char>(value >> shift);
  }
}

}  // namespace

std::string RecordKey(uint64_t stream_id, uint32_t shard, uint64_t sequence) {
  std::string key;
  key.reserve(kRecordKeyBytes);
  AppendBigEndian(key, stream_id, 8);
  AppendBigEndian(key, shard, 4);
  AppendBigEndian(key, sequence, 8);
  return key;
}

uint64_t SequenceOfKey(std::string_view key) {
  if (key.size() < kRecordKeyBytes) return 0;
  uint64_t sequence = 0;
  for (size_t i = kRecordKeyBytes - 8; i < kRecordKeyBytes; ++i) {
    sequence = (sequence << 8) | static_cast<uint8_t>(key[i]);
  }
  return sequence;
}

}  // namespace monotable::streams
