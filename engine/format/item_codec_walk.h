#pragma once
// Reading item_codec bytes without building an Item: a bounds-checked cursor, and
// Walk(), which reports an encoded item's structure to a visitor in storage order.
// Reads that only pass an item on (a Query page to its JSON response) or measure it
// walk the bytes instead of decoding them into maps. Stateless; thread-safe.

#include <cstdint>
#include <string_view>

#include "engine/base/attribute_value.h"
#include "engine/format/varint.h"

namespace monotable::item_codec {

inline constexpr char kVersion1 = 0x01;
inline constexpr char kVersion2 = 0x02;  // v1 with the item's size in front
// Deeper nesting than DynamoDB allows (32) means corruption, not data.
inline constexpr int kMaxDecodeDepth = 64;

// Cursor over encoded bytes; every read checks bounds and sets failed() on overrun.
class ByteReader {
 public:
  explicit ByteReader(std::string_view data) : data_(data) {}

  bool failed() const { return failed_; }
  bool at_end() const { return pos_ == data_.size(); }
  void Fail() { failed_ = true; }

  uint8_t Byte() {
    if (pos_ >= data_.size()) return Fail(), 0;
    return static_cast<uint8_t>(data_[pos_++]);
  }

  uint64_t Varint() {
    // Lengths and counts are nearly always below 128: one byte.
    if (pos_ < data_.size() && static_cast<uint8_t>(data_[pos_]) < 0x80) {
      return static_cast<uint8_t>(data_[pos_++]);
    }
    std::string_view rest = data_.substr(pos_);
    uint64_t v = 0;
    if (!varint::Get(rest, v)) return Fail(), 0;
    pos_ = data_.size() - rest.size();
    return v;
  }

  // A length-prefixed byte string, viewing the input.
  std::string_view Bytes() {
    uint64_t len = Varint();
    if (failed_ || len > data_.size() - pos_) return Fail(), std::string_view();
    std::string_view s = data_.substr(pos_, len);
    pos_ += len;
    return s;
  }

  // A count of elements each needing at least one byte: bounded by what is left.
  uint64_t Count() {
    uint64_t n = Varint();
    if (n > data_.size() - pos_) return Fail(), 0;
    return n;
  }

  // The type byte of a value; fails on a tag outside AttributeType.
  AttributeType Tag() {
    uint8_t tag = Byte();
    if (tag < static_cast<uint8_t>(AttributeType::kS) ||
        tag > static_cast<uint8_t>(AttributeType::kBS)) {
      Fail();
      return AttributeType::kNull;
    }
    return static_cast<AttributeType>(tag);
  }

 private:
  std::string_view data_;
  size_t pos_ = 0;
  bool failed_ = false;
};

// What Walk() reports. `first` says whether an element is the first of its container
// (a writer needs it for separators).
//   void BeginMap(uint64_t count);  void Name(std::string_view name, bool first);
//   void EndMap();
//   void BeginList(uint64_t count); void ListElement(bool first);  void EndList();
//   void BeginSet(AttributeType type, uint64_t count);
//   void SetMember(AttributeType type, std::string_view bytes, bool first);
//   void EndSet();
//   void Scalar(AttributeType type, std::string_view bytes);  // S, N (canonical), B (raw)
//   void Bool(bool value);  void Null();
// The whole item is reported as a map. Names and values view the input bytes.

namespace walk_detail {

template <typename Visitor>
bool Members(ByteReader& in, Visitor& visitor, int depth);

template <typename Visitor>
bool Value(ByteReader& in, Visitor& visitor, int depth) {
  if (depth > kMaxDecodeDepth) return in.Fail(), false;
  const AttributeType type = in.Tag();
  switch (type) {
    case AttributeType::kS:
    case AttributeType::kN:
    case AttributeType::kB: {
      std::string_view bytes = in.Bytes();
      if (in.failed()) return false;
      visitor.Scalar(type, bytes);
      break;
    }
    case AttributeType::kBool: visitor.Bool(in.Byte() != 0); break;
    case AttributeType::kNull: visitor.Null(); break;
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS: {
      const uint64_t n = in.Count();
      visitor.BeginSet(type, n);
      for (uint64_t i = 0; i < n && !in.failed(); ++i) {
        std::string_view member = in.Bytes();
        if (!in.failed()) visitor.SetMember(type, member, i == 0);
      }
      visitor.EndSet();
      break;
    }
    case AttributeType::kL: {
      const uint64_t n = in.Count();
      visitor.BeginList(n);
      for (uint64_t i = 0; i < n && !in.failed(); ++i) {
        visitor.ListElement(i == 0);
        if (!Value(in, visitor, depth + 1)) return false;
      }
      visitor.EndList();
      break;
    }
    case AttributeType::kM: return Members(in, visitor, depth + 1);
  }
  return !in.failed();
}

template <typename Visitor>
bool Members(ByteReader& in, Visitor& visitor, int depth) {
  const uint64_t n = in.Count();
  visitor.BeginMap(n);
  for (uint64_t i = 0; i < n && !in.failed(); ++i) {
    std::string_view name = in.Bytes();
    if (in.failed()) return false;
    visitor.Name(name, i == 0);
    if (!Value(in, visitor, depth)) return false;
  }
  visitor.EndMap();
  return !in.failed();
}

}  // namespace walk_detail

// Reports the encoded item `bytes` (Encode's output) to `visitor`. Returns false, having
// reported a prefix, when the bytes are not a valid encoding (corruption).
template <typename Visitor>
bool Walk(std::string_view bytes, Visitor& visitor) {
  if (bytes.empty() || (bytes[0] != kVersion1 && bytes[0] != kVersion2)) return false;
  ByteReader in(bytes.substr(1));
  if (bytes[0] == kVersion2) in.Varint();  // the size
  return walk_detail::Members(in, visitor, 0) && in.at_end();
}

}  // namespace monotable::item_codec
