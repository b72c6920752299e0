// The Streams API of StreamRegistry: ListStreams, DescribeStream, GetShardIterator and
// GetRecords (stream_registry.h states their contracts).
#include <rocksdb/db.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "engine/schema/stream_label.h"
#include "engine/storage/rocks_status.h"
#include "engine/streams/record_codec.h"
#include "engine/streams/record_key.h"
#include "engine/streams/shard_iterator.h"
#include "engine/streams/stream_registry.h"

namespace monotable::streams {
namespace {

// GetRecords answers at most 1 MB of records, as DynamoDB does.
constexpr size_t kMaxRecordsBytes = size_t{1} << 20;

StreamName NameOf(const StreamInfo& info) {
  return {info.table_name, StreamLabel(info.created_ms)};
}

Status StreamArnNotFound(const std::string& arn) {
  return Status::NotFound("Requested resource not found: Stream: " + arn + " not found");
}

// 32 hex digits, unique per record: its stream, shard and sequence number mixed.
std::string EventId(uint64_t stream, uint32_t shard, uint64_t sequence) {
  auto mix = [](uint64_t x) {
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  };
  const uint64_t hi = mix(stream * 0x9E3779B97F4A7C15ull ^ shard);
  const uint64_t lo = mix(hi ^ sequence);
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string id(32, '0');
  for (int i = 0; i < 16; ++i) {
    id[i] = kDigits[(hi >> (60 - 4 * i)) & 0xF];
    id[16 + i] = kDigits[(lo >> (60 - 4 * i)) & 0xF];
  }
  return id;
}

}  // namespace

std::shared_ptr<Stream> StreamRegistry::Find(const std::string& ns, const StreamName& name) const {
  const std::optional<int64_t> created = ParseStreamLabel(name.label);
  if (!created) return nullptr;
  std::lock_guard lock(mu_);
  for (const auto& [id, stream] : streams_) {
    if (stream->ns() == ns && stream->created_ms() == *created &&
        stream->table_name() == name.table_name) {
      return stream;
    }
  }
  return nullptr;
}

Result<ListStreamsResult> StreamRegistry::ListStreams(const std::string& ns,
                                                      const ListStreamsRequest& request) {
  std::vector<std::shared_ptr<Stream>> all;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, stream] : streams_) {
      if (stream->ns() == ns) all.push_back(stream);
    }
  }
  std::vector<StreamName> names;
  for (const auto& stream : all) {
    StreamInfo info = stream->Info();
    if (request.table_name && info.table_name != *request.table_name) continue;
    names.push_back(NameOf(info));
  }
  auto begin = names.begin();
  if (request.exclusive_start) {
    auto at = std::find_if(names.begin(), names.end(), [&](const StreamName& n) {
      return n.table_name == request.exclusive_start->table_name &&
             n.label == request.exclusive_start->label;
    });
    if (at != names.end()) begin = at + 1;
  }
  ListStreamsResult result;
  for (auto it = begin; it != names.end(); ++it) {
    if (static_cast<int>(result.streams.size()) == request.limit) {
      result.last_evaluated = result.streams.back();
      break;
    }
    result.streams.push_back(*it);
  }
  return result;
}

Result<StreamDescription> StreamRegistry::DescribeStream(const std::string& ns,
                                                         const DescribeStreamRequest& request) {
  std::shared_ptr<Stream> stream = Find(ns, request.stream);
  if (!stream) return StreamArnNotFound(request.stream_arn);
  const StreamInfo info = stream->Info();
  StreamDescription description;
  description.stream = NameOf(info);
  description.status = info.enabled ? StreamStatus::kEnabled : StreamStatus::kDisabled;
  description.view_type = info.view_type;
  description.creation_ms = info.created_ms;
  description.key_schema = info.key_schema;
  // Shards in the lexicographic order of their ids, and ExclusiveStartShardId a position
  // in that order: an id that is no shard's (past the last, trimmed, made up) starts after
  // where it would sort, an empty page at the end, as DynamoDB answers (scylladb's
  // test_describe_stream_with_nonexistent_last_shard, run against DynamoDB; DynamoDB Local
  // refuses such an id instead).
  std::vector<ShardInfo> shards = info.shards;
  std::sort(shards.begin(), shards.end(),
            [](const ShardInfo& a, const ShardInfo& b) { return a.id < b.id; });
  auto begin = shards.begin();
  if (request.exclusive_start_shard_id) {
    begin = std::upper_bound(shards.begin(), shards.end(), *request.exclusive_start_shard_id,
                             [](const std::string& id, const ShardInfo& s) { return id < s.id; });
  }
  for (auto it = begin; it != shards.end(); ++it) {
    if (static_cast<int>(description.shards.size()) == request.limit) {
      description.last_evaluated_shard_id = description.shards.back().shard_id;
      break;
    }
    description.shards.push_back({it->id, it->parent_id, it->start_sequence, it->end_sequence});
  }
  return description;
}

