#include "engine/format/key_codec.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <compare>
#include <random>
#include <string>
#include <vector>

#include "engine/base/number.h"

namespace monotable {
namespace {

using key_codec::AppendKeyValue;
using key_codec::Hash64;
using key_codec::HashOfKey;
using key_codec::PartitionPrefix;
using key_codec::TableKey;

std::string Bytes(std::initializer_list<int> bytes) {
  std::string s;
  for (int b : bytes) s.push_back(static_cast<char>(b));
  return s;
}

std::string Enc(const AttributeValue& v, bool last) {
  std::string out;
  AppendKeyValue(&out, v, last);
  return out;
}

AttributeValue Num(std::string_view text) {
  auto n = Number::Parse(text);
  EXPECT_TRUE(n.ok()) << text;
  return AttributeValue::NumberText(n.ok() ? n->ToString() : "0");
}

int Sign(int c) { return (c > 0) - (c < 0); }
int Sign(std::strong_ordering o) { return o < 0 ? -1 : (o > 0 ? 1 : 0); }
// Unsigned bytewise comparison, as RocksDB's default comparator orders keys.
int Compare(const std::string& a, const std::string& b) { return Sign(a.compare(b)); }

std::string BigEndian(uint64_t v) {
  std::string s;
  for (int shift = 56; shift >= 0; shift -= 8) s.push_back(static_cast<char>(v >> shift));
  return s;
}

TEST(KeyCodecTest, Hash64IsFrozen) {
  // On-disk format guard: these constants were computed once and must never change.
  EXPECT_EQ(Hash64(""), 0xefd01f60ba992926ULL);
  EXPECT_EQ(Hash64("a"), 0x82a2a958a9bece5bULL);
  EXPECT_EQ(Hash64("monotable"), 0x19323e417a85a756ULL);
  EXPECT_EQ(Hash64(Bytes({'p', 'k', 0x00, 0x01})), 0xa3bce1d7b211e0b4ULL);
  EXPECT_EQ(Hash64(Bytes({0x03, 0x82, 0x31, 0x00})), 0x69bd7df44a8a95e7ULL);
}

TEST(KeyCodecTest, StringAndBinaryGoldenBytes) {
  const std::string with_nul = Bytes({'a', 0x00, 'b'});
  EXPECT_EQ(Enc(AttributeValue::String(with_nul), true), with_nul);
  EXPECT_EQ(Enc(AttributeValue::String(with_nul), false),
            Bytes({'a', 0x00, 0xFF, 'b', 0x00, 0x01}));
  EXPECT_EQ(Enc(AttributeValue::String("pk"), false), Bytes({'p', 'k', 0x00, 0x01}));
  EXPECT_EQ(Enc(AttributeValue::String(""), false), Bytes({0x00, 0x01}));
  EXPECT_EQ(Enc(AttributeValue::String(""), true), "");
  EXPECT_EQ(Enc(AttributeValue::Binary(Bytes({0x00, 0xFF, 0x01})), false),
            Bytes({0x00, 0xFF, 0xFF, 0x01, 0x00, 0x01}));
  EXPECT_EQ(Enc(AttributeValue::Binary(Bytes({0x00, 0xFF, 0x01})), true),
            Bytes({0x00, 0xFF, 0x01}));
}

TEST(KeyCodecTest, NumberGoldenBytes) {
  // Numbers are the same in last and non-last position.
  for (bool last : {false, true}) {
    EXPECT_EQ(Enc(Num("0"), last), Bytes({0x02}));
    EXPECT_EQ(Enc(Num("1"), last), Bytes({0x03, 0x82, '1', 0x00}));
    EXPECT_EQ(Enc(Num("1.5"), last), Bytes({0x03, 0x82, '1', '5', 0x00}));
    EXPECT_EQ(Enc(Num("0.05"), last), Bytes({0x03, 0x80, '5', 0x00}));
    EXPECT_EQ(Enc(Num("-1"), last), Bytes({0x01, 0x7D, 0xCE, 0xFF}));
    EXPECT_EQ(Enc(Num("-123.45"), last), Bytes({0x01, 0x7B, 0xCE, 0xCD, 0xCC, 0xCB, 0xCA, 0xFF}));
    EXPECT_EQ(Enc(Num("1E-130"), last), Bytes({0x03, 0x00, '1', 0x00}));
    EXPECT_EQ(Enc(Num("9E+125"), last), Bytes({0x03, 0xFF, '9', 0x00}));
  }
}

TEST(KeyCodecTest, TableKeyGoldenBytes) {
  const AttributeValue pk = AttributeValue::String("pk");
  const std::string enc_pk = Bytes({'p', 'k', 0x00, 0x01});
  const std::string prefix = Bytes({0xa3, 0xbc, 0xe1, 0xd7, 0xb2, 0x11, 0xe0, 0xb4}) + enc_pk;
  EXPECT_EQ(PartitionPrefix(pk), prefix);
  EXPECT_EQ(TableKey(pk, nullptr), prefix);
  const AttributeValue sk = AttributeValue::String(Bytes({'s', 0x00}));
  EXPECT_EQ(TableKey(pk, &sk), prefix + Bytes({'s', 0x00}));
  const AttributeValue nsk = Num("1");
  EXPECT_EQ(TableKey(pk, &nsk), prefix + Bytes({0x03, 0x82, '1', 0x00}));

  const AttributeValue npk = Num("1");
  EXPECT_EQ(TableKey(npk, nullptr),
            Bytes({0x69, 0xbd, 0x7d, 0xf4, 0x4a, 0x8a, 0x95, 0xe7, 0x03, 0x82, '1', 0x00}));
}

TEST(KeyCodecTest, HashPrefixIsHashOfEncodedPartitionKey) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200; ++i) {
    std::string s(rng() % 20, '\0');
    for (char& c : s) c = static_cast<char>(rng());
    for (const AttributeValue& pk : {AttributeValue::String(s), AttributeValue::Binary(s)}) {
      const std::string enc = Enc(pk, false);
      const std::string key = TableKey(pk, nullptr);
      EXPECT_EQ(key.substr(0, 8), BigEndian(Hash64(enc)));
      EXPECT_EQ(key.substr(8), enc);
      EXPECT_EQ(HashOfKey(key), Hash64(enc));
    }
  }
  EXPECT_EQ(HashOfKey(Bytes({1, 2, 3, 4, 5, 6, 7, 8, 9})), 0x0102030405060708ULL);
}

