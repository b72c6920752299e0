#pragma once
// JsonWriter: a small, fast JSON text builder with correct string escaping. The caller
// is responsible for well-formed nesting; commas are inserted automatically.
// Thread-compatible.

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace monotable::protocol {

class JsonWriter {
 public:
  // `expected_size`: the text's likely length, to spare regrowing a large response.
  explicit JsonWriter(size_t expected_size = 256) { out_.resize(expected_size); }

  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();
  JsonWriter& Key(std::string_view key);
  JsonWriter& String(std::string_view value);
  // A string that may echo a client's bytes (an error message): bytes that are not
  // well-formed UTF-8 become U+FFFD, so the response stays valid JSON that every SDK
  // can decode. String() trusts its text (item data, validated on the way in).
  JsonWriter& Utf8String(std::string_view value);
  JsonWriter& Int(int64_t value);
  JsonWriter& Bool(bool value);
  // A finite double in its shortest exact form, always with a fraction or exponent
  // ("1.0", "0.5"), as DynamoDB writes capacity units.
  JsonWriter& Double(double value);
  // Epoch seconds with millisecond precision, as DynamoDB's timestamps (1.732e9).
  JsonWriter& EpochSeconds(int64_t millis);
  // Inserts already-encoded JSON as one value.
  JsonWriter& Raw(std::string_view json);

  // For a caller that formats one whole value itself (an item from its stored form):
  // BeginRawValue() places the separator, then Append and AppendQuoted add its text.
  void BeginRawValue() { BeforeValue(); }
  void Append(char c) {
    Reserve(1);
    out_[size_++] = c;
  }
  void Append(std::string_view text) {
    Reserve(text.size());
    std::memcpy(out_.data() + size_, text.data(), text.size());
    size_ += text.size();
  }
  // Up to 8 bytes of text from an array of at least 8 bytes (padded beyond `size`): one
  // fixed-size copy, for the short fixed pieces of generated JSON.
  void AppendShort(const char* padded, size_t size) {
    Reserve(8);
    std::memcpy(out_.data() + size_, padded, 8);
    size_ += size;
  }
  // `value` as a JSON string literal, quoted and escaped.
  void AppendQuoted(std::string_view value);

  std::string_view str() const { return {out_.data(), size_}; }
  std::string Take() {
    out_.resize(size_);
    size_ = 0;
    return std::move(out_);
  }

 private:
  void BeforeValue();
  void Reserve(size_t more) {
    if (size_ + more > out_.size()) Grow(more);
  }
  void Grow(size_t more);
  void AppendEscaped(std::string_view value);

  // out_.size() is the capacity: text is written in place, up to size_, without
  // std::string's per-append bookkeeping.
  std::string out_;
  size_t size_ = 0;
  // One entry per open container: true once it holds an element (a comma is due).
  std::vector<bool> has_element_;
  bool after_key_ = false;
};

}  // namespace monotable::protocol
