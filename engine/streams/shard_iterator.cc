#include "engine/streams/shard_iterator.h"

namespace monotable::streams {
namespace {

constexpr char kHex[] = "0123456789abcdef";
constexpr size_t kFields = 4;
constexpr size_t kTokenDigits = (kFields + 1) * 16;  // four fields and a check value

uint64_t Mix(uint64_t x) {  // SplitMix64's finalizer
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

uint64_t Check(const uint64_t (&fields)[kFields]) {
  uint64_t check = 0x6d6f6e6f7461626cull;  // "monotabl"
  for (uint64_t field : fields) check = Mix(check ^ field);
  return check;
}

void AppendHex(std::string& out, uint64_t value) {
  for (int shift = 60; shift >= 0; shift -= 4) out += kHex[(value >> shift) & 0xF];
}

std::optional<uint64_t> ReadHex(std::string_view text) {
  uint64_t value = 0;
  for (char c : text) {
    int digit;
    if (c >= '0' && c <= '9') {
      digit = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      digit = c - 'a' + 10;
    } else {
      return std::nullopt;
    }
    value = (value << 4) | static_cast<uint64_t>(digit);
  }
  return value;
}

}  // namespace

std::string EncodeIterator(const ShardIterator& iterator) {
  const uint64_t fields[kFields] = {iterator.stream_id, iterator.shard, iterator.position,
                                    static_cast<uint64_t>(iterator.issued_ms)};
  std::string token;
  token.reserve(kTokenDigits);
  for (uint64_t field : fields) AppendHex(token, field);
  AppendHex(token, Check(fields));
  return token;
}

std::optional<ShardIterator> DecodeIterator(std::string_view token) {
  if (token.size() != kTokenDigits) return std::nullopt;
  uint64_t fields[kFields];
  for (size_t i = 0; i < kFields; ++i) {
    auto field = ReadHex(token.substr(i * 16, 16));
    if (!field) return std::nullopt;
    fields[i] = *field;
  }
  auto check = ReadHex(token.substr(kFields * 16, 16));
  if (!check || *check != Check(fields) || fields[1] > UINT32_MAX) return std::nullopt;
  return ShardIterator{fields[0], static_cast<uint32_t>(fields[1]), fields[2],
                       static_cast<int64_t>(fields[3])};
}

}  // namespace monotable::streams
