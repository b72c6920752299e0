#pragma once
// The one varint of the on-disk formats: LEB128, 7 bits a byte, low bits first, at most
// 10 bytes for 64 bits. The item codec (item_codec.h), the partition map
// (partition_map_codec.h) and the split log (split_log_codec.h) write and read lengths
// and counts with it.
//
// Thread-safety: pure functions. Errors: Get returns false on a truncated varint or one
// over 64 bits (it leaves `in` where it stopped).

#include <cstdint>
#include <string>
#include <string_view>

namespace monotable::varint {

inline void Put(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

// Reads a varint from the front of `in`, advancing it.
inline bool Get(std::string_view& in, uint64_t& v) {
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

}  // namespace monotable::varint
