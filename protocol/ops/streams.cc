// The DynamoDB Streams API (X-Amz-Target: DynamoDBStreams_20120810.<Op>): ListStreams,
// DescribeStream, GetShardIterator, GetRecords.
#include "protocol/ops/handlers.h"
#include "protocol/stream_json.h"

namespace monotable::protocol::ops {
namespace {

// An integer member within [1, max], DynamoDB's constraint texts otherwise.
void CheckLimit(const std::optional<int64_t>& limit, int64_t max, int& out,
                ConstraintErrors& errors) {
  if (!limit) return;
  if (*limit < 1) {
    errors.Add(std::to_string(*limit), "limit",
               "Member must have value greater than or equal to 1");
  } else if (*limit > max) {
    errors.Add(std::to_string(*limit), "limit",
               "Member must have value less than or equal to " + std::to_string(max));
  } else {
    out = static_cast<int>(*limit);
  }
}

// A StreamArn member: its length constraint, then its form.
Result<std::optional<StreamName>> DecodeStreamArn(std::optional<std::string_view> arn,
                                                  std::string_view path, ConstraintErrors& errors) {
  if (!arn) {
    errors.Null(path);
    return std::optional<StreamName>();
  }
  if (arn->size() < 37) {
    errors.AddString(*arn, path, "Member must have length greater than or equal to 37");
    return std::optional<StreamName>();
  }
  if (arn->size() > 1024) {
    errors.AddString(*arn, path, "Member must have length less than or equal to 1024");
    return std::optional<StreamName>();
  }
  std::optional<StreamName> name = ParseStreamArn(*arn);
  if (!name) return Status::Validation("Invalid StreamArn");
  return name;
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
  ConstraintErrors errors;
  ListStreamsRequest list;
  MT_ASSIGN_OR_RETURN(table, OptionalString(request, "TableName"));
  if (table) {
    errors.CheckTableName(table, "tableName");
    list.table_name = std::string(*table);
  }
  MT_ASSIGN_OR_RETURN(limit, OptionalInt(request, "Limit"));
  CheckLimit(limit, 100, list.limit, errors);
  MT_ASSIGN_OR_RETURN(start, OptionalString(request, "ExclusiveStartStreamArn"));
  if (start) {
    MT_ASSIGN_OR_RETURN(name, DecodeStreamArn(start, "exclusiveStartStreamArn", errors));
    list.exclusive_start = std::move(name);
  }
  MT_RETURN_IF_ERROR(errors.ToStatus());
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
  ConstraintErrors errors;
  DescribeStreamRequest describe;
  MT_ASSIGN_OR_RETURN(arn, OptionalString(request, "StreamArn"));
  MT_ASSIGN_OR_RETURN(limit, OptionalInt(request, "Limit"));
  CheckLimit(limit, 100, describe.limit, errors);
  MT_ASSIGN_OR_RETURN(start, OptionalString(request, "ExclusiveStartShardId"));
  if (start) {
    if (start->size() < 28) {
      errors.AddString(*start, "exclusiveStartShardId",
                       "Member must have length greater than or equal to 28");
    } else if (start->size() > 65) {
      errors.AddString(*start, "exclusiveStartShardId",
                       "Member must have length less than or equal to 65");
    }
    describe.exclusive_start_shard_id = std::string(*start);
  }
  MT_ASSIGN_OR_RETURN(name, DecodeStreamArn(arn, "streamArn", errors));
  MT_RETURN_IF_ERROR(errors.ToStatus());
  describe.stream = std::move(*name);
  describe.stream_arn = std::string(*arn);
  MT_ASSIGN_OR_RETURN(description, ctx.engine.DescribeStream(ctx.request, describe));
  JsonWriter w;
  w.BeginObject().Key("StreamDescription");
  WriteStreamDescription(w, description, ctx.region, ctx.account_id);
  w.EndObject();
  return w.Take();
}

Result<std::string> GetShardIterator(const OperationContext& ctx, JsonObject request) {
  ConstraintErrors errors;
  GetShardIteratorRequest get;
  MT_ASSIGN_OR_RETURN(arn, OptionalString(request, "StreamArn"));
  MT_ASSIGN_OR_RETURN(shard, OptionalString(request, "ShardId"));
  MT_ASSIGN_OR_RETURN(type, OptionalString(request, "ShardIteratorType"));
  MT_ASSIGN_OR_RETURN(sequence, OptionalString(request, "SequenceNumber"));
  MT_ASSIGN_OR_RETURN(name, DecodeStreamArn(arn, "streamArn", errors));
  if (!shard) {
    errors.Null("shardId");
  } else if (shard->size() < 28) {
    errors.AddString(*shard, "shardId", "Member must have length greater than or equal to 28");
  } else if (shard->size() > 65) {
    errors.AddString(*shard, "shardId", "Member must have length less than or equal to 65");
  }
  std::optional<ShardIteratorType> iterator_type;
  if (!type) {
    errors.Null("shardIteratorType");
  } else if (!(iterator_type = ParseIteratorType(*type))) {
    errors.AddString(*type, "shardIteratorType",
                     "Member must satisfy enum value set: [AFTER_SEQUENCE_NUMBER, LATEST, "
                     "AT_SEQUENCE_NUMBER, TRIM_HORIZON]");
  }
  if (sequence && sequence->size() < 21) {
    errors.AddString(*sequence, "sequenceNumber",
                     "Member must have length greater than or equal to 21");
  } else if (sequence && sequence->size() > 40) {
    errors.AddString(*sequence, "sequenceNumber",
                     "Member must have length less than or equal to 40");
  }
  MT_RETURN_IF_ERROR(errors.ToStatus());
  get.stream = std::move(*name);
  get.stream_arn = std::string(*arn);
  get.shard_id = std::string(*shard);
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
  ConstraintErrors errors;
  GetRecordsRequest get;
  MT_ASSIGN_OR_RETURN(iterator, OptionalString(request, "ShardIterator"));
  if (!iterator) {
    errors.Null("shardIterator");
  } else if (iterator->empty()) {
    errors.AddString(*iterator, "shardIterator",
                     "Member must have length greater than or equal to 1");
  } else if (iterator->size() > 2048) {
    errors.AddString(*iterator, "shardIterator",
                     "Member must have length less than or equal to 2048");
  }
  MT_ASSIGN_OR_RETURN(limit, OptionalInt(request, "Limit"));
  CheckLimit(limit, 1000, get.limit, errors);
  MT_RETURN_IF_ERROR(errors.ToStatus());
  get.shard_iterator = std::string(*iterator);
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
