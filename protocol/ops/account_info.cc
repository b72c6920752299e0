// DescribeLimits and DescribeEndpoints: facts about the service rather than a table.
#include "engine/base/limits.h"
#include "protocol/json_writer.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol::ops {

// DynamoDB's default quotas, which monotable's provisioned-throughput checks apply
// (engine/base/limits.h).
Result<std::string> DescribeLimits(const OperationContext&, JsonObject) {
  JsonWriter w;
  w.BeginObject()
      .Key("AccountMaxReadCapacityUnits")
      .Int(limits::kAccountMaxProvisionedUnits)
      .Key("AccountMaxWriteCapacityUnits")
      .Int(limits::kAccountMaxProvisionedUnits)
      .Key("TableMaxReadCapacityUnits")
      .Int(limits::kMaxProvisionedUnits)
      .Key("TableMaxWriteCapacityUnits")
      .Int(limits::kMaxProvisionedUnits)
      .EndObject();
  return w.Take();
}

// DynamoDB's answer: the regional endpoint, cached for a day. SDKs consult it only when
// endpoint discovery is turned on, which no SDK does for DynamoDB by default (README).
Result<std::string> DescribeEndpoints(const OperationContext& ctx, JsonObject) {
  constexpr int64_t kCachePeriodInMinutes = 1440;
  JsonWriter w;
  w.BeginObject().Key("Endpoints").BeginArray();
  w.BeginObject()
      .Key("Address")
      .String("dynamodb." + ctx.region + ".amazonaws.com")
      .Key("CachePeriodInMinutes")
      .Int(kCachePeriodInMinutes)
      .EndObject();
  w.EndArray().EndObject();
  return w.Take();
}

}  // namespace monotable::protocol::ops
