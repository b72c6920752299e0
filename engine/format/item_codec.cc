#include "engine/format/item_codec.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "engine/format/item_codec_walk.h"
#include "engine/format/varint.h"

namespace monotable::item_codec {
namespace {

void PutString(std::string* out, std::string_view s) {
  varint::Put(*out, s.size());
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
      varint::Put(*out, v.set.size());
      for (const auto& m : v.set) PutString(out, m);
      break;
    case AttributeType::kL:
      varint::Put(*out, v.list.size());
      for (const auto& e : v.list) PutValue(out, e);
      break;
    case AttributeType::kM:
      varint::Put(*out, v.map.size());
      for (const auto& [name, e] : v.map) {
        PutString(out, name);
        PutValue(out, e);
      }
      break;
  }
}

// Builds an Item from Walk()'s report. Each value is decoded in place: a name or list
// element opens the slot the next value fills; containers are kept open on a stack.
class ItemBuilder {
 public:
  explicit ItemBuilder(Item* root) : root_(root) {}

  void BeginMap(uint64_t /*count*/) {
    AttributeMap* map = root_;
    if (slot_ != nullptr) {
      slot_->type = AttributeType::kM;
      map = &slot_->map;
    }
    Push({map, nullptr});
  }
  void Name(std::string_view name, bool /*first*/) {
    // Maps are encoded in name order, so each entry goes at the end: the hint makes
    // the insertion constant-time.
    AttributeMap& map = *open_[depth_ - 1].map;
    slot_ = &map.emplace_hint(map.end(), std::string(name), AttributeValue())->second;
  }
  void EndMap() { --depth_; }

  void BeginList(uint64_t count) {
    slot_->type = AttributeType::kL;
    slot_->list.reserve(count);
    Push({nullptr, slot_});
  }
  void ListElement(bool /*first*/) { slot_ = &open_[depth_ - 1].value->list.emplace_back(); }
  void EndList() { --depth_; }

  void BeginSet(AttributeType type, uint64_t count) {
    slot_->type = type;
    slot_->set.reserve(count);
    Push({nullptr, slot_});
  }
  void SetMember(AttributeType /*type*/, std::string_view bytes, bool /*first*/) {
    open_[depth_ - 1].value->set.emplace_back(bytes);
  }
  void EndSet() { --depth_; }

  void Scalar(AttributeType type, std::string_view bytes) {
    slot_->type = type;
    slot_->scalar.assign(bytes);
  }
  void Bool(bool value) {
    slot_->type = AttributeType::kBool;
    slot_->boolean = value;
  }
  void Null() {
    slot_->type = AttributeType::kNull;
    slot_->boolean = true;
  }

 private:
  // An open container: a map (the item or an M value), or the L/SS/NS/BS value.
  struct Open {
    AttributeMap* map;
    AttributeValue* value;
  };
  // Walk() fails beyond kMaxDecodeDepth levels, each opening at most one container.
  void Push(Open open) { open_[depth_++] = open; }

  Item* root_;
  AttributeValue* slot_ = nullptr;  // where the next value goes
  std::array<Open, kMaxDecodeDepth + 4> open_;
  size_t depth_ = 0;
};

// Passes to an ItemBuilder only the top-level attributes named in `names`: the others
// are walked over without being built.
class SelectedAttributes {
 public:
  SelectedAttributes(ItemBuilder& builder, const std::vector<std::string>& names)
      : builder_(builder), names_(names) {}

