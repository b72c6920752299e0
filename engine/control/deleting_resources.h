#pragma once
// DeletingResources: what DeleteTable and an UpdateTable's GSI deletion left to show
// as DELETING while their transient-status delay runs (schema/transient_status.h). The
// table or index itself is dropped at once, as without a delay; this keeps only its
// last description and the time until which DescribeTable still shows it (and
// CreateTable refuses the name). In memory only: a restart forgets it.
//
// Thread-safety: every method may be called from any thread (one mutex). Errors: none.

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/schema/table_schema.h"

namespace monotable {

class DeletingResources {
 public:
  // `description` shows the table DELETING until `until_ms`.
  void TableDeleted(const std::string& ns, TableDescription description, int64_t until_ms);
  // The description of a table deleted and still DELETING at `now_ms`, if any.
  std::optional<TableDescription> Table(const std::string& ns, const std::string& name,
                                        int64_t now_ms);
  // The names of `ns`'s tables still DELETING at `now_ms`, in name order (ListTables
  // lists them, as DynamoDB lists a table until its deletion completes).
  std::vector<std::string> TableNames(const std::string& ns, int64_t now_ms);

  // `indexes` of table `table` show DELETING until `until_ms`.
  void IndexesDeleted(const std::string& ns, const std::string& table,
                      std::vector<SecondaryIndexDefinition> indexes, int64_t until_ms);
  // True while one of table `table`'s deleted GSIs is still shown DELETING at `now_ms`.
  bool HasDeletingIndexes(const std::string& ns, const std::string& table, int64_t now_ms);
  // Adds to `shown` (the table's definition as described) its GSIs still DELETING.
  void ShowDeletingIndexes(const std::string& ns, TableDefinition& shown, int64_t now_ms);

 private:
  using Key = std::pair<std::string, std::string>;  // namespace, table name
  struct DeletedIndex {
    SecondaryIndexDefinition definition;
    int64_t until_ms;
  };
  std::mutex mutex_;
  std::map<Key, std::pair<TableDescription, int64_t>> tables_;
  std::map<Key, std::vector<DeletedIndex>> indexes_;
};

}  // namespace monotable
