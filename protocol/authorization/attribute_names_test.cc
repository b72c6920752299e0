// Which attributes and partition key values DynamoDB's fine-grained access control sees
// in a request's expressions (specifying-conditions: "dynamodb:Attributes ... the
// attribute names in a request", "dynamodb:LeadingKeys ... the partition key").
#include "protocol/authorization/attribute_names.h"

#include <gtest/gtest.h>

namespace monotable::protocol::authorization {
namespace {

class AttributeNamesTest : public ::testing::Test {
 protected:
  // Each document keeps a parser of its own: a parser's next parse frees the last.
  JsonObject Parse(std::string_view json) {
    auto o = parsers_[used_++].ParseObject(json);
    EXPECT_TRUE(o.ok());
    return *o;
  }
  JsonParser parsers_[4];
  int used_ = 0;
};

TEST_F(AttributeNamesTest, PathHeads) {
  JsonObject names = Parse(R"({"#n":"Name","#s":"Status"})");
  std::vector<std::string> out;
  AddPathHeads("TopScore, #n.first, Scores[2], info.#s", names, &out);
  EXPECT_EQ(out, (std::vector<std::string>{"TopScore", "Name", "Scores", "info"}));
  out.clear();
  AddPathHeads(
      "attribute_exists(UserId) AND NOT begins_with(#s, :p) OR size(Tags) > :n "
      "AND Wins BETWEEN :a AND :b AND Color IN (:c, :d)",
      names, &out);
  EXPECT_EQ(out, (std::vector<std::string>{"UserId", "Status", "Tags", "Wins", "Color"}));
  out.clear();
  AddPathHeads("SET Wins = Wins + :one, #n = if_not_exists(#n, :x) REMOVE Old ADD Tally :t", names,
               &out);
  EXPECT_EQ(out, (std::vector<std::string>{"Wins", "Name", "Old", "Tally"}));
  out.clear();
  AddPathHeads("#unknown", std::nullopt, &out);
  EXPECT_EQ(out, std::vector<std::string>{"#unknown"});
}

TEST_F(AttributeNamesTest, KeyConditionValue) {
  JsonObject names = Parse(R"({"#pk":"PK"})");
  JsonObject values = Parse(R"({":v":{"S":"tenant-1"},":p":{"S":"order#"},":n":{"N":"7"}})");
  EXPECT_EQ(KeyConditionValue("#pk = :v AND begins_with(SK, :p)", "PK", names, values), "tenant-1");
  EXPECT_EQ(KeyConditionValue(":v = PK", "PK", names, values), "tenant-1");
  EXPECT_EQ(KeyConditionValue("Id = :n", "Id", names, values), "7");
  EXPECT_EQ(KeyConditionValue("SK = :v", "PK", names, values), std::nullopt);
  EXPECT_EQ(KeyConditionValue("PK.x = :v", "PK", names, values), std::nullopt);
}

}  // namespace
}  // namespace monotable::protocol::authorization