  void BeginMap(uint64_t count) {
    if (depth_++ == 0 || selected_) builder_.BeginMap(count);
  }
  void Name(std::string_view name, bool first) {
    if (depth_ == 1) {
      selected_ = std::find(names_.begin(), names_.end(), name) != names_.end();
    }
    if (selected_) builder_.Name(name, first);
  }
  void EndMap() {
    if (--depth_ == 0 || selected_) builder_.EndMap();
  }
  void BeginList(uint64_t count) {
    ++depth_;
    if (selected_) builder_.BeginList(count);
  }
  void ListElement(bool first) {
    if (selected_) builder_.ListElement(first);
  }
  void EndList() {
    --depth_;
    if (selected_) builder_.EndList();
  }
  void BeginSet(AttributeType type, uint64_t count) {
    if (selected_) builder_.BeginSet(type, count);
  }
  void SetMember(AttributeType type, std::string_view bytes, bool first) {
    if (selected_) builder_.SetMember(type, bytes, first);
  }
  void EndSet() {
    if (selected_) builder_.EndSet();
  }
  void Scalar(AttributeType type, std::string_view bytes) {
    if (selected_) builder_.Scalar(type, bytes);
  }
  void Bool(bool value) {
    if (selected_) builder_.Bool(value);
  }
  void Null() {
    if (selected_) builder_.Null();
  }

 private:
  ItemBuilder& builder_;
  const std::vector<std::string>& names_;
  int depth_ = 0;
  bool selected_ = false;  // inside a selected top-level attribute
};

// DynamoDB's item size (ItemSize) of an encoded item.
class SizeCounter {
 public:
  size_t size() const { return size_; }

  void BeginMap(uint64_t /*count*/) {
    if (depth_++ > 0) size_ += kContainerOverhead;  // the item itself has no overhead
  }
  void Name(std::string_view name, bool /*first*/) {
    size_ += name.size() + (depth_ > 1 ? kElementOverhead : 0);
  }
  void EndMap() { --depth_; }
  void BeginList(uint64_t /*count*/) {
    ++depth_;
    size_ += kContainerOverhead;
  }
  void ListElement(bool /*first*/) { size_ += kElementOverhead; }
  void EndList() { --depth_; }
  void BeginSet(AttributeType /*type*/, uint64_t /*count*/) {}
  void SetMember(AttributeType type, std::string_view bytes, bool /*first*/) {
    Scalar(type, bytes);
  }
  void EndSet() {}
  void Scalar(AttributeType type, std::string_view bytes) {
    size_ +=
        type == AttributeType::kN || type == AttributeType::kNS ? NumberSize(bytes) : bytes.size();
  }
  void Bool(bool /*value*/) { size_ += 1; }
  void Null() { size_ += 1; }

 private:
  size_t size_ = 0;
  int depth_ = 0;
};

}  // namespace

namespace {

void EncodeSized(const Item& item, size_t item_size, std::string* out) {
  out->push_back(kVersion2);
  varint::Put(*out, item_size);
  varint::Put(*out, item.size());
  for (const auto& [name, value] : item) {
    PutString(out, name);
    PutValue(out, value);
  }
}

}  // namespace

void EncodeTo(const Item& item, std::string* out) { EncodeSized(item, ItemSize(item), out); }

std::string Encode(const Item& item) { return Encode(item, ItemSize(item)); }

std::string Encode(const Item& item, size_t item_size) {
  std::string out;
  out.reserve(256);
  EncodeSized(item, item_size, &out);
  return out;
}

Result<Item> Decode(std::string_view bytes) {
  if (bytes.empty() || (bytes[0] != kVersion1 && bytes[0] != kVersion2)) {
    return Status::Internal("stored item has an unknown format version");
  }
  Item item;
  ItemBuilder builder(&item);
  if (!Walk(bytes, builder)) return Status::Internal("stored item is corrupt");
  return item;
}

Result<Item> DecodeAttributes(std::string_view bytes, const std::vector<std::string>& names) {
  Item item;
  ItemBuilder builder(&item);
  SelectedAttributes selected(builder, names);
  if (!Walk(bytes, selected)) return Status::Internal("stored item is corrupt");
  return item;
}

Result<size_t> EncodedItemSize(std::string_view bytes) {
  if (!bytes.empty() && bytes[0] == kVersion2) {
    ByteReader in(bytes.substr(1));
    const uint64_t size = in.Varint();
    if (in.failed()) return Status::Internal("stored item is corrupt");
    return size;
  }
  SizeCounter counter;
  if (!Walk(bytes, counter)) return Status::Internal("stored item is corrupt");
  return counter.size();
}

}  // namespace monotable::item_codec