// Bytes chosen so that escapes, terminators and prefixes collide often.
std::string RandomBytes(std::mt19937_64& rng, size_t max_len) {
  static const unsigned char kAlphabet[] = {0x00, 0x01, 0x02, 0x7F, 0x80, 0xFE, 0xFF, 'a', 'b'};
  std::string s(rng() % (max_len + 1), '\0');
  for (char& c : s) c = static_cast<char>(kAlphabet[rng() % std::size(kAlphabet)]);
  return s;
}

TEST(KeyCodecTest, StringAndBinaryOrderIsUnsignedBytewise) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 20000; ++i) {
    const std::string a = RandomBytes(rng, 6);
    std::string b = RandomBytes(rng, 6);
    if (i % 3 == 0) b = a + RandomBytes(rng, 2);  // prefixes of each other
    const int expected = Compare(a, b);
    for (bool last : {false, true}) {
      EXPECT_EQ(Compare(Enc(AttributeValue::String(a), last), Enc(AttributeValue::String(b), last)),
                expected);
      EXPECT_EQ(Compare(Enc(AttributeValue::Binary(a), last), Enc(AttributeValue::Binary(b), last)),
                expected);
    }
  }
}

TEST(KeyCodecTest, NonLastEncodingIsPrefixFree) {
  std::mt19937_64 rng(99);
  auto is_prefix = [](const std::string& p, const std::string& s) {
    return p.size() <= s.size() && s.compare(0, p.size(), p) == 0;
  };
  for (int i = 0; i < 20000; ++i) {
    const std::string a = RandomBytes(rng, 6);
    const std::string b = (i % 2 == 0) ? a + RandomBytes(rng, 3) : RandomBytes(rng, 6);
    if (a == b) continue;
    const std::string ea = Enc(AttributeValue::String(a), false);
    const std::string eb = Enc(AttributeValue::String(b), false);
    EXPECT_FALSE(is_prefix(ea, eb)) << i;
    EXPECT_FALSE(is_prefix(eb, ea)) << i;
  }
}

