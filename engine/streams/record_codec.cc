#include "engine/streams/record_codec.h"

#include <charconv>

#include "engine/format/item_codec.h"

namespace monotable::streams {
namespace {

AttributeValue Int(int64_t v) { return AttributeValue::NumberText(std::to_string(v)); }

bool ReadInt(const Item& item, std::string_view name, int64_t& out) {
  auto it = item.find(name);
  if (it == item.end() || it->second.type != AttributeType::kN) return false;
  const std::string& text = it->second.scalar;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

// An encoded item kept as a binary value ("k", "n", "o").
std::string* ReadEncoded(Item& item, std::string_view name) {
  auto it = item.find(name);
  return it == item.end() || it->second.type != AttributeType::kB ? nullptr : &it->second.scalar;
}

}  // namespace

std::string EncodeRecord(const StreamRecord& record) {
  Item item{{"e", Int(static_cast<int>(record.event))},
            {"v", Int(static_cast<int>(record.view_type))},
            {"k", AttributeValue::Binary(record.keys)},
            {"s", Int(record.size_bytes)},
            {"t", Int(record.creation_ms)}};
  if (record.new_image) item.emplace("n", AttributeValue::Binary(*record.new_image));
  if (record.old_image) item.emplace("o", AttributeValue::Binary(*record.old_image));
  if (record.time_to_live) item.emplace("ttl", AttributeValue::Bool(true));
  return item_codec::Encode(item);
}

Result<StreamRecord> DecodeRecord(std::string_view bytes) {
  MT_ASSIGN_OR_RETURN(item, item_codec::Decode(bytes));
  StreamRecord record;
  int64_t event = 0, view = 0;
  std::string* keys = ReadEncoded(item, "k");
  if (!ReadInt(item, "e", event) || !ReadInt(item, "v", view) || !keys ||
      !ReadInt(item, "s", record.size_bytes) || !ReadInt(item, "t", record.creation_ms) ||
      event < 1 || event > 3 || view < 1 || view > 4) {
    return Status::Internal("stream record is corrupt");
  }
  record.event = static_cast<StreamEventName>(event);
  record.view_type = static_cast<StreamViewType>(view);
  record.keys = std::move(*keys);
  if (std::string* image = ReadEncoded(item, "n")) record.new_image = std::move(*image);
  if (std::string* image = ReadEncoded(item, "o")) record.old_image = std::move(*image);
  record.time_to_live = item.count("ttl") > 0;
  return record;
}

}  // namespace monotable::streams
