// ImportTable, ExportTableToPointInTime, DescribeImport, DescribeExport, ListImports,
// ListExports. DynamoDB reads imports from and writes exports to S3, which monotable
// cannot reach yet: ImportTable and ExportTableToPointInTime answer with an error that
// names the CLI commands doing the same over the API; no import or export ever exists,
// so the List operations answer empty lists and the Describe ones "not found".
#include "protocol/json_writer.h"
#include "protocol/ops/handlers.h"

namespace monotable::protocol::ops {
namespace {

Status NeedsS3(std::string_view operation, std::string_view command) {
  return Status(ErrorCode::kNotImplemented,
                std::string(operation) +
                    " needs Amazon S3, which monotable cannot reach: use `monotable " +
                    std::string(command) +
                    " --endpoint URL --table NAME` instead (DynamoDB's S3 "
                    "export format, DynamoDB-JSON lines, over the API)");
}

Result<std::string> EmptyList(std::string_view member) {
  JsonWriter w;
  w.BeginObject().Key(member).BeginArray().EndArray().EndObject();
  return w.Take();
}

}  // namespace

Result<std::string> ImportTable(const OperationContext&, JsonObject) {
  return NeedsS3("ImportTable", "import");
}
Result<std::string> ExportTableToPointInTime(const OperationContext&, JsonObject) {
  return NeedsS3("ExportTableToPointInTime", "export");
}
Result<std::string> DescribeImport(const OperationContext&, JsonObject request) {
  MT_ASSIGN_OR_RETURN(arn, OptionalString(request, "ImportArn"));
  return Status(ErrorCode::kImportNotFound,
                "Import not found: " + std::string(arn.value_or("")) +
                    " (monotable runs no S3 imports; see `monotable import`)");
}
Result<std::string> DescribeExport(const OperationContext&, JsonObject request) {
  MT_ASSIGN_OR_RETURN(arn, OptionalString(request, "ExportArn"));
  return Status(ErrorCode::kExportNotFound,
                "Export not found: " + std::string(arn.value_or("")) +
                    " (monotable runs no S3 exports; see `monotable export`)");
}
Result<std::string> ListImports(const OperationContext&, JsonObject) {
  return EmptyList("ImportSummaryList");
}
Result<std::string> ListExports(const OperationContext&, JsonObject) {
  return EmptyList("ExportSummaries");
}

}  // namespace monotable::protocol::ops