// A random valid DynamoDB number as text, often sharing digits and exponents.
std::string RandomNumberText(std::mt19937_64& rng) {
  static const char* kSpecial[] = {"0",   "1",    "1.5", "15",  "-1",   "-1.5", "-15",  "10",
                                   "0.1", "0.15", "-10", "150", "1.05", "-150", "-0.1", "105"};
  if (rng() % 8 == 0) return kSpecial[rng() % std::size(kSpecial)];
  const bool narrow = rng() % 2 == 0;
  std::string text = rng() % 2 ? "-" : "";
  const size_t digits = narrow ? 1 + rng() % 4 : 1 + rng() % 38;
  text.push_back(static_cast<char>('1' + rng() % 9));
  text.push_back('.');
  for (size_t i = 1; i < digits; ++i) {
    text.push_back(narrow ? "0159"[rng() % 4] : static_cast<char>('0' + rng() % 10));
  }
  // value = d.ddd * 10^e with e in [-130, 125]: always within DynamoDB's range.
  const int exponent =
      narrow ? static_cast<int>(rng() % 7) - 3 : static_cast<int>(rng() % 256) - 130;
  return text + "E" + std::to_string(exponent);
}

TEST(KeyCodecTest, NumberOrderMatchesNumericOrder) {
  std::mt19937_64 rng(2024);
  for (int i = 0; i < 50000; ++i) {
    auto a = Number::Parse(RandomNumberText(rng));
    auto b = Number::Parse(RandomNumberText(rng));
    ASSERT_TRUE(a.ok() && b.ok());
    const int expected = Sign(*a <=> *b);
    const AttributeValue va = AttributeValue::NumberText(a->ToString());
    const AttributeValue vb = AttributeValue::NumberText(b->ToString());
    for (bool last : {false, true}) {
      ASSERT_EQ(Compare(Enc(va, last), Enc(vb, last)), expected)
          << a->ToString() << " vs " << b->ToString();
    }
  }
}

TEST(KeyCodecTest, NumberGoldenOrder) {
  const char* sorted[] = {"-1E+125", "-150",    "-15", "-10",    "-1.5", "-1.05", "-1", "-0.15",
                          "-0.1",    "-1E-130", "0",   "1E-130", "0.1",  "0.15",  "1",  "1.05",
                          "1.5",     "10",      "15",  "105",    "150",  "1E+125"};
  for (size_t i = 0; i + 1 < std::size(sorted); ++i) {
    EXPECT_LT(Enc(Num(sorted[i]), false), Enc(Num(sorted[i + 1]), false))
        << sorted[i] << " < " << sorted[i + 1];
  }
}

TEST(KeyCodecTest, NumberEncodingIsPrefixFree) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 5000; ++i) {
    const AttributeValue a = Num(RandomNumberText(rng));
    const AttributeValue b = Num(RandomNumberText(rng));
    if (a == b) continue;
    const std::string ea = Enc(a, false), eb = Enc(b, false);
    const size_t n = std::min(ea.size(), eb.size());
    EXPECT_NE(ea.substr(0, n), eb.substr(0, n)) << a.scalar << " vs " << b.scalar;
  }
}