Result<std::string> StreamRegistry::GetShardIterator(const std::string& ns,
                                                     const GetShardIteratorRequest& request) {
  std::shared_ptr<Stream> stream = Find(ns, request.stream);
  if (!stream) return StreamArnNotFound(request.stream_arn);
  std::optional<Stream::ShardView> shard = stream->FindShard(request.shard_id);
  if (!shard) {
    return Status::NotFound("Requested resource not found: Shard does not exist");
  }
  ShardIterator iterator{stream->id(), shard->info.number, 0, clock_.NowMillis()};
  switch (request.type) {
    case ShardIteratorType::kTrimHorizon: iterator.position = shard->trim_horizon; break;
    case ShardIteratorType::kLatest: iterator.position = shard->next_sequence; break;
    case ShardIteratorType::kAtSequenceNumber:
    case ShardIteratorType::kAfterSequenceNumber: {
      const uint64_t at = *request.sequence_number;
      if (at < shard->trim_horizon) {
        return Status(ErrorCode::kTrimmedDataAccess,
                      "The requested sequence number is beyond the trim horizon of the shard");
      }
      if ((shard->info.end_sequence && at > *shard->info.end_sequence) ||
          at >= shard->next_sequence) {
        return Status::Validation("Invalid SequenceNumber " + std::to_string(at) + " for shard " +
                                  request.shard_id);
      }
      iterator.position = request.type == ShardIteratorType::kAtSequenceNumber ? at : at + 1;
      break;
    }
  }
  return EncodeIterator(iterator);
}

std::optional<StreamName> StreamRegistry::StreamOfIterator(std::string_view token) const {
  const std::optional<ShardIterator> iterator = DecodeIterator(token);
  if (!iterator) return std::nullopt;
  std::shared_ptr<Stream> stream = FindById(iterator->stream_id);
  if (!stream) return std::nullopt;
  StreamInfo info = stream->Info();
  return StreamName{std::move(info.table_name), StreamLabel(info.created_ms)};
}

Result<GetRecordsResult> StreamRegistry::GetRecords(const std::string& ns,
                                                    const GetRecordsRequest& request) {
  const std::optional<ShardIterator> iterator = DecodeIterator(request.shard_iterator);
  if (!iterator) return Status::Validation("Invalid ShardIterator");
  const int64_t now = clock_.NowMillis();
  if (now - iterator->issued_ms > options_.iterator_lifetime_ms) {
    return Status(ErrorCode::kExpiredIterator,
                  "Iterator expired. The iterator was created at time " +
                      StreamLabel(iterator->issued_ms) + " while right now it's " +
                      StreamLabel(now) + ". The iterator is only valid for " +
                      std::to_string(options_.iterator_lifetime_ms / 60000) + " minutes.");
  }
  std::shared_ptr<Stream> stream = FindById(iterator->stream_id);
  if (!stream || stream->ns() != ns) {
    return Status::NotFound("Requested resource not found: Stream not found");
  }
  std::optional<Stream::ShardView> shard = stream->FindShard(iterator->shard);
  if (!shard || iterator->position < shard->trim_horizon) {
    return Status(ErrorCode::kTrimmedDataAccess,
                  "The operation attempted to read past the oldest stream record in a shard");
  }

  // With a records delay, a record is readable once its write is that old: its sequence
  // number carries its write's time, never below it (stream.h).
  uint64_t readable_end = shard->readable_end;
  if (options_.records_delay_ms > 0) {
    // Every record of a write at or before `now - delay` lies below this.
    readable_end = std::min(readable_end, SequenceAt(now - options_.records_delay_ms + 1));
  }
  GetRecordsResult result;
  uint64_t position = iterator->position;
  if (position < readable_end) {
    const std::string end_key = RecordKey(stream->id(), iterator->shard, readable_end);
    rocksdb::Slice upper(end_key);
    rocksdb::ReadOptions options = storage_.read_options();
    options.iterate_upper_bound = &upper;
    std::unique_ptr<rocksdb::Iterator> it(storage_.db()->NewIterator(options, storage_.streams()));
    size_t bytes = 0;
    for (it->Seek(RecordKey(stream->id(), iterator->shard, position));
         it->Valid() && static_cast<int>(result.records.size()) < request.limit &&
         bytes < kMaxRecordsBytes;
         it->Next()) {
      MT_ASSIGN_OR_RETURN(record,
                          DecodeRecord(std::string_view(it->value().data(), it->value().size())));
      record.sequence_number = SequenceOfKey(std::string_view(it->key().data(), it->key().size()));
      record.event_id = EventId(stream->id(), iterator->shard, record.sequence_number);
      bytes += it->value().size();
      position = record.sequence_number + 1;
      result.records.push_back(std::move(record));
    }
    if (!it->status().ok()) return FromRocks(it->status(), "reading stream records");
    // Nothing left before readable_end: the next read starts there.
    if (!it->Valid() && static_cast<int>(result.records.size()) < request.limit &&
        bytes < kMaxRecordsBytes) {
      position = std::max(position, readable_end);
    }
  }
  const std::optional<uint64_t>& end = shard->info.end_sequence;
  const bool drained = end && position > *end && readable_end > *end;
  if (!drained) {
    result.next_shard_iterator = EncodeIterator({stream->id(), iterator->shard, position, now});
  }
  return result;
}

}  // namespace monotable::streams
