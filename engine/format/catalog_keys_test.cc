#include "engine/format/catalog_keys.h"

#include <gtest/gtest.h>

namespace monotable::catalog_keys {
namespace {

TEST(CatalogKeysTest, TableKeyRoundTripsItsNamespace) {
  for (const std::string ns : {"", "AKID:us-east-1", "with.dots_and-dashes", "\xC3\xA9t\xC3\xA9"}) {
    const std::string key = TableKey(ns, "Orders");
    EXPECT_EQ(key[0], kTablePrefix);
    ASSERT_TRUE(NamespaceOfTableKey(key).has_value()) << ns;
    EXPECT_EQ(*NamespaceOfTableKey(key), ns);
  }
  EXPECT_EQ(TableKey("ns", "t"), std::string("tns\0t", 5));
}

TEST(CatalogKeysTest, TableKeysOfOneNamespaceAreAdjacentAndOrderedByName) {
  // "ns" and "ns2" must not interleave: the separator sorts before any name byte.
  EXPECT_LT(TableKey("ns", "zzz"), TableKey("ns2", "a"));
  EXPECT_LT(TableKey("ns", "a"), TableKey("ns", "b"));
  EXPECT_LT(TableKey("ns", "a"), TableKey("ns", "a-1"));
}

TEST(CatalogKeysTest, OtherKeysHaveNoNamespace) {
  EXPECT_FALSE(NamespaceOfTableKey("").has_value());
  EXPECT_FALSE(NamespaceOfTableKey(StatsKey("table.1")).has_value());
  EXPECT_FALSE(NamespaceOfTableKey(ItemCollectionKey("table.1", "p")).has_value());
  EXPECT_FALSE(NamespaceOfTableKey("tno-separator").has_value());
  // A table key with an empty name still names its namespace.
  EXPECT_EQ(NamespaceOfTableKey(std::string("tns\0", 4)), "ns");
}

TEST(CatalogKeysTest, StatsKeyIsThePrefixAndTheFamily) {
  EXPECT_EQ(StatsKey("table.7"), "stable.7");
  EXPECT_EQ(StatsKey("index.8")[0], kStatsPrefix);
  EXPECT_NE(StatsKey("table.1"), StatsKey("table.10"));
}

TEST(CatalogKeysTest, ItemCollectionKeysStartWithTheirTablesPrefixOnly) {
  const std::string prefix = ItemCollectionPrefix("table.1");
  EXPECT_EQ(prefix, std::string("ctable.1\0", 9));
  const std::string key = ItemCollectionKey("table.1", std::string("\x01\x02\0p", 4));
  EXPECT_EQ(key.substr(0, prefix.size()), prefix);
  EXPECT_EQ(key.substr(prefix.size()), std::string("\x01\x02\0p", 4));
  // table.10's records do not fall under table.1's prefix (Drop deletes by prefix).
  const std::string other = ItemCollectionKey("table.10", "p");
  EXPECT_NE(other.substr(0, prefix.size()), prefix);
}

TEST(CatalogKeysTest, FamilyNamesRoundTripTheirNumber) {
  EXPECT_EQ(TableFamily(7), "table.7");
  EXPECT_EQ(IndexFamily(8), "index.8");
  for (uint64_t n : {uint64_t{0}, uint64_t{1}, uint64_t{42}, UINT64_MAX}) {
    EXPECT_EQ(FamilyNumber(TableFamily(n)), n);
    EXPECT_EQ(FamilyNumber(IndexFamily(n)), n);
  }
}

TEST(CatalogKeysTest, FamilyNumberOfOddNamesIsZeroOrTheLeadingDigits) {
  EXPECT_EQ(FamilyNumber(""), 0u);
  EXPECT_EQ(FamilyNumber("catalog"), 0u);
  EXPECT_EQ(FamilyNumber("default"), 0u);
  EXPECT_EQ(FamilyNumber("table."), 0u);
  EXPECT_EQ(FamilyNumber("table.x"), 0u);
  EXPECT_EQ(FamilyNumber("table.-3"), 0u);
  EXPECT_EQ(FamilyNumber(".5"), 5u);
  EXPECT_EQ(FamilyNumber("table.12abc"), 12u);
  EXPECT_EQ(FamilyNumber("a.b.3"), 0u);  // only the part after the first dot counts
  // Past 64 bits: no number rather than a wrapped one.
  EXPECT_EQ(FamilyNumber("table.18446744073709551616"), 0u);
}

}  // namespace
}  // namespace monotable::catalog_keys