TEST(KeyCodecTest, TableKeysOfOnePartitionSortBySortKey) {
  std::mt19937_64 rng(11);
  const AttributeValue partitions[] = {AttributeValue::String(Bytes({'p', 0x00, 0xFF})),
                                       Num("-1.5"), AttributeValue::Binary("")};
  for (const AttributeValue& pk : partitions) {
    const std::string prefix = PartitionPrefix(pk);
    for (int i = 0; i < 3000; ++i) {
      const std::string a = RandomBytes(rng, 5), b = RandomBytes(rng, 5);
      const AttributeValue sa = AttributeValue::String(a), sb = AttributeValue::String(b);
      const std::string ka = TableKey(pk, &sa), kb = TableKey(pk, &sb);
      EXPECT_EQ(Compare(ka, kb), Compare(a, b));
      EXPECT_EQ(ka.compare(0, prefix.size(), prefix), 0);

      auto na = Number::Parse(RandomNumberText(rng));
      auto nb = Number::Parse(RandomNumberText(rng));
      ASSERT_TRUE(na.ok() && nb.ok());
      const AttributeValue va = AttributeValue::NumberText(na->ToString());
      const AttributeValue vb = AttributeValue::NumberText(nb->ToString());
      EXPECT_EQ(Compare(TableKey(pk, &va), TableKey(pk, &vb)), Sign(*na <=> *nb));
    }
  }
}

TEST(KeyCodecTest, SortedKeysKeepPartitionsContiguous) {
  // Items of one partition key are adjacent in key order, whatever their sort keys.
  std::mt19937_64 rng(3);
  std::vector<std::pair<std::string, std::string>> keys;  // (table key, partition)
  for (int i = 0; i < 2000; ++i) {
    const std::string p = RandomBytes(rng, 2);
    const AttributeValue pk = AttributeValue::String(p);
    const AttributeValue sk = AttributeValue::String(RandomBytes(rng, 4));
    keys.emplace_back(TableKey(pk, &sk), p);
  }
  std::sort(keys.begin(), keys.end());
  std::vector<std::string> seen;
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i > 0 && keys[i].second == keys[i - 1].second) continue;
    EXPECT_EQ(std::find(seen.begin(), seen.end(), keys[i].second), seen.end()) << "partition split";
    seen.push_back(keys[i].second);
  }
}

TEST(KeyCodecTest, IndexKeysOrderByIndexSortKeyThenTableKey) {
  // Entries of one index partition sort by the index sort key, whatever the table keys
  // that follow it (shorter strings first), and equal index keys by the table key.
  std::mt19937_64 rng(5);
  const AttributeValue gpk = AttributeValue::String("ORDER");
  std::vector<std::pair<std::string, std::pair<std::string, std::string>>> keys;
  for (int i = 0; i < 2000; ++i) {
    const std::string gsk = RandomBytes(rng, 3);
    const AttributeValue gsk_value = AttributeValue::String(gsk);
    const std::string table_key = TableKey(AttributeValue::String(RandomBytes(rng, 4)), nullptr);
    keys.push_back({key_codec::IndexKey(gpk, &gsk_value, table_key), {gsk, table_key}});
  }
  std::sort(keys.begin(), keys.end());
  for (size_t i = 1; i < keys.size(); ++i) {
    EXPECT_LE(keys[i - 1].second, keys[i].second);
  }
}

TEST(KeyCodecTest, EncodedValueLengthFindsTheEndOfEachForm) {
  for (const auto& v : {AttributeValue::String(std::string("a\0b", 3)),
                        AttributeValue::String("xyz"), AttributeValue::Binary(std::string(1, '\0')),
                        Num("0"), Num("-12.5"), Num("1E+100"), Num("-0.000001")}) {
    const std::string encoded = Enc(v, /*last=*/false);
    const AttributeType type = v.type;
    EXPECT_EQ(key_codec::EncodedValueLength(encoded + "tail", type), encoded.size());
    EXPECT_EQ(key_codec::EncodedValueLength(encoded.substr(0, encoded.size() - 1), type),
              std::string_view::npos);
  }
}

