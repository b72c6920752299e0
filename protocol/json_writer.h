#pragma once
// JsonWriter: a small, fast JSON text builder with correct string escaping. The caller
// is responsible for well-formed nesting; commas are inserted automatically.
// Thread-compatible.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace monotable::protocol {

class JsonWriter {
 public:
  JsonWriter() { out_.reserve(256); }

  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();
  JsonWriter& Key(std::string_view key);
  JsonWriter& String(std::string_view value);
  JsonWriter& Int(int64_t value);
  JsonWriter& Bool(bool value);
  // A finite double in its shortest exact form, always with a fraction or exponent
  // ("1.0", "0.5"), as DynamoDB writes capacity units.
  JsonWriter& Double(double value);
  // Epoch seconds with millisecond precision, as DynamoDB's timestamps (1.732e9).
  JsonWriter& EpochSeconds(int64_t millis);
  // Inserts already-encoded JSON as one value.
  JsonWriter& Raw(std::string_view json);

  const std::string& str() const { return out_; }
  std::string Take() { return std::move(out_); }

 private:
  void BeforeValue();

  std::string out_;
  // One entry per open container: true once it holds an element (a comma is due).
  std::vector<bool> has_element_;
  bool after_key_ = false;
};

// Appends `value` to `out` as a JSON string literal (quoted and escaped).
void AppendJsonString(std::string* out, std::string_view value);

}  // namespace monotable::protocol
