#include "engine/admission/contributor_insights.h"

#include <rocksdb/db.h>
#include <rocksdb/write_batch.h>

#include "engine/format/catalog_keys.h"
#include "engine/storage/rocks_status.h"

namespace monotable {
namespace {

constexpr char kVersion = 1;
constexpr size_t kRecordBytes = 2 + 8 + 8;

void PutBigEndian(std::string& out, int64_t value) {
  const auto v = static_cast<uint64_t>(value);
  for (int shift = 56; shift >= 0; shift -= 8) out.push_back(static_cast<char>(v >> shift));
}

int64_t GetBigEndian(std::string_view bytes) {
  uint64_t v = 0;
  for (size_t i = 0; i < 8; ++i) v = v << 8 | static_cast<uint8_t>(bytes[i]);
  return static_cast<int64_t>(v);
}

}  // namespace

Result<InsightsSetting> ReadInsightsSetting(const Storage& storage, const std::string& family) {
  std::string record;
  rocksdb::Status read = storage.db()->Get(storage.read_options(), storage.catalog(),
                                           catalog_keys::InsightsKey(family), &record);
  if (read.IsNotFound()) return InsightsSetting{};
  if (!read.ok()) return FromRocks(read, "reading the Contributor Insights setting of " + family);
  if (record.size() != kRecordBytes || record[0] != kVersion || record[1] < 0 || record[1] > 2) {
    return Status::Internal("corrupt Contributor Insights setting of " + family);
  }
  InsightsSetting s;
  s.mode = static_cast<throughput::InsightsMode>(record[1]);
  s.enabled_ms = GetBigEndian(std::string_view(record).substr(2));
  s.updated_ms = GetBigEndian(std::string_view(record).substr(10));
  return s;
}

Status WriteInsightsSetting(Storage& storage, const std::string& family,
                            const InsightsSetting& setting) {
  std::string record{kVersion, static_cast<char>(setting.mode)};
  PutBigEndian(record, setting.enabled_ms);
  PutBigEndian(record, setting.updated_ms);
  rocksdb::WriteBatch batch;
  batch.Put(storage.catalog(), catalog_keys::InsightsKey(family), record);
  return storage.Write(&batch);
}

}  // namespace monotable
