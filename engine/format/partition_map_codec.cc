#include "engine/format/partition_map_codec.h"

#include "engine/format/varint.h"

namespace monotable::partition_map_codec {
namespace {

Status Corrupt(const std::string& what) {
  return Status::Internal("corrupt partition map: " + what);
}

}  // namespace

std::string Encode(std::span<const uint64_t> begins, std::span<const std::string> sorts) {
  std::string out(1, static_cast<char>(sorts.empty() ? kVersion : kSortKeyVersion));
  varint::Put(out, begins.size());
  for (size_t i = 1; i < begins.size(); ++i) {
    varint::Put(out, begins[i] - begins[i - 1]);
    if (sorts.empty()) continue;
    varint::Put(out, sorts[i].size());
    out += sorts[i];
  }
  return out;
}

Result<Boundaries> Decode(std::string_view in) {
  if (in.empty()) return Corrupt("empty");
  const auto version = static_cast<uint8_t>(in.front());
  if (version != kVersion && version != kSortKeyVersion) {
    return Corrupt("unknown version " + std::to_string(version));
  }
  const bool with_sort_keys = version == kSortKeyVersion;
  in.remove_prefix(1);
  uint64_t count = 0;
  if (!varint::Get(in, count)) return Corrupt("truncated count");
  // Each gap takes at least one byte: a count beyond that is a lie, and refusing it
  // here keeps garbage from reserving gigabytes.
  if (count == 0 || count - 1 > in.size()) return Corrupt("bad count");
  Boundaries map;
  map.begins.reserve(count);
  map.begins.push_back(0);
  if (with_sort_keys) map.sorts.resize(1);
  bool any_sort_key = false;
  for (uint64_t i = 1; i < count; ++i) {
    uint64_t gap = 0;
    if (!varint::Get(in, gap)) return Corrupt("truncated boundary");
    const uint64_t prev = map.begins.back();
    if (gap > UINT64_MAX - prev || (gap == 0 && !with_sort_keys))
      return Corrupt("boundaries out of order");
    map.begins.push_back(prev + gap);
    if (!with_sort_keys) continue;
    uint64_t length = 0;
    if (!varint::Get(in, length) || length > in.size()) return Corrupt("truncated sort key");
    std::string sort_key(in.substr(0, length));
    in.remove_prefix(length);
    if (gap == 0 && sort_key <= map.sorts.back()) return Corrupt("boundaries out of order");
    any_sort_key |= !sort_key.empty();
    map.sorts.push_back(std::move(sort_key));
  }
  if (!in.empty()) return Corrupt("trailing bytes");
  // One form for one map: a map without sort-key boundaries is version 1.
  if (with_sort_keys && !any_sort_key) return Corrupt("version 2 without sort keys");
  return map;
}

}  // namespace monotable::partition_map_codec
