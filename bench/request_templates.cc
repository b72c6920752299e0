#include "bench/request_templates.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace monotable::bench {
namespace {

constexpr std::string_view kAuthorization =
    "AWS4-HMAC-SHA256 Credential=AKIDBENCH/20250101/us-east-1/dynamodb/aws4_request, "
    "SignedHeaders=host;x-amz-date;x-amz-target, Signature=0000";

// Accumulates a body, remembering where each key slot goes so the digits can be
// patched later. Placeholders are zeros until SetKey runs.
class BodyBuilder {
 public:
  BodyBuilder& Text(std::string_view text) {
    body_.append(text);
    return *this;
  }
  BodyBuilder& Key(size_t slot = 0) {
    if (offsets_.size() <= slot) offsets_.resize(slot + 1);
    offsets_[slot].push_back(body_.size());
    body_.append(kKeyDigits, '0');
    return *this;
  }

  // Prepends the HTTP head and shifts the key offsets past it.
  RequestTemplate Finish(const RequestContext& context, std::string_view operation) && {
    std::string bytes = BuildHttpRequest(context, operation, body_);
    const size_t head_size = bytes.size() - body_.size();
    for (std::vector<size_t>& slot : offsets_) {
      for (size_t& offset : slot) offset += head_size;
    }
    RequestTemplate result(std::move(bytes), std::move(offsets_));
    for (size_t slot = 0; slot < result.slots(); ++slot) result.SetKey(slot, 0);
    return result;
  }

