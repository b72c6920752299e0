// The DynamoDB Streams API (X-Amz-Target: DynamoDBStreams_20120810.<Op>): ListStreams,
// DescribeStream, GetShardIterator, GetRecords.
#include "protocol/ops/handlers.h"
#include "protocol/stream_json.h"

namespace monotable::protocol::ops {
namespace {

// Limit: the model states its minimum (1) only; DynamoDB Streams' maxima (100 for
// ListStreams and DescribeStream, 1000 for GetRecords) are checked here, in the
// model's wording.
Result<std::optional<int>> DecodeLimit(JsonObject request, int64_t max) {
  MT_ASSIGN_OR_RETURN(limit, OptionalInt(request, "Limit"));
  if (!limit) return std::optional<int>();
  if (*limit > max) {
    ConstraintErrors errors;
    errors.AddString(std::to_string(*limit), "limit",
                     "Member must have value less than or equal to " + std::to_string(max));
    return errors.ToStatus();
  }
  return std::optional<int>(static_cast<int>(*limit));
}

// A StreamArn (its length checked by the model): the table and label it names.
// Errors: kValidation "Invalid StreamArn".
Result<StreamName> DecodeStreamArn(std::string_view arn) {
  std::optional<StreamName> name = ParseStreamArn(arn);
  if (!name) return Status::Validation("Invalid StreamArn");
  return std::move(*name);
}

std::optional<ShardIteratorType> ParseIteratorType(std::string_view name) {
  if (name == "TRIM_HORIZON") return ShardIteratorType::kTrimHorizon;
  if (name == "LATEST") return ShardIteratorType::kLatest;
  if (name == "AT_SEQUENCE_NUMBER") return ShardIteratorType::kAtSequenceNumber;
  if (name == "AFTER_SEQUENCE_NUMBER") return ShardIteratorType::kAfterSequenceNumber;
  return std::nullopt;
}

}  // namespace

Result<std::string> ListStreams(const OperationContext& ctx, JsonObject request) {
  ListStreamsRequest list;
  MT_ASSIGN_OR_RETURN(table, OptionalString(request, "TableName"));
  if (table) list.table_name = std::string(*table);
  MT_ASSIGN_OR_RETURN(limit, DecodeLimit(request, 100));
  if (limit) list.limit = *limit;
  MT_ASSIGN_OR_RETURN(start, OptionalString(request, "ExclusiveStartStreamArn"));
  if (start) {
    MT_ASSIGN_OR_RETURN(name, DecodeStreamArn(*start));
    list.exclusive_start = std::move(name);
  }
  MT_ASSIGN_OR_RETURN(result, ctx.engine.ListStreams(ctx.request, list));
  JsonWriter w;
  w.BeginObject();
  if (result.last_evaluated) {
    w.Key("LastEvaluatedStreamArn")
        .String(StreamArn(ctx.region, ctx.account_id, *result.last_evaluated));
  }
  w.Key("Streams").BeginArray();
  for (const auto& stream : result.streams) {
    w.BeginObject();
    w.Key("StreamArn").String(StreamArn(ctx.region, ctx.account_id, stream));
    w.Key("StreamLabel").String(stream.label);
    w.Key("TableName").String(stream.table_name);
    w.EndObject();
  }
  w.EndArray().EndObject();
  return w.Take();
}

Result<std::string> DescribeStream(const OperationContext& ctx, JsonObject request) {
  DescribeStreamRequest describe;
  MT_ASSIGN_OR_RETURN(arn, RequiredString(request, "StreamArn"));
  MT_ASSIGN_OR_RETURN(limit, DecodeLimit(request, 100));
  if (limit) describe.limit = *limit;
  MT_ASSIGN_OR_RETURN(start, OptionalString(request, "ExclusiveStartShardId"));
  if (start) describe.exclusive_start_shard_id = std::string(*start);
  MT_ASSIGN_OR_RETURN(name, DecodeStreamArn(arn));
  describe.stream = std::move(name);
  describe.stream_arn = std::string(arn);
  MT_ASSIGN_OR_RETURN(description, ctx.engine.DescribeStream(ctx.request, describe));
  JsonWriter w;
  w.BeginObject().Key("StreamDescription");
  WriteStreamDescription(w, description, ctx.region, ctx.account_id);
  w.EndObject();
  return w.Take();
}

Result<std::string> GetShardIterator(const OperationContext& ctx, JsonObject request) {
  GetShardIteratorRequest get;
  MT_ASSIGN_OR_RETURN(arn, RequiredString(request, "StreamArn"));
  MT_ASSIGN_OR_RETURN(shard, RequiredString(request, "ShardId"));
  MT_ASSIGN_OR_RETURN(type, RequiredString(request, "ShardIteratorType"));
  MT_ASSIGN_OR_RETURN(sequence, OptionalString(request, "SequenceNumber"));
  MT_ASSIGN_OR_RETURN(name, DecodeStreamArn(arn));
  std::optional<ShardIteratorType> iterator_type = ParseIteratorType(type);
  // The model's newest value: reading a shard from a point in time is not served yet.
  if (type == "AT_TIMESTAMP") {
    return Status(ErrorCode::kNotImplemented,
                  "ShardIteratorType AT_TIMESTAMP is not supported by monotable yet");
  }
  if (!iterator_type) return UnknownModelValue("ShardIteratorType", type);
  get.stream = std::move(name);
  get.stream_arn = std::string(arn);
  get.shard_id = std::string(shard);
  get.type = *iterator_type;
  const bool by_sequence = get.type == ShardIteratorType::kAtSequenceNumber ||
                           get.type == ShardIteratorType::kAfterSequenceNumber;
  if (by_sequence && !sequence) {
    return Status::Validation(
        "Must provide a SequenceNumber when ShardIteratorType is AT_SEQUENCE_NUMBER or "
        "AFTER_SEQUENCE_NUMBER");
  }
  if (!by_sequence && sequence) {
    return Status::Validation(
        "SequenceNumber may only be provided when ShardIteratorType is AT_SEQUENCE_NUMBER or "
        "AFTER_SEQUENCE_NUMBER");
  }
  if (sequence) {
    get.sequence_number = ParseSequenceNumber(*sequence);
    if (!get.sequence_number) {
      return Status::Validation("Invalid SequenceNumber: " + std::string(*sequence));
    }
  }
  MT_ASSIGN_OR_RETURN(iterator, ctx.engine.GetShardIterator(ctx.request, get));
  JsonWriter w;
  w.BeginObject().Key("ShardIterator").String(iterator).EndObject();
  return w.Take();
}

Result<std::string> GetRecords(const OperationContext& ctx, JsonObject request) {
  GetRecordsRequest get;
  MT_ASSIGN_OR_RETURN(iterator, RequiredString(request, "ShardIterator"));
  MT_ASSIGN_OR_RETURN(limit, DecodeLimit(request, 1000));
  if (limit) get.limit = *limit;
  get.shard_iterator = std::string(iterator);
  MT_ASSIGN_OR_RETURN(result, ctx.engine.GetRecords(ctx.request, get));
  JsonWriter w(512 + result.records.size() * 512);
  w.BeginObject();
  if (result.next_shard_iterator) w.Key("NextShardIterator").String(*result.next_shard_iterator);
  w.Key("Records").BeginArray();
  for (const auto& record : result.records) {
    MT_RETURN_IF_ERROR(WriteStreamRecord(w, record, ctx.region));
  }
  w.EndArray().EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
