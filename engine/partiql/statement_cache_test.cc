#include "engine/partiql/statement_cache.h"

#include <gtest/gtest.h>

#include <vector>

#include "engine/partiql/lower.h"
#include "engine/testing/value_builders.h"

namespace monotable::partiql {
namespace {

using test_values::S;

TEST(StatementCacheTest, SharesTreesByText) {
  StatementCache cache(8);
  auto a = cache.GetOrParse("SELECT * FROM t WHERE PK = ?");
  auto b = cache.GetOrParse("SELECT * FROM t WHERE PK = ?");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->get(), b->get());
  ASSERT_TRUE(cache.GetOrParse("select * from t where PK = ?").ok());  // another text
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.hits(), 1u);
  EXPECT_EQ(cache.misses(), 2u);
}

TEST(StatementCacheTest, ErrorsAreNotCached) {
  StatementCache cache(8);
  auto bad = cache.GetOrParse("SLECT * FROM t");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(),
            "Statement wasn't well formed, can't be processed: Expected data manipulation");
  EXPECT_EQ(cache.size(), 0u);
  StatementCache off(0);
  ASSERT_TRUE(off.GetOrParse("SELECT * FROM t").ok());
  EXPECT_EQ(off.size(), 0u);
}

TEST(StatementCacheTest, ParametersBindWhenLowered) {
  TableDefinition table;
  table.name = "t";
  table.attribute_definitions = {{"PK", AttributeType::kS}};
  table.key_schema = {{"PK", KeyType::kHash}};
  StatementCache cache(8);
  const std::string_view text = "DELETE FROM t WHERE PK = ?";
  for (const char* key : {"a", "b"}) {
    auto tree = cache.GetOrParse(text);
    ASSERT_TRUE(tree.ok());
    std::vector<AttributeValue> parameters = {S(key)};
    auto lowered = Lower(text, **tree, parameters, table);
    ASSERT_TRUE(lowered.ok()) << lowered.status().message();
    EXPECT_EQ(std::get<DeleteItemRequest>(lowered->request).key.at("PK"), S(key));
  }
  EXPECT_EQ(cache.misses(), 1u);
}

}  // namespace
}  // namespace monotable::partiql