 private:
  std::string body_;
  std::vector<std::vector<size_t>> offsets_;
};

// The ~200-byte user profile of a single-table design: PK/SK, e-mail, name,
// timestamps, a status and GSI1PK/GSI1SK overloaded index keys. sk is the sort key
// (PROFILE, or ITEM#<i> for the several items of one transaction). With `expires_at`
// (epoch seconds), it carries "expiresAt" for Time to Live.
void AppendProfileItem(BodyBuilder& b, const RequestContext& context, size_t slot,
                       std::string_view sk = "PROFILE") {
  b.Text(R"({"PK":{"S":"USER#)").Key(slot).Text(R"("},)");
  b.Text(R"("SK":{"S":")").Text(sk).Text(R"("},)");
  b.Text(R"("email":{"S":"user)").Key(slot).Text(R"(@example.com"},)");
  b.Text(R"("name":{"S":"Bench User )").Key(slot).Text(R"("},)");
  b.Text(R"("createdAt":{"S":"2025-08-01T12:00:00Z"},)");
  b.Text(R"("status":{"S":"ACTIVE"},)");
  b.Text(R"("GSI1PK":{"S":"EMAIL#user)").Key(slot).Text(R"(@example.com"},)");
  b.Text(R"("GSI1SK":{"S":"PROFILE"},)");
  if (!context.expires_at.empty()) {
    b.Text(R"("expiresAt":{"N":")").Text(context.expires_at).Text(R"("},)");
  }
  b.Text(R"("loginCount":{"N":"42"}})");
}

// A ~200-byte order of that user (DynamoDB item size: names plus values), sorted by
// its order number under SK=ORDER#<n>.
void AppendOrderItem(BodyBuilder& b, size_t partition_slot, size_t order_slot) {
  b.Text(R"({"PK":{"S":"USER#)").Key(partition_slot).Text(R"("},)");
  b.Text(R"("SK":{"S":"ORDER#)").Key(order_slot).Text(R"("},)");
  b.Text(R"("orderId":{"S":"O-)").Key(partition_slot).Text("-").Key(order_slot);
  b.Text(R"("},"status":{"S":"SHIPPED"},"total":{"N":"129.95"},"currency":{"S":"EUR"},)");
  b.Text(R"("createdAt":{"S":"2025-08-01T12:00:00Z"},"itemCount":{"N":"3"},)");
  b.Text(R"("shipTo":{"S":"221B Baker Street, London NW1 6XE"},)");
  b.Text(R"("carrier":{"S":"DHL Express"},"GSI1PK":{"S":"STATUS#SHIPPED"}})");
}

// A request whose body is only the table and a profile's key: GetItem, DeleteItem.
RequestTemplate MakeProfileKeyTemplate(const RequestContext& context, std::string_view operation) {
  BodyBuilder b;
  b.Text(R"({"TableName":")").Text(context.table);
  b.Text(R"(","Key":{"PK":{"S":"USER#)").Key().Text(R"("},"SK":{"S":"PROFILE"}}})");
  return std::move(b).Finish(context, operation);
}

}  // namespace

void FormatKey(uint64_t key, char* out) {
  for (int i = kKeyDigits - 1; i >= 0; --i) {
    out[i] = static_cast<char>('0' + key % 10);
    key /= 10;
  }
}

void RequestTemplate::SetKey(size_t slot, uint64_t key) {
  char digits[kKeyDigits];
  FormatKey(key, digits);
  for (size_t offset : slot_offsets_[slot]) {
    std::memcpy(bytes_.data() + offset, digits, kKeyDigits);
  }
}

size_t SlotsPerItem(Dataset dataset) { return dataset == Dataset::kOrders ? 2 : 1; }

std::string BuildHttpRequest(const RequestContext& context, std::string_view operation,
                             std::string_view body) {
  std::string out;
  out.reserve(400 + body.size());
  out.append("POST / HTTP/1.1\r\nHost: ").append(context.host_header);
  out.append("\r\nContent-Type: application/x-amz-json-1.0");
  out.append("\r\nX-Amz-Target: DynamoDB_20120810.").append(operation);
  out.append("\r\nX-Amz-Date: 20250101T000000Z");
  out.append("\r\nAuthorization: ").append(kAuthorization);
  out.append("\r\nContent-Length: ").append(std::to_string(body.size()));
  out.append("\r\n\r\n").append(body);
  return out;
}

RequestTemplate MakeGetItemTemplate(const RequestContext& context) {
  return MakeProfileKeyTemplate(context, "GetItem");
}

RequestTemplate MakeDeleteItemTemplate(const RequestContext& context) {
  return MakeProfileKeyTemplate(context, "DeleteItem");
}

RequestTemplate MakePutItemTemplate(const RequestContext& context) {
  BodyBuilder b;
  b.Text(R"({"TableName":")").Text(context.table).Text(R"(","Item":)");
  AppendProfileItem(b, context, 0);
  b.Text("}");
  return std::move(b).Finish(context, "PutItem");
}

RequestTemplate MakeTransactWriteTemplate(const RequestContext& context, int puts) {
  BodyBuilder b;
  b.Text(R"({"TransactItems":[)");
  for (int i = 0; i < puts; ++i) {
    b.Text(i == 0 ? "" : ",").Text(R"({"Put":{"TableName":")").Text(context.table);
    b.Text(R"(","Item":)");
    AppendProfileItem(b, context, 0, "ITEM#" + std::to_string(i));
    b.Text("}}");
  }
  b.Text("]}");
  return std::move(b).Finish(context, "TransactWriteItems");
}

RequestTemplate MakeUpdateItemTemplate(const RequestContext& context) {
  BodyBuilder b;
  b.Text(R"({"TableName":")").Text(context.table);
  b.Text(R"(","Key":{"PK":{"S":"USER#)").Key().Text(R"("},"SK":{"S":"PROFILE"}},)");
  b.Text(R"x("ConditionExpression":"attribute_exists(PK)",)x");
  b.Text(R"("UpdateExpression":"SET #s = :s, loginCount = loginCount + :one, lastLogin = :t",)");
  b.Text(R"("ExpressionAttributeNames":{"#s":"status"},)");
  b.Text(R"("ExpressionAttributeValues":{":s":{"S":"ACTIVE"},":one":{"N":"1"},)");
  b.Text(R"(":t":{"S":"2025-08-02T08:00:00Z"}}})");
  return std::move(b).Finish(context, "UpdateItem");
}

RequestTemplate MakeQueryTemplate(const RequestContext& context, int limit) {
  BodyBuilder b;
  b.Text(R"({"TableName":")").Text(context.table);
  b.Text(R"x(","KeyConditionExpression":"PK = :pk AND begins_with(SK, :prefix)",)x");
  b.Text(R"("ExpressionAttributeValues":{":pk":{"S":"USER#)").Key();
  b.Text(R"("},":prefix":{"S":"ORDER#"}},"Limit":)").Text(std::to_string(limit)).Text("}");
  return std::move(b).Finish(context, "Query");
}

RequestTemplate MakeGsiQueryTemplate(const RequestContext& context) {
  BodyBuilder b;
  b.Text(R"({"TableName":")").Text(context.table);
  b.Text(R"(","IndexName":"GSI1","KeyConditionExpression":"GSI1PK = :pk",)");
  b.Text(R"("ExpressionAttributeValues":{":pk":{"S":"EMAIL#user)").Key();
  b.Text(R"(@example.com"}}})");
  return std::move(b).Finish(context, "Query");
}

RequestTemplate MakeSelectTemplate(const RequestContext& context, int limit) {
  BodyBuilder b;
  b.Text(R"x({"Statement":"SELECT * FROM \")x").Text(context.table);
  b.Text(R"x(\" WHERE PK = ? AND begins_with(SK, ?)",)x");
  b.Text(R"x("Parameters":[{"S":"USER#)x").Key();
  b.Text(R"x("},{"S":"ORDER#"}],"Limit":)x").Text(std::to_string(limit)).Text("}");
  return std::move(b).Finish(context, "ExecuteStatement");
}

