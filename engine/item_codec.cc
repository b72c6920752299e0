#include "engine/item_codec.h"

#include <cstdint>

namespace monotable::item_codec {
namespace {

constexpr char kVersion1 = 0x01;
// Deeper nesting than DynamoDB allows (32) means corruption, not data.
constexpr int kMaxDecodeDepth = 64;

void PutVarint(std::string* out, uint64_t v) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

void PutString(std::string* out, std::string_view s) {
  PutVarint(out, s.size());
  out->append(s);
}

void PutValue(std::string* out, const AttributeValue& v) {
  out->push_back(static_cast<char>(v.type));
  switch (v.type) {
    case AttributeType::kS:
    case AttributeType::kN:
    case AttributeType::kB: PutString(out, v.scalar); break;
    case AttributeType::kBool: out->push_back(v.boolean ? 1 : 0); break;
    case AttributeType::kNull: break;
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS:
      PutVarint(out, v.set.size());
      for (const auto& m : v.set) PutString(out, m);
      break;
    case AttributeType::kL:
      PutVarint(out, v.list.size());
      for (const auto& e : v.list) PutValue(out, e);
      break;
    case AttributeType::kM:
      PutVarint(out, v.map.size());
      for (const auto& [name, e] : v.map) {
        PutString(out, name);
        PutValue(out, e);
      }
      break;
  }
}

// Cursor over encoded bytes; every read checks bounds and sets failed_ on overrun.
class Reader {
 public:
  explicit Reader(std::string_view data) : data_(data) {}

  bool failed() const { return failed_; }
  bool at_end() const { return pos_ == data_.size(); }

  uint8_t Byte() {
    if (pos_ >= data_.size()) return Fail(), 0;
    return static_cast<uint8_t>(data_[pos_++]);
  }

  uint64_t Varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      uint8_t b = Byte();
      if (failed_) return 0;
      v |= static_cast<uint64_t>(b & 0x7F) << shift;
      if ((b & 0x80) == 0) return v;
    }
    return Fail(), 0;
  }

  std::string String() {
    uint64_t len = Varint();
    if (failed_ || len > data_.size() - pos_) return Fail(), std::string();
    std::string s(data_.substr(pos_, len));
    pos_ += len;
    return s;
  }

  // A count of elements each needing at least one byte: bounded by what is left.
  uint64_t Count() {
    uint64_t n = Varint();
    if (n > data_.size() - pos_) return Fail(), 0;
    return n;
  }

  bool Value(AttributeValue* v, int depth) {
    if (depth > kMaxDecodeDepth) return Fail(), false;
    uint8_t tag = Byte();
    if (tag < static_cast<uint8_t>(AttributeType::kS) ||
        tag > static_cast<uint8_t>(AttributeType::kBS)) {
      return Fail(), false;
    }
    v->type = static_cast<AttributeType>(tag);
    switch (v->type) {
      case AttributeType::kS:
      case AttributeType::kN:
      case AttributeType::kB: v->scalar = String(); break;
      case AttributeType::kBool: v->boolean = Byte() != 0; break;
      case AttributeType::kNull: v->boolean = true; break;
      case AttributeType::kSS:
      case AttributeType::kNS:
      case AttributeType::kBS: {
        uint64_t n = Count();
        v->set.reserve(n);
        for (uint64_t i = 0; i < n && !failed_; ++i) v->set.push_back(String());
        break;
      }
      case AttributeType::kL: {
        uint64_t n = Count();
        v->list.resize(n);
        for (uint64_t i = 0; i < n && !failed_; ++i) Value(&v->list[i], depth + 1);
        break;
      }
      case AttributeType::kM: Map(&v->map, depth + 1); break;
    }
    return !failed_;
  }

  void Map(AttributeMap* map, int depth) {
    uint64_t n = Count();
    for (uint64_t i = 0; i < n && !failed_; ++i) {
      // Maps are encoded in name order, so each entry goes at the end: the hint makes
      // the insertion constant-time, and the value is decoded in place.
      auto entry = map->emplace_hint(map->end(), String(), AttributeValue());
      if (!Value(&entry->second, depth)) return;
    }
  }

 private:
  void Fail() { failed_ = true; }

  std::string_view data_;
  size_t pos_ = 0;
  bool failed_ = false;
};

}  // namespace

void EncodeTo(const Item& item, std::string* out) {
  out->push_back(kVersion1);
  PutVarint(out, item.size());
  for (const auto& [name, value] : item) {
    PutString(out, name);
    PutValue(out, value);
  }
}

std::string Encode(const Item& item) {
  std::string out;
  out.reserve(256);
  EncodeTo(item, &out);
  return out;
}

Result<Item> Decode(std::string_view bytes) {
  if (bytes.empty() || bytes[0] != kVersion1) {
    return Status::Internal("stored item has an unknown format version");
  }
  Reader reader(bytes.substr(1));
  Item item;
  reader.Map(&item, 0);
  if (reader.failed() || !reader.at_end()) return Status::Internal("stored item is corrupt");
  return item;
}

}  // namespace monotable::item_codec
