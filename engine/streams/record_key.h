#pragma once
// The key layout of the `streams` column family (on-disk format: do not change):
//
//   stream id (8 bytes) ‖ shard number (4 bytes) ‖ sequence number (8 bytes)
//
// all big-endian, so that one shard's records are contiguous and in sequence order (a
// GetRecords page is one range read, trimming is one range delete). Sequence numbers
// carry their time: (creation ms << kSequenceTimeShift) | counter (stream.h).
// Pure functions; thread-safe.

#include <cstdint>
#include <string>
#include <string_view>

namespace monotable::streams {

inline constexpr int kSequenceTimeShift = 20;
inline constexpr size_t kRecordKeyBytes = 20;

std::string RecordKey(uint64_t stream_id, uint32_t shard, uint64_t sequence);
// The sequence number of a record key (its last 8 bytes); 0 for a key too short.
uint64_t SequenceOfKey(std::string_view key);
// The first sequence number of the millisecond `ms` (time-based positions: trimming).
inline uint64_t SequenceAt(int64_t ms) {
  return ms <= 0 ? 0 : static_cast<uint64_t>(ms) << kSequenceTimeShift;
}
inline int64_t TimeOfSequence(uint64_t sequence) {
  return static_cast<int64_t>(sequence >> kSequenceTimeShift);
}

}  // namespace monotable::streams