RequestTemplate MakeBatchWriteTemplate(const RequestContext& context, Dataset dataset,
                                       size_t items) {
  BodyBuilder b;
  b.Text(R"({"RequestItems":{")").Text(context.table).Text(R"(":[)");
  const size_t slots = SlotsPerItem(dataset);
  for (size_t i = 0; i < items; ++i) {
    b.Text(i == 0 ? "" : ",").Text(R"({"PutRequest":{"Item":)");
    if (dataset == Dataset::kOrders) {
      AppendOrderItem(b, i * slots, i * slots + 1);
    } else {
      AppendProfileItem(b, context, i * slots);
    }
    b.Text("}}");
  }
  b.Text("]}}");
  return std::move(b).Finish(context, "BatchWriteItem");
}

RequestTemplate MakeBatchGetTemplate(const RequestContext& context, size_t keys) {
  BodyBuilder b;
  b.Text(R"({"RequestItems":{")").Text(context.table).Text(R"(":{"Keys":[)");
  for (size_t i = 0; i < keys; ++i) {
    b.Text(i == 0 ? "" : ",").Text(R"({"PK":{"S":"USER#)").Key(i);
    b.Text(R"("},"SK":{"S":"PROFILE"}})");
  }
  b.Text("]}}}");
  return std::move(b).Finish(context, "BatchGetItem");
}

std::string MakeScanBody(std::string_view table, int segment, int total_segments,
                         std::string_view exclusive_start_key) {
  std::string body = R"({"TableName":")";
  body.append(table);
  body.append(R"(","Segment":)").append(std::to_string(segment));
  body.append(R"(,"TotalSegments":)").append(std::to_string(total_segments));
  if (!exclusive_start_key.empty()) {
    body.append(R"(,"ExclusiveStartKey":)").append(exclusive_start_key);
  }
  body.append("}");
  return body;
}

std::string MakeCreateTableBody(std::string_view table, int gsis) {
  // Indexes over the attributes of the PutItem item, in the order --gsis adds them.
  struct Index {
    const char* name;
    const char* hash;
    const char* range;  // "" for none
  };
  static constexpr Index kIndexes[] = {{"GSI1", "GSI1PK", "GSI1SK"},
                                       {"ByEmail", "email", ""},
                                       {"ByStatus", "status", "createdAt"},
                                       {"ByName", "name", ""},
                                       {"ByCreated", "createdAt", "PK"}};
  std::vector<std::string> attributes{"PK", "SK"};
  auto define = [&attributes](const char* name) {
    if (*name && std::find(attributes.begin(), attributes.end(), name) == attributes.end()) {
      attributes.emplace_back(name);
    }
  };
  std::string indexes;
  for (int i = 0; i < gsis && i < kMaxBenchGsis; ++i) {
    const Index& index = kIndexes[i];
    define(index.hash);
    define(index.range);
    indexes.append(i ? "," : "").append(R"({"IndexName":")").append(index.name);
    indexes.append(R"(","KeySchema":[{"AttributeName":")").append(index.hash);
    indexes.append(R"(","KeyType":"HASH"})");
    if (*index.range) {
      indexes.append(R"(,{"AttributeName":")").append(index.range);
      indexes.append(R"(","KeyType":"RANGE"})");
    }
    indexes.append(R"(],"Projection":{"ProjectionType":"ALL"}})");
  }
  std::string body = R"({"TableName":")";
  body.append(table);
  body.append(R"(","BillingMode":"PAY_PER_REQUEST","AttributeDefinitions":[)");
  for (size_t i = 0; i < attributes.size(); ++i) {
    body.append(i ? "," : "").append(R"({"AttributeName":")").append(attributes[i]);
    body.append(R"(","AttributeType":"S"})");
  }
  body.append(R"(],"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},)");
  body.append(R"({"AttributeName":"SK","KeyType":"RANGE"}])");
  if (!indexes.empty()) body.append(R"(,"GlobalSecondaryIndexes":[)").append(indexes).append("]");
  body.append("}");
  return body;
}

std::string MakeDescribeTableBody(std::string_view table) {
  std::string body = R"({"TableName":")";
  body.append(table).append(R"("})");
  return body;
}

bool IsValidTableName(std::string_view name) {
  if (name.size() < 3 || name.size() > 255) return false;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-' || c == '.';
    if (!ok) return false;
  }
  return true;
}

}  // namespace monotable::bench
