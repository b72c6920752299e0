// TagResource, UntagResource, ListTagsOfResource.
#include "protocol/json_writer.h"
#include "protocol/ops/handlers.h"
#include "protocol/ops/resource_request.h"
#include "protocol/ops/tags_json.h"

namespace monotable::protocol::ops {

Result<std::string> TagResource(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(target, ReadResourceArn(ctx, request, ArnUse::kTags));
  MT_ASSIGN_OR_RETURN(tags, RequiredList(request, "Tags"));
  TagResourceRequest tag{std::move(target.table_name), std::string(target.arn), {}};
  MT_ASSIGN_OR_RETURN(decoded, DecodeTags(tags));
  tag.tags = std::move(decoded);
  MT_RETURN_IF_ERROR(ctx.engine.TagResource(ctx.request, tag));
  return std::string();  // DynamoDB answers with an empty body
}

Result<std::string> UntagResource(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(target, ReadResourceArn(ctx, request, ArnUse::kTags));
  MT_ASSIGN_OR_RETURN(keys, RequiredList(request, "TagKeys"));
  UntagResourceRequest untag{std::move(target.table_name), std::string(target.arn), {}};
  for (JsonElement element : keys) {
    std::string_view key;
    if (element.get_string().get(key)) return WrongJsonType(element, "String");
    untag.keys.emplace_back(key);
  }
  MT_RETURN_IF_ERROR(ctx.engine.UntagResource(ctx.request, untag));
  return std::string();  // DynamoDB answers with an empty body
}

Result<std::string> ListTagsOfResource(const OperationContext& ctx, JsonObject request) {
  MT_ASSIGN_OR_RETURN(target, ReadResourceArn(ctx, request, ArnUse::kTags));
  MT_ASSIGN_OR_RETURN(next_token, OptionalString(request, "NextToken"));
  MT_ASSIGN_OR_RETURN(
      tags, ctx.engine.ListTagsOfResource(ctx.request, target.table_name, std::string(target.arn)));
  JsonWriter w;
  w.BeginObject().Key("Tags").BeginArray();
  // A table holds at most 50 tags, which DynamoDB answers in one page: no NextToken is
  // ever issued, and a page asked for after it (any NextToken) is empty.
  if (!next_token) {
    for (const auto& tag : tags) {
      w.BeginObject().Key("Key").String(tag.key).Key("Value").String(tag.value).EndObject();
    }
  }
  w.EndArray().EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
