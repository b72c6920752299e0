#include "engine/storage/stats_merge_operator.h"

#include "engine/format/stats_record.h"

namespace monotable {
namespace {

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
  // Persisted in the database's options: do not rename.
  const char* Name() const override { return "monotable.StatsMerge"; }
};

}  // namespace

std::shared_ptr<rocksdb::MergeOperator> NewStatsMergeOperator() {
  return std::make_shared<StatsMergeOperator>();
}

}  // namespace monotable
