#pragma once
// The tags of tables: TagResource, UntagResource and ListTagsOfResource. Tags live in
// the table's catalog record, so they survive restarts and go with DeleteTable. Changes
// are made under the catalog's lock (Catalog::Update), so concurrent tag changes of one
// table never lose each other. Thread-safe.

#include <string>
#include <vector>

#include "engine/base/status.h"
#include "engine/schema/table_requests.h"
#include "engine/storage/catalog.h"

namespace monotable {

// Adds or replaces tags. Errors: kValidation "Atleast one Tag needs to be provided as
// Input." and tag_rules.h's texts (including the 50-tag limit, counted after the
// merge), kResourceNotFound "Requested resource not found: ResourceArn: <arn> not
// found", kInternal.
Status TagTable(Catalog& catalog, const std::string& ns, const TagResourceRequest& request);

// Removes tags; keys the table lacks are ignored. Errors: kValidation "Atleast one Tag
// Key needs to be provided as Input." and tag_rules.h's, kResourceNotFound (as
// TagTable), kInternal.
Status UntagTable(Catalog& catalog, const std::string& ns, const UntagResourceRequest& request);

// The table's tags, in the order their keys were first added. Errors: kAccessDenied
// "Access is denied" when no table has that name: DynamoDB authorizes ListTagsOfResource
// against the resource before it looks the table up, and denies a table that does not
// exist (while TagResource and UntagResource answer kResourceNotFound).
Result<std::vector<Tag>> TableTags(const Catalog& catalog, const std::string& ns,
                                   const std::string& table_name, const std::string& resource_arn);

}  // namespace monotable
