#include <gtest/gtest.h>

#include <string>

#include "engine/expr/expr_test_util.h"
#include "engine/expr/expression.h"

namespace monotable::expr {
namespace {

using testing::ErrorOf;
using testing::L;
using testing::M;
using testing::MakeItem;
using testing::N;
using testing::Null;
using testing::Request;
using testing::S;

const std::string kPrefix = "Invalid ProjectionExpression: ";

// ExtendDB's "Nested ProjectionExpression correctness" item, captured from DynamoDB.
const Item kItem = MakeItem({
    {"pk", S("p1")},
    {"mylist", L({S("zero"), S("one"), S("two"), S("three")})},
    {"listOfMaps", L({M({{"val", S("a0")}, {"x", S("x0")}}), M({{"val", S("a1")}, {"x", S("x1")}}),
                      M({{"val", S("a2")}, {"x", S("x2")}})})},
    {"listWithNull", L({S("keep0"), Null(), S("keep2")})},
    {"deep", M({{"l1", M({{"l2", M({{"l3", S("bottom")}, {"sib", S("s")}})}})}})},
    {"nestedList", L({M({{"inner", L({S("i0"), S("i1")})}})})},
    {"a", M({{"b", S("bv")}, {"c", S("cv")}})},
});

Item Project(std::string_view text, const Item& item = kItem, ExpressionAttributeNames names = {}) {
  Request request(std::move(names));
  auto p = Projection::Parse(text, request.placeholders);
  EXPECT_TRUE(p.ok()) << text << ": " << p.status().message();
  return p.ok() ? p->Apply(item) : Item();
}

std::string ProjectionError(std::string_view text, ExpressionAttributeNames names = {}) {
  Request request(std::move(names));
  return ErrorOf(Projection::Parse(text, request.placeholders));
}

TEST(ProjectionTest, TopLevelAttributes) {
  EXPECT_EQ(Project("pk, absent"), MakeItem({{"pk", S("p1")}}));
  EXPECT_EQ(Project("#p", kItem, {{"#p", "pk"}}), MakeItem({{"pk", S("p1")}}));
  EXPECT_EQ(Project("a"), MakeItem({{"a", kItem.at("a")}}));
}

TEST(ProjectionTest, ListIndexesAreCompactedInIndexOrder) {
  EXPECT_EQ(Project("mylist[0], mylist[2]").at("mylist"), L({S("zero"), S("two")}));
  EXPECT_EQ(Project("mylist[2], mylist[0]").at("mylist"), L({S("zero"), S("two")}));
  EXPECT_EQ(Project("mylist[1], mylist[3]").at("mylist"), L({S("one"), S("three")}));
  EXPECT_EQ(Project("listOfMaps[0].val, listOfMaps[2].val").at("listOfMaps"),
            L({M({{"val", S("a0")}}), M({{"val", S("a2")}})}));
  EXPECT_EQ(Project("listWithNull").at("listWithNull"), L({S("keep0"), Null(), S("keep2")}));
  EXPECT_EQ(Project("listWithNull[1]").at("listWithNull"), L({Null()}));
  EXPECT_EQ(Project("listWithNull[0], listWithNull[2]").at("listWithNull"),
            L({S("keep0"), S("keep2")}));
  EXPECT_EQ(Project("nestedList[0].#i[1]", kItem, {{"#i", "inner"}}).at("nestedList"),
            L({M({{"inner", L({S("i1")})}})}));
}

TEST(ProjectionTest, NestedMapsKeepTheirStructure) {
  EXPECT_EQ(Project("deep.l1.l2.l3").at("deep"),
            M({{"l1", M({{"l2", M({{"l3", S("bottom")}})}})}}));
  EXPECT_EQ(Project("a.b, a.c").at("a"), kItem.at("a"));
  EXPECT_EQ(Project("a.b, pk"), MakeItem({{"a", M({{"b", S("bv")}})}, {"pk", S("p1")}}));
}

TEST(ProjectionTest, MissingOrMistypedPathsAddNothing) {
  EXPECT_TRUE(Project("mylist[9]").empty());
  EXPECT_TRUE(Project("a.zz").empty());
  EXPECT_TRUE(Project("a[0]").empty());      // an index into a map
  EXPECT_TRUE(Project("mylist.x").empty());  // a name into a list
  EXPECT_TRUE(Project("pk.x").empty());      // into a string
  EXPECT_TRUE(Project("pk[0]").empty());
  EXPECT_EQ(Project("mylist[1], mylist[9]").at("mylist"), L({S("one")}));
  EXPECT_TRUE(Project("a.b", Item()).empty());
}

TEST(ProjectionTest, OverlapsAndConflicts) {
  const std::string overlap = kPrefix +
                              "Two document paths overlap with each other; must remove or "
                              "rewrite one of these paths; path one: ";
  EXPECT_EQ(ProjectionError("a, a.b"), overlap + "[a], path two: [a, b]");
  EXPECT_EQ(ProjectionError("a.b, a"), overlap + "[a, b], path two: [a]");
  EXPECT_EQ(ProjectionError("a, a"), overlap + "[a], path two: [a]");
  EXPECT_EQ(ProjectionError("alist[0], alist"), overlap + "[alist, [0]], path two: [alist]");
  EXPECT_EQ(ProjectionError("#p, #p.#q", {{"#p", "a"}, {"#q", "b"}}),
            overlap + "[a], path two: [a, b]");
  EXPECT_EQ(ProjectionError("x, a.b, a"), overlap + "[a, b], path two: [a]");
  EXPECT_EQ(ProjectionError("a[0], a.b"),
            kPrefix +
                "Two document paths conflict with each other; must remove or rewrite one of "
                "these paths; path one: [a, [0]], path two: [a, b]");
  // An overlap is reported before an earlier conflict.
  EXPECT_EQ(ProjectionError("a[0], a.b, c, c.d"), overlap + "[c], path two: [c, d]");
  EXPECT_EQ(ProjectionError("a.b, a.c"), "");
}

TEST(ProjectionTest, ResolveErrors) {
  EXPECT_EQ(ProjectionError("a.#u"),
            kPrefix +
                "An expression attribute name used in the document path is not defined; "
                "attribute name: #u");
  EXPECT_EQ(ProjectionError("Comment"),
            kPrefix + "Attribute name is a reserved keyword; reserved keyword: Comment");
  // Reserved words before undefined names before overlaps.
  EXPECT_EQ(ProjectionError("#u, a, a, name"),
            kPrefix + "Attribute name is a reserved keyword; reserved keyword: name");
  EXPECT_EQ(ProjectionError("a, a, #u"),
            kPrefix +
                "An expression attribute name used in the document path is not defined; "
                "attribute name: #u");
}

TEST(ProjectionTest, OfAttributesAndTopLevelNames) {
  const std::string names[] = {"pk", "a", "absent"};
  Projection p = Projection::OfAttributes(names);
  EXPECT_EQ(p.Apply(kItem), MakeItem({{"pk", S("p1")}, {"a", kItem.at("a")}}));
  EXPECT_EQ(p.TopLevelAttributes(), (std::vector<std::string>{"a", "absent", "pk"}));
  EXPECT_TRUE(Projection().Apply(kItem).empty());
}

TEST(ProjectionTest, OutlivesItsPlaceholders) {
  Projection p;
  {
    Request request(ExpressionAttributeNames{{"#p", "pk"}});
    auto parsed = Projection::Parse("#p", request.placeholders);
    ASSERT_TRUE(parsed.ok());
    p = *parsed;
  }
  EXPECT_EQ(p.Apply(kItem), MakeItem({{"pk", S("p1")}}));
}

}  // namespace
}  // namespace monotable::expr
