#include "protocol/json_writer.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>

#include "protocol/utf8.h"

namespace monotable::protocol {

namespace {

constexpr uint64_t kOnes = 0x0101010101010101ULL;
constexpr uint64_t kHighBits = 0x8080808080808080ULL;

// Whether any of the eight bytes of `word` needs escaping in a JSON string: a control
// character (< 0x20), a quote or a backslash. Bytes >= 0x80 (UTF-8) never do.
bool WordNeedsEscape(uint64_t word) {
  auto has_zero = [](uint64_t x) { return (x - kOnes) & ~x & kHighBits; };
  const uint64_t below_space = (word - kOnes * 0x20) & ~word & kHighBits;
  return (below_space | has_zero(word ^ (kOnes * '"')) | has_zero(word ^ (kOnes * '\\'))) != 0;
}

void Store8(char* p, uint64_t word) { std::memcpy(p, &word, 8); }
void Store4(char* p, uint64_t word) {
  const auto low = static_cast<uint32_t>(word);
  std::memcpy(p, &low, 4);
}

// The index of the first byte at or after `from` that needs escaping, or the size when
// none does; whole 8-byte words are checked at once (item text is rarely escaped).
size_t SkipPlainWords(std::string_view value, size_t from) {
  while (from + 8 <= value.size()) {
    uint64_t word;
    std::memcpy(&word, value.data() + from, 8);
    if (WordNeedsEscape(word)) return from;
    from += 8;
  }
  // The tail, shorter than a word: byte by byte.
  while (from < value.size()) {
    unsigned char c = static_cast<unsigned char>(value[from]);
    if (c < 0x20 || c == '"' || c == '\\') return from;
    ++from;
  }
  return from;
}

uint64_t Load8(const char* p) {
  uint64_t word;
  std::memcpy(&word, p, 8);
  return word;
}

uint64_t Load4(const char* p) {
  uint32_t word;
  std::memcpy(&word, p, 4);
  return word;
}

}  // namespace

void JsonWriter::Grow(size_t more) { out_.resize(std::max(out_.size() * 2, size_ + more)); }

void JsonWriter::AppendQuoted(std::string_view value) {
  // The common case, nothing to escape: each byte is checked and copied a word at a
  // time. A tail shorter than a word goes as an overlapping last word, and a string
  // shorter than a word (names, numbers, type tags) as two overlapping halves or,
  // under four bytes, its first, middle and last byte. Nothing counts as written
  // until the whole string is known to be plain.
  const size_t n = value.size();
  const char* in = value.data();
  Reserve(n + 2);
  char* out = out_.data() + size_ + 1;
  if (n >= 8) {
    for (size_t i = 0; i + 8 <= n; i += 8) {
      const uint64_t word = Load8(in + i);
      if (WordNeedsEscape(word)) return AppendEscaped(value);
      Store8(out + i, word);
    }
    const uint64_t last = Load8(in + n - 8);
    if (WordNeedsEscape(last)) return AppendEscaped(value);
    Store8(out + n - 8, last);
  } else if (n >= 4) {
    const uint64_t head = Load4(in);
    const uint64_t tail = Load4(in + n - 4);
    if (WordNeedsEscape(head | tail << 32)) return AppendEscaped(value);
    Store4(out, head);
    Store4(out + n - 4, tail);
  } else if (n > 0) {
    const uint64_t padding = (kOnes * 'a') & ~uint64_t{0xFFFFFF};  // plain bytes
    auto byte = [in](size_t i) { return static_cast<uint64_t>(static_cast<uint8_t>(in[i])); };
    if (WordNeedsEscape(padding | byte(0) | byte(n / 2) << 8 | byte(n - 1) << 16)) {
      return AppendEscaped(value);
    }
    out[0] = in[0];
    out[n / 2] = in[n / 2];
    out[n - 1] = in[n - 1];
  }
  out[-1] = '"';
  out[n] = '"';
  size_ += n + 2;
}

void JsonWriter::AppendEscaped(std::string_view value) {
  static constexpr char kHex[] = "0123456789abcdef";
  Append('"');
  size_t run_start = 0;
  for (size_t i = SkipPlainWords(value, 0); i < value.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(value[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    Append(value.substr(run_start, i - run_start));
    run_start = i + 1;
    switch (c) {
      case '"': Append("\\\""); break;
      case '\\': Append("\\\\"); break;
      case '\n': Append("\\n"); break;
      case '\r': Append("\\r"); break;
      case '\t': Append("\\t"); break;
      case '\b': Append("\\b"); break;
      case '\f': Append("\\f"); break;
      default:
        Append("\\u00");
        Append(kHex[c >> 4]);
        Append(kHex[c & 0xF]);
    }
    i = SkipPlainWords(value, i + 1) - 1;  // the loop's ++i lands on the next candidate
  }
  Append(value.substr(run_start));
  Append('"');
}

void JsonWriter::BeforeValue() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!has_element_.empty()) {
    if (has_element_.back()) Append(',');
    has_element_.back() = true;
  }
}

JsonWriter& JsonWriter::BeginObject() {
  BeforeValue();
  Append('{');
  has_element_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::EndObject() {
  Append('}');
  has_element_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::BeginArray() {
  BeforeValue();
  Append('[');
  has_element_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::EndArray() {
  Append(']');
  has_element_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::Key(std::string_view key) {
  BeforeValue();
  AppendQuoted(key);
  Append(':');
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::String(std::string_view value) {
  BeforeValue();
  AppendQuoted(value);
  return *this;
}

JsonWriter& JsonWriter::Utf8String(std::string_view value) { return String(ToValidUtf8(value)); }

JsonWriter& JsonWriter::Int(int64_t value) {
  BeforeValue();
  char buffer[24];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  Append(std::string_view(buffer, end - buffer));
  return *this;
}

JsonWriter& JsonWriter::Double(double value) {
  BeforeValue();
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  std::string_view text(buffer, ec == std::errc() ? end - buffer : 0);
  Append(text);
  if (text.find_first_of(".e") == std::string_view::npos) Append(".0");
  return *this;
}

JsonWriter& JsonWriter::Bool(bool value) {
  BeforeValue();
  Append(std::string_view(value ? "true" : "false"));
  return *this;
}

JsonWriter& JsonWriter::EpochSeconds(int64_t millis) {
  BeforeValue();
  if (millis < 0) {  // before 1970: format the magnitude, then the sign
    Append('-');
    millis = -millis;
  }
  Append(std::to_string(millis / 1000));
  int64_t frac = millis % 1000;
  if (frac != 0) {
    char buf[16];
    snprintf(buf, sizeof(buf), ".%03d", static_cast<int>(frac));
    Append(std::string_view(buf));
  }
  return *this;
}

JsonWriter& JsonWriter::Raw(std::string_view json) {
  BeforeValue();
  Append(json);
  return *this;
}

}  // namespace monotable::protocol
