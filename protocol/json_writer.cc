#include "protocol/json_writer.h"

#include <charconv>
#include <cstdint>
#include <cstring>

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

// The index of the first byte at or after `from` that may need escaping; whole
// 8-byte words without one are skipped (item text is long and rarely escaped).
size_t SkipPlainWords(std::string_view value, size_t from) {
  while (from + 8 <= value.size()) {
    uint64_t word;
    std::memcpy(&word, value.data() + from, 8);
    if (WordNeedsEscape(word)) break;
    from += 8;
  }
  return from;
}

}  // namespace

void AppendJsonString(std::string* out, std::string_view value) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->push_back('"');
  size_t run_start = 0;
  for (size_t i = SkipPlainWords(value, 0); i < value.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(value[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out->append(value.data() + run_start, i - run_start);
    run_start = i + 1;
    switch (c) {
      case '"': out->append("\\\""); break;
      case '\\': out->append("\\\\"); break;
      case '\n': out->append("\\n"); break;
      case '\r': out->append("\\r"); break;
      case '\t': out->append("\\t"); break;
      case '\b': out->append("\\b"); break;
      case '\f': out->append("\\f"); break;
      default:
        out->append("\\u00");
        out->push_back(kHex[c >> 4]);
        out->push_back(kHex[c & 0xF]);
    }
    i = SkipPlainWords(value, i + 1) - 1;  // the loop's ++i lands on the next candidate
  }
  out->append(value.data() + run_start, value.size() - run_start);
  out->push_back('"');
}

void JsonWriter::BeforeValue() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!has_element_.empty()) {
    if (has_element_.back()) out_.push_back(',');
    has_element_.back() = true;
  }
}

JsonWriter& JsonWriter::BeginObject() {
  BeforeValue();
  out_.push_back('{');
  has_element_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::EndObject() {
  out_.push_back('}');
  has_element_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::BeginArray() {
  BeforeValue();
  out_.push_back('[');
  has_element_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::EndArray() {
  out_.push_back(']');
  has_element_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::Key(std::string_view key) {
  BeforeValue();
  AppendJsonString(&out_, key);
  out_.push_back(':');
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::String(std::string_view value) {
  BeforeValue();
  AppendJsonString(&out_, value);
  return *this;
}

JsonWriter& JsonWriter::Int(int64_t value) {
  BeforeValue();
  out_ += std::to_string(value);
  return *this;
}

JsonWriter& JsonWriter::Double(double value) {
  BeforeValue();
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  std::string_view text(buffer, ec == std::errc() ? end - buffer : 0);
  out_ += text;
  if (text.find_first_of(".e") == std::string_view::npos) out_ += ".0";
  return *this;
}

JsonWriter& JsonWriter::Bool(bool value) {
  BeforeValue();
  out_ += value ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::EpochSeconds(int64_t millis) {
  BeforeValue();
  if (millis < 0) {  // before 1970: format the magnitude, then the sign
    out_.push_back('-');
    millis = -millis;
  }
  out_ += std::to_string(millis / 1000);
  int64_t frac = millis % 1000;
  if (frac != 0) {
    char buf[16];
    snprintf(buf, sizeof(buf), ".%03d", static_cast<int>(frac));
    out_ += buf;
  }
  return *this;
}

JsonWriter& JsonWriter::Raw(std::string_view json) {
  BeforeValue();
  out_.append(json);
  return *this;
}

}  // namespace monotable::protocol
