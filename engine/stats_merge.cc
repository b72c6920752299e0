#include "engine/stats_merge.h"

#include <cstring>

namespace monotable {
namespace {

void PutFixed64(std::string* out, int64_t v) {
  uint64_t u = static_cast<uint64_t>(v);
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>(u >> (8 * i)));
}

int64_t GetFixed64(std::string_view in) {
  uint64_t u = 0;
  for (int i = 7; i >= 0; --i) u = (u << 8) | static_cast<unsigned char>(in[i]);
  return static_cast<int64_t>(u);
}

class StatsMergeOperator : public rocksdb::AssociativeMergeOperator {
 public:
  bool Merge(const rocksdb::Slice& /*key*/, const rocksdb::Slice* existing,
             const rocksdb::Slice& value, std::string* new_value,
             rocksdb::Logger* /*logger*/) const override {
    StatsDelta sum = existing ? DecodeStats({existing->data(), existing->size()}) : StatsDelta{};
    StatsDelta add = DecodeStats({value.data(), value.size()});
    sum.items += add.items;
    sum.bytes += add.bytes;
    *new_value = EncodeStats(sum);
    return true;
  }
  const char* Name() const override { return "monotable.StatsMerge"; }
};

}  // namespace

std::string EncodeStats(const StatsDelta& delta) {
  std::string out;
  PutFixed64(&out, delta.items);
  PutFixed64(&out, delta.bytes);
  return out;
}

StatsDelta DecodeStats(std::string_view bytes) {
  if (bytes.size() != 16) return {};
  return {GetFixed64(bytes.substr(0, 8)), GetFixed64(bytes.substr(8, 8))};
}

std::shared_ptr<rocksdb::MergeOperator> NewStatsMergeOperator() {
  return std::make_shared<StatsMergeOperator>();
}

}  // namespace monotable
