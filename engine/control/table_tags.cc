#include "engine/control/table_tags.h"

namespace monotable {
namespace {

Status ArnNotFound(const std::string& resource_arn) {
  return Status::NotFound("Requested resource not found: ResourceArn: " + resource_arn +
                          " not found");
}

// Applies `change` to the table's tags under the catalog lock. A table dropped
// meanwhile answers like one that never existed.
template <typename Change>
Status ChangeTags(Catalog& catalog, const std::string& ns, const std::string& table_name,
                  const std::string& resource_arn, Change change) {
  auto table = catalog.Find(ns, table_name);
  if (!table) return ArnNotFound(resource_arn);
  Status status =
      catalog.Update(ns, *table, [&](const TableDefinition& current) -> Result<TableDefinition> {
        MT_ASSIGN_OR_RETURN(tags, change(current.tags));
        TableDefinition next = current;
        next.tags = std::move(tags);
        return next;
      });
  if (status.code() == ErrorCode::kResourceNotFound) return ArnNotFound(resource_arn);
  return status;
}

}  // namespace

Status TagTable(Catalog& catalog, const std::string& ns, const TagResourceRequest& request) {
  if (request.tags.empty()) {
    return Status::Validation("Atleast one Tag needs to be provided as Input.");
  }
  MT_ASSIGN_OR_RETURN(added, CheckTags(request.tags));
  return ChangeTags(catalog, ns, request.table_name, request.resource_arn,
                    [&](const std::vector<Tag>& current) { return MergeTags(current, added); });
}

Status UntagTable(Catalog& catalog, const std::string& ns, const UntagResourceRequest& request) {
  if (request.keys.empty()) {
    return Status::Validation("Atleast one Tag Key needs to be provided as Input.");
  }
  MT_RETURN_IF_ERROR(CheckTagKeys(request.keys));
  return ChangeTags(catalog, ns, request.table_name, request.resource_arn,
                    [&](const std::vector<Tag>& current) -> Result<std::vector<Tag>> {
                      return RemoveTags(current, request.keys);
                    });
}

Result<std::vector<Tag>> TableTags(const Catalog& catalog, const std::string& ns,
                                   const std::string& table_name, const std::string&) {
  auto table = catalog.Find(ns, table_name);
  if (!table) return Status(ErrorCode::kAccessDenied, "Access is denied");
  auto definition = table->definition();
  return definition->tags;
}

}  // namespace monotable
