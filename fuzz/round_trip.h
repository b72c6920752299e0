#pragma once
// The codec harnesses' one check beyond "no crash": whatever decodes must encode to
// bytes that decode to the same thing (a decoder that accepts what the encoder cannot
// reproduce would let corruption through unnoticed).

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace monotable::fuzz {

[[noreturn]] inline void Fail(const char* what, const char* why) {
  std::fprintf(stderr, "%s: %s\n", what, why);
  std::abort();
}

// Decodes `bytes`; when that succeeds, the value's encoding must decode again and
// encode to the same bytes. `decode` returns a Result, `encode` a std::string.
template <typename Decode, typename Encode>
void CheckRoundTrip(const char* what, std::string_view bytes, Decode decode, Encode encode) {
  auto value = decode(bytes);
  if (!value.ok()) return;
  const std::string encoded = encode(*value);
  auto again = decode(encoded);
  if (!again.ok()) Fail(what, "its own encoding does not decode");
  if (encode(*again) != encoded) Fail(what, "a decoded value does not survive encode/decode");
}

}  // namespace monotable::fuzz
