#include "engine/format/key_codec.h"

#include "engine/base/number.h"

namespace monotable::key_codec {
namespace {

// Frozen on-disk tag values for numbers: negative < zero < positive.
constexpr char kNumberNegative = 0x01;
constexpr char kNumberZero = 0x02;
constexpr char kNumberPositive = 0x03;
// Number exponents (value = 0.d1d2.. * 10^e) lie in [-129, 126]; +129 maps to a byte.
constexpr int kExponentBias = 129;

void AppendBigEndian64(std::string* out, uint64_t v) {
  for (int shift = 56; shift >= 0; shift -= 8) out->push_back(static_cast<char>(v >> shift));
}

void AppendBytes(std::string* out, std::string_view bytes, bool last) {
  if (last) {
    out->append(bytes);
    return;
  }
  for (char c : bytes) {
    out->push_back(c);
    if (c == '\0') out->push_back('\xFF');
  }
  out->push_back('\0');
  out->push_back('\x01');
}

void AppendNumber(std::string* out, std::string_view canonical) {
  auto parsed = Number::Parse(canonical);
  // Key values were validated and canonicalised before they reach the codec.
  const Number number = parsed.ok() ? parsed.value() : Number();
  if (number.is_zero()) {
    out->push_back(kNumberZero);
    return;
  }
  const bool negative = number.is_negative();
  const auto flip = [negative](unsigned char b) {
    return static_cast<char>(negative ? 0xFF - b : b);
  };
  out->push_back(negative ? kNumberNegative : kNumberPositive);
  out->push_back(flip(static_cast<unsigned char>(number.exponent() + kExponentBias)));
  for (char d : number.digits()) out->push_back(flip(static_cast<unsigned char>(d)));
  // Terminator below (positive) or above (negative) every digit byte, so that a
  // number whose digits are a prefix of another's sorts by magnitude correctly.
  out->push_back(flip(0x00));
}

}  // namespace

uint64_t Hash64(std::string_view bytes) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

void AppendKeyValue(std::string* out, const AttributeValue& value, bool last) {
  switch (value.type) {
    case AttributeType::kN: AppendNumber(out, value.scalar); return;
    default: AppendBytes(out, value.scalar, last); return;
  }
}

std::string PartitionPrefix(const AttributeValue& partition_key) {
  std::string encoded;
  AppendKeyValue(&encoded, partition_key, /*last=*/false);
  std::string out;
  out.reserve(8 + encoded.size() + 16);
  AppendBigEndian64(&out, Hash64(encoded));
  out.append(encoded);
  return out;
}

std::string TableKey(const AttributeValue& partition_key, const AttributeValue* sort_key) {
  std::string out = PartitionPrefix(partition_key);
  if (sort_key != nullptr) AppendKeyValue(&out, *sort_key, /*last=*/true);
  return out;
}

std::string IndexKey(const AttributeValue& partition_key, const AttributeValue* sort_key,
                     std::string_view table_key) {
  std::string out = PartitionPrefix(partition_key);
  if (sort_key != nullptr) AppendKeyValue(&out, *sort_key, /*last=*/false);
  out.append(table_key);
  return out;
}

size_t EncodedValueLength(std::string_view bytes, AttributeType type) {
  constexpr size_t kNone = std::string_view::npos;
  if (type != AttributeType::kN) {
    // Escaped bytes end at the first 0x00 0x01 (a data 0x00 is followed by 0xFF).
    for (size_t i = 0; i + 1 < bytes.size(); ++i) {
      if (bytes[i] != '\0') continue;
      if (bytes[i + 1] == '\x01') return i + 2;
      ++i;  // skip the escape byte
    }
    return kNone;
  }
  if (bytes.empty()) return kNone;
  if (bytes[0] == kNumberZero) return 1;
  // Tag, exponent, digits, then the terminator: 0x00 for positives, 0xFF (its
  // inversion) for negatives; digit bytes never take either value.
  const char terminator = bytes[0] == kNumberNegative ? '\xFF' : '\0';
  for (size_t i = 2; i < bytes.size(); ++i) {
    if (bytes[i] == terminator) return i + 1;
  }
  return kNone;
}

uint64_t HashOfKey(std::string_view table_key) {
  uint64_t h = 0;
  for (size_t i = 0; i < 8 && i < table_key.size(); ++i) {
    h = (h << 8) | static_cast<unsigned char>(table_key[i]);
  }
  return h;
}

std::string HashBound(uint64_t hash) {
  std::string bound(8, '\0');
  for (int i = 0; i < 8; ++i) bound[i] = static_cast<char>(hash >> (56 - 8 * i));
  return bound;
}

std::string PrefixSuccessor(std::string prefix) {
  while (!prefix.empty() && static_cast<unsigned char>(prefix.back()) == 0xFF) prefix.pop_back();
  if (!prefix.empty())
    prefix.back() = static_cast<char>(static_cast<unsigned char>(prefix.back()) + 1);
  return prefix;
}

std::string SortKeyPrefix(const AttributeValue& prefix, bool last) {
  std::string out;
  AppendKeyValue(&out, prefix, last);
  if (!last) out.resize(out.size() - 2);  // the 0x00 0x01 terminator
  return out;
}

}  // namespace monotable::key_codec
