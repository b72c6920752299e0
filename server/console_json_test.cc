// GET /monotable/tables' JSON: the namespaces a console offers, and under --iam the
// account that names them.
#include "server/console_json.h"

#include <gtest/gtest.h>

namespace monotable::server {
namespace {

EngineStats TwoTables(const std::string& ns) {
  EngineStats stats;
  for (const char* name : {"a", "b"}) {
    TableStats table;
    table.ns = ns;
    table.name = name;
    stats.tables.push_back(std::move(table));
  }
  return stats;
}

TEST(ConsoleJsonTest, TablesNameTheirNamespaces) {
  EXPECT_EQ(TablesJson(TwoTables("AKID:us-east-1")),
            R"({"Tables":[{"Namespace":"AKID:us-east-1","TableName":"a"},)"
            R"({"Namespace":"AKID:us-east-1","TableName":"b"}]})");
}

// Under --iam the account owns every table: the console must not take "123456789012"
// in "123456789012:us-east-1" for an access key.
TEST(ConsoleJsonTest, UnderIamTheAccountNamesTheNamespaces) {
  EXPECT_EQ(TablesJson(TwoTables("123456789012:us-east-1"), "123456789012"),
            R"({"Account":"123456789012","Tables":[)"
            R"({"Namespace":"123456789012:us-east-1","TableName":"a"},)"
            R"({"Namespace":"123456789012:us-east-1","TableName":"b"}]})");
}

}  // namespace
}  // namespace monotable::server
