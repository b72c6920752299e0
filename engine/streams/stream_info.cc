#include "engine/streams/stream_info.h"

#include <charconv>

#include "engine/format/item_codec.h"

namespace monotable::streams {
namespace {

// Field names are part of the on-disk format: do not rename. 64-bit unsigned values
// (hashes, sequence numbers) are written as decimal text of their full range.
AttributeValue Num(uint64_t v) { return AttributeValue::NumberText(std::to_string(v)); }
AttributeValue SignedNum(int64_t v) { return AttributeValue::NumberText(std::to_string(v)); }
AttributeValue Str(std::string s) { return AttributeValue::String(std::move(s)); }

class Reader {
 public:
  explicit Reader(const Item& item) : item_(item) {}
  bool ok() const { return ok_; }
  bool Has(std::string_view name) const { return item_.find(name) != item_.end(); }
  template <typename T>
  T Number(std::string_view name) {
    T value{};
    auto it = item_.find(name);
    if (it == item_.end() || it->second.type != AttributeType::kN) {
      ok_ = false;
      return value;
    }
    const std::string& text = it->second.scalar;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size()) ok_ = false;
    return value;
  }
  std::string String(std::string_view name) {
    auto it = item_.find(name);
    if (it == item_.end() || it->second.type != AttributeType::kS) {
      ok_ = false;
      return {};
    }
    return it->second.scalar;
  }
  const AttributeList& List(std::string_view name) {
    static const AttributeList kEmpty;
    auto it = item_.find(name);
    if (it == item_.end() || it->second.type != AttributeType::kL) {
      ok_ = false;
      return kEmpty;
    }
    return it->second.list;
  }

 private:
  const Item& item_;
  bool ok_ = true;
};

AttributeValue ShardValue(const ShardInfo& shard) {
  AttributeMap m{{"n", Num(shard.number)},          {"id", Str(shard.id)},
                 {"p", Str(shard.parent_id)},       {"hb", Num(shard.hash_begin)},
                 {"hl", Num(shard.hash_last)},      {"ss", Num(shard.start_sequence)},
                 {"c", SignedNum(shard.created_ms)}};
  if (shard.end_sequence) {
    m.emplace("es", Num(*shard.end_sequence));
    m.emplace("x", SignedNum(shard.closed_ms));
  }
  return AttributeValue::MapOf(std::move(m));
}

}  // namespace

std::string EncodeStreamInfo(const StreamInfo& info) {
  AttributeList keys, shards;
  for (const auto& k : info.key_schema) {
    keys.push_back(
        AttributeValue::MapOf({{"n", Str(k.name)}, {"t", SignedNum(static_cast<int>(k.type))}}));
  }
  for (const auto& shard : info.shards) shards.push_back(ShardValue(shard));
  Item item{{"id", Num(info.id)},
            {"ns", Str(info.ns)},
            {"table", Str(info.table_name)},
            {"tid", Str(info.table_id)},
            {"keys", AttributeValue::ListOf(std::move(keys))},
            {"view", SignedNum(static_cast<int>(info.view_type))},
            {"created", SignedNum(info.created_ms)},
            {"enabled", AttributeValue::Bool(info.enabled)},
            {"disabled", SignedNum(info.disabled_ms)},
            {"next_shard", Num(info.next_shard)},
            {"shards", AttributeValue::ListOf(std::move(shards))}};
  if (info.policy) {
    item.emplace("policy", AttributeValue::MapOf({{"d", Str(info.policy->document)},
                                                  {"r", Str(info.policy->revision_id)}}));
  }
  return item_codec::Encode(item);
}

Result<StreamInfo> DecodeStreamInfo(std::string_view bytes) {
  MT_ASSIGN_OR_RETURN(item, item_codec::Decode(bytes));
  Reader r(item);
  StreamInfo info;
  info.id = r.Number<uint64_t>("id");
  info.ns = r.String("ns");
  info.table_name = r.String("table");
  info.table_id = r.String("tid");
  bool ok = true;
  for (const auto& k : r.List("keys")) {
    Reader kr(k.map);
    info.key_schema.push_back({kr.String("n"), static_cast<KeyType>(kr.Number<int>("t"))});
    ok &= kr.ok();
  }
  const int view = r.Number<int>("view");
  info.view_type = static_cast<StreamViewType>(view);
  info.created_ms = r.Number<int64_t>("created");
  auto enabled = item.find("enabled");
  info.enabled = enabled != item.end() && enabled->second.boolean;
  info.disabled_ms = r.Number<int64_t>("disabled");
  info.next_shard = r.Number<uint32_t>("next_shard");
  for (const auto& s : r.List("shards")) {
    Reader sr(s.map);
    ShardInfo shard;
    shard.number = sr.Number<uint32_t>("n");
    shard.id = sr.String("id");
    shard.parent_id = sr.String("p");
    shard.hash_begin = sr.Number<uint64_t>("hb");
    shard.hash_last = sr.Number<uint64_t>("hl");
    shard.start_sequence = sr.Number<uint64_t>("ss");
    shard.created_ms = sr.Number<int64_t>("c");
    if (sr.Has("es")) {
      shard.end_sequence = sr.Number<uint64_t>("es");
      shard.closed_ms = sr.Number<int64_t>("x");
    }
    ok &= sr.ok();
    info.shards.push_back(std::move(shard));
  }
  if (auto policy = item.find("policy"); policy != item.end()) {
    Reader pr(policy->second.map);
    info.policy = ResourcePolicy{pr.String("d"), pr.String("r")};
    ok &= pr.ok() && policy->second.type == AttributeType::kM;
  }
  if (!ok || !r.ok() || view < 1 || view > 4) return Status::Internal("stream record is corrupt");
  return info;
}

}  // namespace monotable::streams
