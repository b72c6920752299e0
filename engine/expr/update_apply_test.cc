// Application of UpdateExpression to items: every action, nested paths, list index
// shifting, sets, exact arithmetic and every runtime error.

#include <gtest/gtest.h>

#include <string>

#include "engine/expr/expr_test_util.h"
#include "engine/expr/expression.h"

namespace monotable::expr {
namespace {

using testing::B;
using testing::BS;
using testing::ErrorOf;
using testing::L;
using testing::M;
using testing::MakeItem;
using testing::N;
using testing::NS;
using testing::Request;
using testing::S;
using testing::SS;

const std::string kInvalidPath =
    "The document path provided in the update expression is invalid for update";
const std::string kBadType = "An operand in the update expression has an incorrect data type";
const std::string kMissing =
    "The provided expression refers to an attribute that does not exist in the item";

// Applies `text` to `item`; returns the new item or the error message in `error`.
Item Applied(std::string_view text, const Item& item, ExpressionAttributeValues values = {},
             std::string* error = nullptr, ExpressionAttributeNames names = {},
             std::span<const std::string_view> keys = {}) {
  Request request(std::move(names), std::move(values));
  auto u = Update::Parse(text, request.placeholders);
  EXPECT_TRUE(u.ok()) << text << ": " << u.status().message();
  if (!u.ok()) return {};
  auto r = u->Apply(item, keys);
  if (error) {
    *error = ErrorOf(r);
  } else {
    EXPECT_TRUE(r.ok()) << text << ": " << r.status().message();
  }
  return r.ok() ? r.value() : Item();
}

std::string RunError(std::string_view text, const Item& item, ExpressionAttributeValues values = {},
                     ExpressionAttributeNames names = {}) {
  std::string error;
  Applied(text, item, std::move(values), &error, std::move(names));
  return error;
}

TEST(UpdateApplyTest, SetTopLevelAndNested) {
  Item item = MakeItem({{"a", N("1")}, {"m", M({{"x", S("old")}})}, {"l", L({S("a"), S("b")})}});
  Item out = Applied("SET a = :v, m.x = :v, m.y = :w, l[0] = :w, n = :v", item,
                     {{":v", S("new")}, {":w", N("2")}});
  EXPECT_EQ(out, MakeItem({{"a", S("new")},
                           {"m", M({{"x", S("new")}, {"y", N("2")}})},
                           {"l", L({N("2"), S("b")})},
                           {"n", S("new")}}));
  // Apply works on a copy.
  EXPECT_EQ(item.at("a"), N("1"));
}

TEST(UpdateApplyTest, SetPastTheEndAppendsInIndexOrder) {
  Item item = MakeItem({{"l", L({S("a")})}});
  Item out = Applied("SET l[9] = :y, l[5] = :x", item, {{":x", S("x")}, {":y", S("y")}});
  EXPECT_EQ(out.at("l"), L({S("a"), S("x"), S("y")}));
}

TEST(UpdateApplyTest, DynaliteNestedUpdateExample) {
  // dynalite's "should update nested attributes" (run against DynamoDB).
  Item item = MakeItem({{"a", S("key")},
                        {"b", M({{"a", N("1")}, {"b", N("2")}, {"c", N("3")}})},
                        {"c", L({N("1"), N("3")})}});
  Request request({}, {{":a", N("2")}, {":b", SS({"a"})}});
  auto u = Update::Parse(
      "set b.c=((c[1])+(b.a)),b.a = a,c[1] = a, c[4] = b.a - b.b, c[2] = b.c add c[8] :b, c[6] :a",
      request.placeholders);
  ASSERT_TRUE(u.ok()) << u.status().message();
  auto out = u->Apply(item, {});
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(*out, MakeItem({{"a", S("key")},
                            {"b", M({{"a", S("key")}, {"b", N("2")}, {"c", N("4")}})},
                            {"c", L({N("1"), S("key"), N("3"), N("-1"), N("2"), SS({"a"})})}}));
  // ReturnValues UPDATED_NEW: the updated paths of the new item.
  EXPECT_EQ(u->UpdatedPaths().Apply(*out), MakeItem({{"b", M({{"a", S("key")}, {"c", N("4")}})},
                                                     {"c", L({S("key"), N("3"), N("2")})}}));
  // UPDATED_OLD: the same paths of the old item.
  EXPECT_EQ(u->UpdatedPaths().Apply(item),
            MakeItem({{"b", M({{"a", N("1")}, {"c", N("3")}})}, {"c", L({N("3")})}}));
}

TEST(UpdateApplyTest, SetValuesComeFromTheOldItem) {
  Item out = Applied("SET a = b, b = a", MakeItem({{"a", N("1")}, {"b", N("2")}}));
  EXPECT_EQ(out, MakeItem({{"a", N("2")}, {"b", N("1")}}));
}

TEST(UpdateApplyTest, Remove) {
  Item item = MakeItem({{"a", N("1")},
                        {"m", M({{"x", N("1")}, {"y", N("2")}})},
                        {"l", L({S("0"), S("1"), S("2"), S("3"), S("4")})}});
  // Several indexes of one list use the original indexes.
  Item out = Applied("REMOVE a, m.x, l[1], l[3], l[9], absent, m.absent", item);
  EXPECT_EQ(out, MakeItem({{"m", M({{"y", N("2")}})}, {"l", L({S("0"), S("2"), S("4")})}}));
  // Removing the last element leaves an empty list; the order of the paths is free.
  EXPECT_EQ(Applied("REMOVE l[4], l[0], l[2], l[1], l[3]", item).at("l"), L({}));
}

// An item that does not exist has no parent to refuse: a REMOVE of a nested path does
// nothing there, while an existing item without the parent refuses it
// (expression.h: Update::ApplyTo).
TEST(UpdateApplyTest, RemoveOfANestedPathOfAnItemThatDoesNotExist) {
  Request request({}, {{":v", N("1")}});
  auto remove = Update::Parse("REMOVE x.y, z[0].w", request.placeholders);
  ASSERT_TRUE(remove.ok());
  const Item key = MakeItem({{"pk", S("k")}});
  Item missing = key;
  EXPECT_TRUE(remove->ApplyTo(missing, {}, /*item_exists=*/false).ok());
  EXPECT_EQ(missing, key);
  Item existing = key;
  EXPECT_EQ(remove->ApplyTo(existing, {}).message(), kInvalidPath);
  // A SET beside it still needs its parent.
  auto set = Update::Parse("SET a.b = :v REMOVE x.y", request.placeholders);
  ASSERT_TRUE(set.ok());
  Item also_missing = key;
  EXPECT_EQ(set->ApplyTo(also_missing, {}, /*item_exists=*/false).message(), kInvalidPath);
}

TEST(UpdateApplyTest, AddNumbers) {
  Item item = MakeItem({{"n", N("1.5")}, {"m", M({})}, {"l", L({N("10")})}});
  Item out = Applied("ADD n :d, fresh :d, m.k :d, l[0] :d, l[3] :d", item, {{":d", N("-0.5")}});
  EXPECT_EQ(out, MakeItem({{"n", N("1")},
                           {"fresh", N("-0.5")},
                           {"m", M({{"k", N("-0.5")}})},
                           {"l", L({N("9.5"), N("-0.5")})}}));
  EXPECT_EQ(RunError("ADD s :d", MakeItem({{"s", S("x")}}), {{":d", N("1")}}), kBadType);
  EXPECT_EQ(RunError("ADD s :d", MakeItem({{"s", NS({"1"})}}), {{":d", N("1")}}), kBadType);
}

TEST(UpdateApplyTest, AddSets) {
  Item item = MakeItem({{"ss", SS({"a", "b"})}, {"ns", NS({"1", "2"})}, {"bs", BS({"\x01"})}});
  Item out = Applied(
      "ADD ss :ss, ns :ns, bs :bs, fresh :ss", item,
      {{":ss", SS({"b", "c", "d"})}, {":ns", NS({"2", "3"})}, {":bs", BS({"\x02", "\x01"})}});
  EXPECT_EQ(out.at("ss").set, (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(out.at("ns").set, (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_EQ(out.at("bs").set, (std::vector<std::string>{"\x01", "\x02"}));
  EXPECT_EQ(out.at("fresh"), SS({"b", "c", "d"}));
  EXPECT_EQ(RunError("ADD ss :ns", item, {{":ns", NS({"1"})}}), kBadType);
  EXPECT_EQ(RunError("ADD ns :n", item, {{":n", N("1")}}), kBadType);
  // A large union takes the hashed path and still keeps the order.
  AttributeValue big = SS({});
  AttributeValue more = SS({});
  for (int i = 0; i < 100; ++i) big.set.push_back(std::string("m").append(std::to_string(i)));
  for (int i = 50; i < 150; ++i) more.set.push_back(std::string("m").append(std::to_string(i)));
  Item unioned = Applied("ADD s :more", MakeItem({{"s", big}}), {{":more", more}});
  ASSERT_EQ(unioned.at("s").set.size(), 150u);
  EXPECT_EQ(unioned.at("s").set[149], "m149");
}

TEST(UpdateApplyTest, DeleteFromSets) {
  Item item = MakeItem({{"ss", SS({"a", "b", "c"})},
                        {"ns", NS({"1", "2"})},
                        {"m", M({{"s", SS({"x"})}})},
                        {"l", L({SS({"y"}), SS({"y", "z"})})}});
  Item out = Applied("DELETE ss :ab, ns :ns12, absent :ab, m.s :x, l[0] :y, l[1] :y", item,
                     {{":ab", SS({"a", "b", "q"})},
                      {":ns12", NS({"1", "2"})},
                      {":x", SS({"x"})},
                      {":y", SS({"y"})}});
  // An emptied set is removed, in a map and in a list alike.
  EXPECT_EQ(out, MakeItem({{"ss", SS({"c"})}, {"m", M({})}, {"l", L({SS({"z"})})}}));
  EXPECT_EQ(RunError("DELETE ss :ns", item, {{":ns", NS({"1"})}}), kBadType);
  EXPECT_EQ(RunError("DELETE n :ns", MakeItem({{"n", N("1")}}), {{":ns", NS({"1"})}}), kBadType);
  // Past the end of a list: nothing to delete.
  EXPECT_EQ(Applied("DELETE l[5] :y", item, {{":y", SS({"y"})}}).at("l"), item.at("l"));
}

TEST(UpdateApplyTest, ExactArithmetic) {
  Item item = MakeItem({{"a", N("0.1")}, {"big", N("9" + std::string(37, '9'))}});
  Item out = Applied("SET s = a + :b, d = a - :b, c = :b - a", item, {{":b", N("0.2")}});
  EXPECT_EQ(out.at("s"), N("0.3"));
  EXPECT_EQ(out.at("d"), N("-0.1"));
  EXPECT_EQ(out.at("c"), N("0.1"));
  EXPECT_EQ(Applied("SET big = big + :one", item, {{":one", N("1")}}).at("big"),
            N("1" + std::string(38, '0')));
  // An inexact result is reported as an overflow, as DynamoDB does for arithmetic.
  EXPECT_EQ(RunError("SET a = a + :tiny", item, {{":tiny", N("0." + std::string(39, '0') + "1")}}),
            "Number overflow. Attempting to store a number with magnitude larger than "
            "supported range");
  EXPECT_EQ(
      RunError("SET a = :m + :m", item,
               {{":m", N("9999999999999999999999999999999999999900000000000000000000000000000000"
                         "00000000000000000000000000000000000000000000000000000000")}}),
      "Number overflow. Attempting to store a number with magnitude larger than supported range");
  EXPECT_EQ(RunError("SET a = s + :one", item, {{":one", N("1")}}), kMissing);
  EXPECT_EQ(RunError("SET x = s + :one", MakeItem({{"s", S("1")}}), {{":one", N("1")}}), kBadType);
  EXPECT_EQ(RunError("SET x = :one - s", MakeItem({{"s", SS({"1"})}}), {{":one", N("1")}}),
            kBadType);
  // The counter idiom.
  EXPECT_EQ(
      Applied("SET c = if_not_exists(c, :zero) + :one", {}, {{":zero", N("0")}, {":one", N("1")}})
          .at("c"),
      N("1"));
}

TEST(UpdateApplyTest, IfNotExistsAndListAppend) {
  Item item = MakeItem({{"a", S("key")}, {"l", L({N("1")})}, {"s", S("x")}});
  Item out = Applied(
      "SET b = if_not_exists(b, a), s = if_not_exists(s, :v), "
      "l = list_append(l, :tail), p = list_append(:tail, l)",
      item, {{":v", S("y")}, {":tail", L({N("2")})}});
  EXPECT_EQ(out.at("b"), S("key"));
  EXPECT_EQ(out.at("s"), S("x"));
  EXPECT_EQ(out.at("l"), L({N("1"), N("2")}));
  EXPECT_EQ(out.at("p"), L({N("2"), N("1")}));
  EXPECT_EQ(RunError("SET c = b", item), kMissing);
  EXPECT_EQ(RunError("SET e = list_append(b, c)", item), kMissing);
  EXPECT_EQ(RunError("SET c = if_not_exists(b, c)", item), kMissing);
  EXPECT_EQ(RunError("SET e = list_append(s, :t)", item, {{":t", L({})}}), kBadType);
  EXPECT_EQ(RunError("SET e = list_append(l, if_not_exists(f, :x))", item, {{":x", N("1")}}),
            kBadType);
}

TEST(UpdateApplyTest, InvalidDocumentPaths) {
  // dynalite's "non-existent nested attribute in existing item" cases.
  Item item = MakeItem({{"b", S("a")}, {"c", M({{"1", S("a")}})}, {"d", L({S("a"), S("b")})}});
  ExpressionAttributeNames names{{"#1", "1"}};
  ExpressionAttributeValues values{{":a", SS({"a"})}};
  for (std::string_view text : {"set b.a = :a, #1 = :a",
                                "set b[1] = :a, #1 = :a",
                                "set y.a = :a, #1 = :a",
                                "set y[1] = :a, #1 = :a",
                                "set c[1] = :a, #1 = :a",
                                "set d.#1 = :a",
                                "remove b.a set #1 = :a",
                                "remove b[1] set #1 = :a",
                                "remove y.a set #1 = :a",
                                "remove y[1] set #1 = :a",
                                "remove c[1] set #1 = :a",
                                "remove d.#1 set #1 = :a",
                                "delete b.a :a set #1 = :a",
                                "delete b[1] :a set #1 = :a",
                                "delete y.a :a set #1 = :a",
                                "delete y[1] :a set #1 = :a",
                                "delete c[1] :a set #1 = :a",
                                "delete d.#1 :a",
                                "add b.a :a set #1 = :a",
                                "add b[1] :a set #1 = :a",
                                "add y.a :a set #1 = :a",
                                "add y[1] :a set #1 = :a",
                                "add c[1] :a set #1 = :a",
                                "add d.#1 :a",
                                "set d[5].x = :a",
                                "set y.z.w = :a"}) {
    EXPECT_EQ(RunError(text, item, values, names), kInvalidPath) << text;
  }
  // On a new item (key attributes only) too.
  EXPECT_EQ(RunError("set b.a = a", MakeItem({{"a", S("k")}})), kInvalidPath);
  EXPECT_EQ(RunError("set b[1] = a", MakeItem({{"a", S("k")}})), kInvalidPath);
}

TEST(UpdateApplyTest, KeyAttributesAreRefusedBeforeAnythingElse) {
  const std::string_view keys[] = {"pk"};
  std::string error;
  Applied("SET pk = absent.x", MakeItem({{"pk", S("k")}}), {}, &error, {}, keys);
  EXPECT_EQ(error,
            "One or more parameter values were invalid: Cannot update attribute pk. This "
            "attribute is part of the key");
  Item out = Applied("SET dup = pk", MakeItem({{"pk", S("k")}}), {}, nullptr, {}, keys);
  EXPECT_EQ(out.at("dup"), S("k"));
}

AttributeValue Nested(int levels) {
  AttributeValue v = S("leaf");
  for (int i = 1; i < levels; ++i) v = (i % 2) ? L({v}) : M({{"k", v}});
  return v;
}

TEST(UpdateApplyTest, NestingLimit) {
  EXPECT_TRUE(Applied("SET a = :v", {}, {{":v", Nested(32)}}).count("a"));
  Item item = MakeItem({{"m", M({})}});
  EXPECT_EQ(RunError("SET m.k = :v", item, {{":v", Nested(32)}}),
            "Nesting Levels have exceeded supported limits");
  EXPECT_EQ(RunError("SET a = list_append(:v, :w)", {}, {{":v", L({Nested(31)})}, {":w", L({})}}),
            "");
  EXPECT_EQ(RunError("SET a = :v", {}, {{":v", L({Nested(32)})}}),
            "Nesting Levels have exceeded supported limits");
}

TEST(UpdateApplyTest, UpdatedPathsForReturnValues) {
  Item old_item =
      MakeItem({{"a", N("1")}, {"b", S("x")}, {"c", M({{"d", N("1")}, {"e", N("2")}})}});
  Request request({}, {{":v", N("5")}});
  auto u = Update::Parse("SET a = :v, c.d = :v REMOVE b ADD z :v", request.placeholders);
  ASSERT_TRUE(u.ok());
  auto new_item = u->Apply(old_item, {});
  ASSERT_TRUE(new_item.ok());
  EXPECT_EQ(u->UpdatedPaths().Apply(old_item),
            MakeItem({{"a", N("1")}, {"b", S("x")}, {"c", M({{"d", N("1")}})}}));
  EXPECT_EQ(u->UpdatedPaths().Apply(*new_item),
            MakeItem({{"a", N("5")}, {"c", M({{"d", N("5")}})}, {"z", N("5")}}));
  EXPECT_EQ(u->UpdatedPaths().TopLevelAttributes(), (std::vector<std::string>{"a", "b", "c", "z"}));
}

TEST(UpdateApplyTest, ApplyToChangesInPlaceAndEmptyUpdateIsANoOp) {
  Item item = MakeItem({{"a", N("1")}});
  Request request({}, {{":v", N("2")}});
  auto u = Update::Parse("SET a = :v", request.placeholders);
  ASSERT_TRUE(u.ok());
  ASSERT_TRUE(u->ApplyTo(item, {}).ok());
  EXPECT_EQ(item.at("a"), N("2"));
  Update none;
  EXPECT_TRUE(none.ApplyTo(item, {}).ok());
  EXPECT_EQ(item.size(), 1u);
  EXPECT_TRUE(none.UpdatedPaths().Apply(item).empty());
}

TEST(UpdateApplyTest, NamesThroughPlaceholders) {
  Item out = Applied("SET #a.#b = :v", MakeItem({{"x.y", M({})}}), {{":v", N("1")}}, nullptr,
                     {{"#a", "x.y"}, {"#b", "with space"}});
  EXPECT_EQ(out.at("x.y"), M({{"with space", N("1")}}));
}

}  // namespace
}  // namespace monotable::expr
