#include "bench/request_templates.h"

#include <cstring>
#include <string>
#include <utility>

namespace monotable::bench {
namespace {

constexpr std::string_view kAuthorization =
    "AWS4-HMAC-SHA256 Credential=AKIDBENCH/20250101/us-east-1/dynamodb/aws4_request, "
    "SignedHeaders=host;x-amz-date;x-amz-target, Signature=0000";

// Accumulates a body, remembering where each key goes so the digits can be patched
// later. Placeholders are zeros until SetKey runs.
class BodyBuilder {
 public:
  BodyBuilder& Text(std::string_view text) {
    body_.append(text);
    return *this;
  }
  BodyBuilder& Key() {
    offsets_.push_back(body_.size());
    body_.append(kKeyDigits, '0');
    return *this;
  }

  // Prepends the HTTP head and shifts the key offsets past it.
  RequestTemplate Finish(const RequestContext& context, std::string_view operation) && {
    std::string bytes = BuildHttpRequest(context, operation, body_);
    const size_t head_size = bytes.size() - body_.size();
    for (size_t& offset : offsets_) offset += head_size;
    RequestTemplate result(std::move(bytes), std::move(offsets_));
    result.SetKey(0);
    return result;
  }

 private:
  std::string body_;
  std::vector<size_t> offsets_;
};

}  // namespace

void FormatKey(uint64_t key, char* out) {
  for (int i = kKeyDigits - 1; i >= 0; --i) {
    out[i] = static_cast<char>('0' + key % 10);
    key /= 10;
  }
}

void RequestTemplate::SetKey(uint64_t key) {
  char digits[kKeyDigits];
  FormatKey(key, digits);
  for (size_t offset : key_offsets_) std::memcpy(bytes_.data() + offset, digits, kKeyDigits);
}

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
  BodyBuilder b;
  b.Text(R"({"TableName":")").Text(context.table);
  b.Text(R"(","Key":{"PK":{"S":"USER#)").Key().Text(R"("},"SK":{"S":"PROFILE"}}})");
  return std::move(b).Finish(context, "GetItem");
}

namespace {

// The attributes of the profile item after its PK and SK, closing the item's map.
void ProfileAttributes(BodyBuilder& b) {
  b.Text(R"("email":{"S":"user)").Key().Text(R"(@example.com"},)");
  b.Text(R"("name":{"S":"Bench User )").Key().Text(R"("},)");
  b.Text(R"("createdAt":{"S":"2025-08-01T12:00:00Z"},)");
  b.Text(R"("status":{"S":"ACTIVE"},)");
  b.Text(R"("GSI1PK":{"S":"EMAIL#user)").Key().Text(R"(@example.com"},)");
  b.Text(R"("GSI1SK":{"S":"PROFILE"},)");
  b.Text(R"("loginCount":{"N":"42"}})");
}

}  // namespace

RequestTemplate MakePutItemTemplate(const RequestContext& context) {
  BodyBuilder b;
  b.Text(R"({"TableName":")").Text(context.table).Text(R"(","Item":{)");
  b.Text(R"("PK":{"S":"USER#)").Key().Text(R"("},)");
  b.Text(R"("SK":{"S":"PROFILE"},)");
  ProfileAttributes(b);
  b.Text("}");
  return std::move(b).Finish(context, "PutItem");
}

RequestTemplate MakeTransactWriteTemplate(const RequestContext& context, int puts) {
  BodyBuilder b;
  b.Text(R"({"TransactItems":[)");
  for (int i = 0; i < puts; ++i) {
    if (i > 0) b.Text(",");
    b.Text(R"({"Put":{"TableName":")").Text(context.table).Text(R"(","Item":{)");
    b.Text(R"("PK":{"S":"USER#)").Key().Text(R"("},)");
    b.Text(R"("SK":{"S":"ITEM#)").Text(std::to_string(i)).Text(R"("},)");
    ProfileAttributes(b);
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

std::string MakeCreateTableBody(std::string_view table, bool with_gsi) {
  std::string body = R"({"TableName":")";
  body.append(table);
  body.append(R"(","BillingMode":"PAY_PER_REQUEST","AttributeDefinitions":[)");
  body.append(R"({"AttributeName":"PK","AttributeType":"S"},)");
  body.append(R"({"AttributeName":"SK","AttributeType":"S"})");
  if (with_gsi) {
    body.append(R"(,{"AttributeName":"GSI1PK","AttributeType":"S"},)");
    body.append(R"({"AttributeName":"GSI1SK","AttributeType":"S"})");
  }
  body.append(R"(],"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},)");
  body.append(R"({"AttributeName":"SK","KeyType":"RANGE"}])");
  if (with_gsi) {
    body.append(R"(,"GlobalSecondaryIndexes":[{"IndexName":"GSI1","KeySchema":[)");
    body.append(R"({"AttributeName":"GSI1PK","KeyType":"HASH"},)");
    body.append(R"({"AttributeName":"GSI1SK","KeyType":"RANGE"}],)");
    body.append(R"("Projection":{"ProjectionType":"ALL"}}])");
  }
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
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    if (!ok) return false;
  }
  return true;
}

}  // namespace monotable::bench