TEST(KeyCodecTest, HashBoundIsTheBigEndianHashAndBoundsItsKeys) {
  EXPECT_EQ(key_codec::HashBound(0), std::string(8, '\0'));
  EXPECT_EQ(key_codec::HashBound(0x0102030405060708ULL), BigEndian(0x0102030405060708ULL));
  const std::string key = TableKey(AttributeValue::String("p"), nullptr);
  const uint64_t hash = HashOfKey(key);
  EXPECT_EQ(HashOfKey(key_codec::HashBound(hash)), hash);
  // Every key of a hash lies in [HashBound(hash), HashBound(hash + 1)).
  EXPECT_LE(key_codec::HashBound(hash), key);
  if (hash != UINT64_MAX) {
    EXPECT_LT(key, key_codec::HashBound(hash + 1));
  }
}

TEST(KeyCodecTest, PrefixSuccessorIsTheFirstStringPastEveryExtension) {
  EXPECT_EQ(key_codec::PrefixSuccessor("abc"), "abd");
  EXPECT_EQ(key_codec::PrefixSuccessor(Bytes({'a', 0xFF})), "b");
  EXPECT_EQ(key_codec::PrefixSuccessor(Bytes({'a', 0xFE, 0xFF, 0xFF})), Bytes({'a', 0xFF}));
  EXPECT_EQ(key_codec::PrefixSuccessor(Bytes({0x00})), Bytes({0x01}));
  // No string is past every extension of these: no upper bound.
  EXPECT_EQ(key_codec::PrefixSuccessor(""), "");
  EXPECT_EQ(key_codec::PrefixSuccessor(Bytes({0xFF, 0xFF})), "");
  for (const std::string& prefix : {std::string("ab"), Bytes({'a', 0xFF}), Bytes({0x7F, 0xFF})}) {
    const std::string next = key_codec::PrefixSuccessor(prefix);
    for (const std::string& tail : {std::string(), Bytes({0x00}), Bytes({0xFF, 0xFF, 0xFF})}) {
      EXPECT_LT(Compare(prefix + tail, next), 0);
    }
    EXPECT_GT(Compare(next, prefix), 0);
    EXPECT_NE(next.substr(0, prefix.size()), prefix);
  }
}

TEST(KeyCodecTest, SortKeyPrefixIsAPrefixOfTheEncodingOfEveryExtension) {
  for (bool last : {true, false}) {
    for (const auto& [prefix, value] : std::vector<std::pair<AttributeValue, AttributeValue>>{
             {AttributeValue::String("ab"), AttributeValue::String("abc")},
             {AttributeValue::String("ab"), AttributeValue::String("ab")},
             {AttributeValue::String(std::string("a\0", 2)),
              AttributeValue::String(std::string("a\0z", 3))},
             {AttributeValue::Binary(Bytes({0x01})), AttributeValue::Binary(Bytes({0x01, 0x00}))},
         }) {
      const std::string p = key_codec::SortKeyPrefix(prefix, last);
      EXPECT_EQ(Enc(value, last).substr(0, p.size()), p) << last;
    }
  }
  // The last form is the encoding itself; the other lacks only the terminator.
  EXPECT_EQ(key_codec::SortKeyPrefix(AttributeValue::String("ab"), true), "ab");
  EXPECT_EQ(key_codec::SortKeyPrefix(AttributeValue::String("ab"), false), "ab");
  EXPECT_EQ(key_codec::SortKeyPrefix(AttributeValue::String(std::string("a\0", 2)), false),
            Bytes({'a', 0x00, 0xFF}));
  // A value that does not start with the prefix does not start with its encoding.
  const std::string p = key_codec::SortKeyPrefix(AttributeValue::String("ab"), false);
  EXPECT_NE(Enc(AttributeValue::String("a"), false).substr(0, p.size()), p);
  EXPECT_NE(Enc(AttributeValue::String("ac"), false).substr(0, p.size()), p);
}

}  // namespace
}  // namespace monotable
