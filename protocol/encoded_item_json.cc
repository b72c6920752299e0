#include "protocol/encoded_item_json.h"

#include <string>

#include "engine/format/item_codec_walk.h"
#include "protocol/base64.h"

namespace monotable::protocol {
namespace {

// The text that opens a value of each type, up to its payload ({"S": ... {"L":[ ...),
// padded to 8 bytes for JsonWriter::AppendShort; indexed by AttributeType.
struct Opening {
  char text[9];  // 8 bytes and the literal's terminator
  size_t size;
};
constexpr Opening kOpenings[] = {
    {"", 0},           {"{\"S\":", 5},    {"{\"N\":", 5},   {"{\"B\":", 5},
    {"{\"BOOL\":", 8}, {"{\"NULL\":", 8}, {"{\"M\":{", 6},  {"{\"L\":[", 6},
    {"{\"SS\":[", 7},  {"{\"NS\":[", 7},  {"{\"BS\":[", 7},
};

// Writes what item_codec::Walk reports. Binary values are base64 text in JSON.
class JsonTranscoder {
 public:
  explicit JsonTranscoder(JsonWriter& w) : w_(w) {}

  void BeginMap(uint64_t /*count*/) {
    // The item itself is a bare object; a nested map is an M value.
    if (depth_++ == 0) return w_.Append('{');
    Open(AttributeType::kM);
  }
  void Name(std::string_view name, bool first) {
    if (!first) w_.Append(',');
    w_.AppendQuoted(name);
    w_.Append(':');
  }
  void EndMap() { w_.Append(--depth_ == 0 ? std::string_view("}") : std::string_view("}}")); }

  void BeginList(uint64_t /*count*/) {
    ++depth_;
    Open(AttributeType::kL);
  }
  void ListElement(bool first) {
    if (!first) w_.Append(',');
  }
  void EndList() {
    --depth_;
    w_.Append("]}");
  }

  void BeginSet(AttributeType type, uint64_t /*count*/) { Open(type); }
  void SetMember(AttributeType type, std::string_view bytes, bool first) {
    if (!first) w_.Append(',');
    Text(type, bytes);
  }
  void EndSet() { w_.Append("]}"); }

  void Scalar(AttributeType type, std::string_view bytes) {
    Open(type);
    Text(type, bytes);
    w_.Append('}');
  }
  void Bool(bool value) {
    Open(AttributeType::kBool);
    w_.Append(value ? std::string_view("true}") : std::string_view("false}"));
  }
  void Null() {
    Open(AttributeType::kNull);
    w_.Append("true}");
  }

 private:
  void Open(AttributeType type) {
    const Opening& opening = kOpenings[static_cast<size_t>(type)];
    w_.AppendShort(opening.text, opening.size);
  }

  // A scalar or set member's text: strings and numbers as they are, binaries in base64.
  void Text(AttributeType type, std::string_view bytes) {
    if (type != AttributeType::kB && type != AttributeType::kBS) return w_.AppendQuoted(bytes);
    std::string base64;
    AppendBase64(&base64, bytes);
    w_.AppendQuoted(base64);
  }

  JsonWriter& w_;
  int depth_ = 0;
};

}  // namespace

Status WriteEncodedItem(JsonWriter& w, std::string_view encoded) {
  w.BeginRawValue();
  JsonTranscoder transcoder(w);
  if (!item_codec::Walk(encoded, transcoder)) return Status::Internal("stored item is corrupt");
  return Status::Ok();
}

}  // namespace monotable::protocol
