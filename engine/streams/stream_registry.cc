#include "engine/streams/stream_registry.h"

#include <rocksdb/db.h>

#include <chrono>

#include "engine/admission/table_throughput.h"
#include "engine/base/not_found.h"
#include "engine/format/catalog_keys.h"
#include "engine/storage/rocks_status.h"

namespace monotable::streams {

StreamRegistry::StreamRegistry(Storage& storage, const Clock& clock, StreamOptions options)
    : storage_(storage), clock_(clock), options_(options) {}

StreamRegistry::~StreamRegistry() { runner_.StopAll(); }

Status StreamRegistry::Load() {
  std::unique_ptr<rocksdb::Iterator> it(
      storage_.db()->NewIterator(storage_.read_options(), storage_.catalog()));
  const std::string prefix(1, catalog_keys::kStreamPrefix);
  for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix); it->Next()) {
    MT_ASSIGN_OR_RETURN(info,
                        DecodeStreamInfo(std::string_view(it->value().data(), it->value().size())));
    const uint64_t id = info.id;
    auto stream = std::make_shared<Stream>(std::move(info), storage_, clock_, options_);
    MT_RETURN_IF_ERROR(stream->Recover());
    std::lock_guard lock(mu_);
    streams_[id] = std::move(stream);
    if (id >= next_id_) next_id_ = id + 1;
  }
  if (!it->status().ok()) return FromRocks(it->status(), "loading the streams");
  return Status::Ok();
}

uint64_t StreamRegistry::NewStreamId() { return next_id_.fetch_add(1); }

Status StreamRegistry::Sync(const std::string& ns, Table& table) {
  const auto definition = table.definition();
  // Ids recorded in a table definition are taken even if their stream record is not
  // (a crash between the two writes): the record is made below.
  uint64_t seen = next_id_.load();
  while (definition->latest_stream_id >= seen &&
         !next_id_.compare_exchange_weak(seen, definition->latest_stream_id + 1)) {
  }
  std::shared_ptr<Stream> current = table.stream();
  if (!definition->stream_view_type || !definition->latest_stream_id) {
    if (current) {
      table.set_stream(nullptr);
      MT_RETURN_IF_ERROR(current->Disable());
    }
    return Status::Ok();
  }
  if (current && current->id() == definition->latest_stream_id) return Status::Ok();
  std::shared_ptr<Stream> stream = FindById(definition->latest_stream_id);
  if (!stream) {
    StreamInfo info;
    info.id = definition->latest_stream_id;
    info.ns = ns;
    info.table_name = definition->name;
    info.table_id = definition->table_id;
    info.key_schema = definition->key_schema;
    info.view_type = *definition->stream_view_type;
    info.created_ms = definition->latest_stream_ms;
    stream = std::make_shared<Stream>(std::move(info), storage_, clock_, options_);
    const auto throughput = table.throughput();
    MT_RETURN_IF_ERROR(stream->OpenInitialShards(throughput ? throughput->table.get() : nullptr));
    std::lock_guard lock(mu_);
    streams_[stream->id()] = stream;
  }
  table.set_stream(stream);
  if (current) MT_RETURN_IF_ERROR(current->Disable());
  return Status::Ok();
}

Status StreamRegistry::TableDropped(Table& table) {
  std::shared_ptr<Stream> current = table.stream();
  if (!current) return Status::Ok();
  table.set_stream(nullptr);
  return current->Disable();
}

std::shared_ptr<Stream> StreamRegistry::FindById(uint64_t id) const {
  std::lock_guard lock(mu_);
  auto it = streams_.find(id);
  return it == streams_.end() ? nullptr : it->second;
}

Status StreamRegistry::ChangePolicy(
    const std::string& ns, const StreamName& name,
    const std::function<Status(std::optional<ResourcePolicy>& policy)>& change) {
  std::shared_ptr<Stream> stream = Find(ns, name);
  if (!stream) return StreamNotFound(name.label, name.table_name);
  MT_ASSIGN_OR_RETURN(kept, stream->ChangePolicy(change));
  if (!kept) return StreamNotFound(name.label, name.table_name);
  return Status::Ok();
}

Result<std::optional<ResourcePolicy>> StreamRegistry::PolicyOf(const std::string& ns,
                                                               const StreamName& name) const {
  std::shared_ptr<Stream> stream = Find(ns, name);
  if (!stream) return StreamNotFound(name.label, name.table_name);
  return stream->Policy();
}

Status StreamRegistry::MaintainAll() {
  std::vector<std::shared_ptr<Stream>> all;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, stream] : streams_) all.push_back(stream);
  }
  Status first;
  for (const auto& stream : all) {
    auto gone = stream->Maintain();
    if (!gone.ok()) {
      if (first.ok()) first = gone.status();
      continue;
    }
    if (*gone) {
      std::lock_guard lock(mu_);
      streams_.erase(stream->id());
    }
  }
  return first;
}

void StreamRegistry::StartMaintenance() {
  // A failed pass is logged and counted by the runner, and the next one retries.
  runner_.StartPeriodic("maintenance", "stream maintenance (trimming, rollover)",
                        std::chrono::milliseconds(options_.maintenance_interval_ms),
                        [this] { return MaintainAll(); });
}

}  // namespace monotable::streams
