#include "protocol/stream_json.h"

#include <charconv>
#include <cstdio>

#include "protocol/encoded_item_json.h"
#include "protocol/table_description_json.h"

namespace monotable::protocol {
namespace {

constexpr std::string_view kStreamPart = "/stream/";
constexpr std::string_view kTablePart = ":table/";

std::string_view EventName(StreamEventName event) {
  switch (event) {
    case StreamEventName::kInsert: return "INSERT";
    case StreamEventName::kModify: return "MODIFY";
    case StreamEventName::kRemove: return "REMOVE";
  }
  return "MODIFY";
}

std::string_view StatusName(StreamStatus status) {
  switch (status) {
    case StreamStatus::kEnabling: return "ENABLING";
    case StreamStatus::kEnabled: return "ENABLED";
    case StreamStatus::kDisabling: return "DISABLING";
    case StreamStatus::kDisabled: return "DISABLED";
  }
  return "ENABLED";
}

}  // namespace

std::string StreamArn(std::string_view region, std::string_view account_id,
                      const StreamName& stream) {
  std::string arn = TableArn(region, account_id, stream.table_name);
  arn.append(kStreamPart).append(stream.label);
  return arn;
}

std::optional<StreamName> ParseStreamArn(std::string_view arn) {
  constexpr std::string_view kPrefix = "arn:aws:dynamodb:";
  if (arn.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
  const size_t table = arn.find(kTablePart);
  const size_t stream = arn.rfind(kStreamPart);
  if (table == arn.npos || stream == arn.npos || stream <= table + kTablePart.size()) {
    return std::nullopt;
  }
  StreamName name;
  const size_t name_begin = table + kTablePart.size();
  name.table_name = std::string(arn.substr(name_begin, stream - name_begin));
  name.label = std::string(arn.substr(stream + kStreamPart.size()));
  if (name.table_name.find('/') != std::string::npos || name.label.empty()) return std::nullopt;
  return name;
}

std::string SequenceNumberText(uint64_t sequence) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "1%020llu", static_cast<unsigned long long>(sequence));
  return buf;
}

std::optional<uint64_t> ParseSequenceNumber(std::string_view text) {
  if (text.size() != 21 || text[0] != '1') return std::nullopt;
  uint64_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data() + 1, end, value);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return value;
}

std::string_view StreamViewTypeName(StreamViewType type) {
  switch (type) {
    case StreamViewType::kKeysOnly: return "KEYS_ONLY";
    case StreamViewType::kNewImage: return "NEW_IMAGE";
    case StreamViewType::kOldImage: return "OLD_IMAGE";
    case StreamViewType::kNewAndOldImages: return "NEW_AND_OLD_IMAGES";
  }
  return "KEYS_ONLY";
}

std::optional<StreamViewType> ParseStreamViewType(std::string_view name) {
  for (auto type : {StreamViewType::kKeysOnly, StreamViewType::kNewImage, StreamViewType::kOldImage,
                    StreamViewType::kNewAndOldImages}) {
    if (StreamViewTypeName(type) == name) return type;
  }
  return std::nullopt;
}

Status WriteStreamRecord(JsonWriter& w, const StreamRecord& record, std::string_view region) {
  w.BeginObject();
  w.Key("awsRegion").String(region);
  w.Key("dynamodb").BeginObject();
  w.Key("ApproximateCreationDateTime").EpochSeconds(record.creation_ms);
  w.Key("Keys");
  MT_RETURN_IF_ERROR(WriteEncodedItem(w, record.keys));
  if (record.new_image) {
    w.Key("NewImage");
    MT_RETURN_IF_ERROR(WriteEncodedItem(w, *record.new_image));
  }
  if (record.old_image) {
    w.Key("OldImage");
    MT_RETURN_IF_ERROR(WriteEncodedItem(w, *record.old_image));
  }
  w.Key("SequenceNumber").String(SequenceNumberText(record.sequence_number));
  w.Key("SizeBytes").Int(record.size_bytes);
  w.Key("StreamViewType").String(StreamViewTypeName(record.view_type));
  w.EndObject();
  w.Key("eventID").String(record.event_id);
  w.Key("eventName").String(EventName(record.event));
  w.Key("eventSource").String("aws:dynamodb");
  w.Key("eventVersion").String("1.1");
  if (record.time_to_live) {
    // A TTL deletion: DynamoDB names its own service as the user.
    w.Key("userIdentity").BeginObject();
    w.Key("PrincipalId").String("dynamodb.amazonaws.com").Key("Type").String("Service");
    w.EndObject();
  }
  w.EndObject();
  return Status::Ok();
}

void WriteStreamDescription(JsonWriter& w, const StreamDescription& description,
                            std::string_view region, std::string_view account_id) {
  w.BeginObject();
  w.Key("CreationRequestDateTime").EpochSeconds(description.creation_ms);
  w.Key("KeySchema");
  WriteKeySchema(w, description.key_schema);
  if (description.last_evaluated_shard_id) {
    w.Key("LastEvaluatedShardId").String(*description.last_evaluated_shard_id);
  }
  w.Key("Shards").BeginArray();
  for (const auto& shard : description.shards) {
    w.BeginObject();
    if (!shard.parent_shard_id.empty()) w.Key("ParentShardId").String(shard.parent_shard_id);
    w.Key("SequenceNumberRange").BeginObject();
    if (shard.ending_sequence_number) {
      w.Key("EndingSequenceNumber").String(SequenceNumberText(*shard.ending_sequence_number));
    }
    w.Key("StartingSequenceNumber").String(SequenceNumberText(shard.starting_sequence_number));
    w.EndObject();
    w.Key("ShardId").String(shard.shard_id);
    w.EndObject();
  }
  w.EndArray();
  w.Key("StreamArn").String(StreamArn(region, account_id, description.stream));
  w.Key("StreamLabel").String(description.stream.label);
  w.Key("StreamStatus").String(StatusName(description.status));
  w.Key("StreamViewType").String(StreamViewTypeName(description.view_type));
  w.Key("TableName").String(description.stream.table_name);
  w.EndObject();
}

}  // namespace monotable::protocol
