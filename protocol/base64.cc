#include "protocol/base64.h"

#include <algorithm>
#include <array>

#include "protocol/utf8.h"

namespace monotable::protocol {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<int8_t, 256> MakeDecodeTable() {
  std::array<int8_t, 256> table{};
  for (auto& v : table) v = -1;
  for (int i = 0; i < 64; ++i)
    table[static_cast<unsigned char>(kAlphabet[i])] = static_cast<int8_t>(i);
  return table;
}
constexpr std::array<int8_t, 256> kDecode = MakeDecodeTable();

}  // namespace

void AppendBase64(std::string* out, std::string_view in) {
  size_t i = 0;
  out->reserve(out->size() + (in.size() + 2) / 3 * 4);
  auto byte = [&](size_t k) { return static_cast<unsigned char>(in[k]); };
  for (; i + 2 < in.size(); i += 3) {
    uint32_t v = (byte(i) << 16) | (byte(i + 1) << 8) | byte(i + 2);
    out->push_back(kAlphabet[v >> 18]);
    out->push_back(kAlphabet[(v >> 12) & 63]);
    out->push_back(kAlphabet[(v >> 6) & 63]);
    out->push_back(kAlphabet[v & 63]);
  }
  if (i + 1 == in.size()) {
    uint32_t v = byte(i) << 16;
    out->push_back(kAlphabet[v >> 18]);
    out->push_back(kAlphabet[(v >> 12) & 63]);
    out->append("==");
  } else if (i + 2 == in.size()) {
    uint32_t v = (byte(i) << 16) | (byte(i + 1) << 8);
    out->push_back(kAlphabet[v >> 18]);
    out->push_back(kAlphabet[(v >> 12) & 63]);
    out->push_back(kAlphabet[(v >> 6) & 63]);
    out->push_back('=');
  }
}

std::string Base64Encode(std::string_view bytes) {
  std::string out;
  AppendBase64(&out, bytes);
  return out;
}

namespace {

Status InvalidCharacter(std::string_view text, size_t at) {
  // The whole character, not one byte of it (which would not be UTF-8).
  const size_t length = std::max<size_t>(1, Utf8SequenceLength(text, at));
  return Status(ErrorCode::kSerialization,
                "Invalid Base64 character: '" + std::string(text.substr(at, length)) + "'");
}

}  // namespace

Result<std::string> Base64Decode(std::string_view text) {
  const size_t length = Utf16Length(text);
  if (length % 4 != 0) {
    return Status(ErrorCode::kSerialization,
                  "Base64 encoded length is expected a multiple of 4 bytes but found: " +
                      std::to_string(length));
  }
  if (length != text.size()) {
    // Non-ASCII text: the first character outside the alphabet is named.
    for (size_t at = 0;; ++at) {
      if (kDecode[static_cast<unsigned char>(text[at])] < 0) return InvalidCharacter(text, at);
    }
  }
  std::string out;
  out.reserve(text.size() / 4 * 3);
  for (size_t i = 0; i < text.size(); i += 4) {
    int pad = 0;
    uint32_t v = 0;
    for (size_t k = 0; k < 4; ++k) {
      unsigned char c = static_cast<unsigned char>(text[i + k]);
      // '=' is only valid as padding in the last one or two positions of the text.
      if (c == '=' && i + 4 == text.size() && k >= 2 && (k == 3 || text[i + 3] == '=')) {
        ++pad;
        v <<= 6;
        continue;
      }
      int8_t d = kDecode[c];
      if (d < 0 || pad > 0) return InvalidCharacter(text, i + k);
      v = (v << 6) | static_cast<uint32_t>(d);
    }
    out.push_back(static_cast<char>(v >> 16));
    if (pad < 2) out.push_back(static_cast<char>((v >> 8) & 0xFF));
    if (pad < 1) out.push_back(static_cast<char>(v & 0xFF));
  }
  return out;
}

}  // namespace monotable::protocol
