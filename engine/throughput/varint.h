#pragma once
// LEB128 varints (at most 10 bytes) for the throughput model's persisted records: the
// partition map and the split log.
//
// Thread-safety: pure functions. Errors: GetVarint returns false on a truncated varint or
// one over 64 bits.

#include <cstdint>
#include <string>
#include <string_view>

namespace monotable::throughput {

inline void PutVarint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

// Reads a varint from `in`, advancing it.
inline bool GetVarint(std::string_view& in, uint64_t& v) {
  v = 0;
  for (int shift = 0; shift < 64 && !in.empty(); shift += 7) {
    const auto byte = static_cast<uint8_t>(in.front());
    in.remove_prefix(1);
    if (shift == 63 && byte > 1) return false;  // bits beyond the 64th
    v |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return true;
  }
  return false;
}

}  // namespace monotable::throughput
