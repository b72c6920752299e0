// What a PartiQL statement shows IAM (statement_facts.h): the partition key values
// (dynamodb:LeadingKeys), the attribute names (dynamodb:Attributes), whether a SELECT
// reads the whole table (dynamodb:FullTableScan, ql-iam's "deny full table scan"
// example), dynamodb:Select and dynamodb:ReturnValues.
#include "protocol/authorization/statement_facts.h"

#include <gtest/gtest.h>

#include "engine/partiql/parser.h"

namespace monotable::protocol::authorization {
namespace {

using Strings = std::vector<std::string>;

StatementFacts Facts(std::string_view text, std::string_view parameters_json = "[]") {
  static JsonParser parser;  // one document at a time: each call parses anew
  auto statement = partiql::ParseStatement(text);
  EXPECT_TRUE(statement.ok()) << statement.status().message();
  if (!statement.ok()) return {};
  std::string body = R"({"Parameters":)" + std::string(parameters_json) + "}";
  auto request = parser.ParseObject(body);
  EXPECT_TRUE(request.ok());
  JsonArray parameters;
  EXPECT_FALSE((*request)["Parameters"].get_array().get(parameters));
  return FactsOf(**statement, "PK", parameters);
}

TEST(StatementFacts, SelectByPartitionKey) {
  StatementFacts f = Facts(R"(SELECT title, price FROM "Shop" WHERE PK = 'u1' AND SK > 'a')");
  EXPECT_EQ(f.leading_keys, Strings{"u1"});
  EXPECT_EQ(f.attributes, (Strings{"title", "price", "PK", "SK"}));
  EXPECT_FALSE(f.full_table_scan);
  EXPECT_EQ(f.select, "SPECIFIC_ATTRIBUTES");
}

TEST(StatementFacts, ParametersInAndOr) {
  StatementFacts in = Facts(R"(SELECT * FROM "Shop" WHERE PK IN [?, 'u2'])", R"([{"S":"u1"}])");
  EXPECT_EQ(in.leading_keys, (Strings{"u1", "u2"}));
  EXPECT_EQ(in.select, "ALL_ATTRIBUTES");
  EXPECT_FALSE(in.full_table_scan);
  StatementFacts both = Facts(R"(SELECT * FROM "Shop" WHERE PK = 'a' OR PK = ?)", R"([{"N":"7"}])");
  EXPECT_EQ(both.leading_keys, (Strings{"a", "7"}));
  EXPECT_FALSE(both.full_table_scan);
}

// ql-reference.select: these statements "will result in a full table scan".
TEST(StatementFacts, FullTableScans) {
  for (std::string_view text : {R"(SELECT * FROM "Shop")", R"(SELECT * FROM "Shop" WHERE PK > 'a')",
                                R"(SELECT * FROM "Shop" WHERE title = 'x')",
                                R"(SELECT * FROM "Shop" WHERE PK = 'a' OR title = 'x')"}) {
    SCOPED_TRACE(text);
    StatementFacts f = Facts(text);
    EXPECT_TRUE(f.full_table_scan);
    EXPECT_TRUE(f.leading_keys.empty());
  }
}

TEST(StatementFacts, Writes) {
  StatementFacts insert =
      Facts(R"(INSERT INTO "Shop" VALUE {'PK': ?, 'SK': 'a', 'note': 'n'})", R"([{"S":"u9"}])");
  EXPECT_EQ(insert.leading_keys, Strings{"u9"});
  EXPECT_EQ(insert.attributes, (Strings{"PK", "SK", "note"}));
  EXPECT_FALSE(insert.full_table_scan);
  StatementFacts update = Facts(
      R"(UPDATE "Shop" SET total = total + 1 REMOVE note WHERE PK = 'u1' AND SK = 'a' RETURNING ALL NEW *)");
  EXPECT_EQ(update.leading_keys, Strings{"u1"});
  EXPECT_EQ(update.attributes, (Strings{"total", "note", "PK", "SK"}));
  EXPECT_EQ(update.return_values, "ALL_NEW");
  StatementFacts del = Facts(R"(DELETE FROM "Shop" WHERE PK = 'u1' AND SK = 'a')");
  EXPECT_EQ(del.leading_keys, Strings{"u1"});
  EXPECT_EQ(del.return_values, "NONE");
}

}  // namespace
}  // namespace monotable::protocol::authorization
