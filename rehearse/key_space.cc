#include "rehearse/key_space.h"

#include <algorithm>
#include <cmath>

#include "engine/base/attribute_value.h"
#include "engine/format/key_codec.h"

namespace monotable::rehearse {
namespace {

constexpr uint64_t kExactTerms = 10000;

// prefix + `number`, zero-padded to the distribution's digits.
std::string KeyName(const KeyDistribution& d, uint64_t number) {
  std::string digits = std::to_string(number);
  if (digits.size() < static_cast<size_t>(d.digits)) {
    digits.insert(0, static_cast<size_t>(d.digits) - digits.size(), '0');
  }
  return d.prefix + digits;
}

// Adds `key` of share `weight` as slots: one per shard ("key#0".."key#N-1"), each an
// equal part, as seed 004's writers pick a random suffix.
void AddKey(KeySpace* space, const std::string& key, double weight, uint32_t shards) {
  if (shards <= 1) {
    space->slots.push_back({key, StringKeyHash(key), weight, {}});
    return;
  }
  for (uint32_t i = 0; i < shards; ++i) {
    std::string sharded = key + "#" + std::to_string(i);
    const uint64_t hash = StringKeyHash(sharded);
    space->slots.push_back({std::move(sharded), hash, weight / shards, {}});
  }
}

// `count` keys of equal share `total`: slots when few, else spread.
void AddUniform(KeySpace* space, const KeyDistribution& d, uint64_t first, double total) {
  if (d.count <= kMaxSlotKeys) {
    for (uint64_t i = 0; i < d.count; ++i) {
      AddKey(space, KeyName(d, first + i), total / static_cast<double>(d.count), d.shards);
    }
  } else {
    space->spread += total;
  }
}

}  // namespace

uint64_t StringKeyHash(std::string_view key) {
  std::string encoded;
  key_codec::AppendKeyValue(&encoded, AttributeValue::String(std::string(key)), /*last=*/false);
  return key_codec::Hash64(encoded);
}

double Harmonic(uint64_t n, double s) {
  double sum = 0;
  const uint64_t exact = std::min(n, kExactTerms);
  for (uint64_t i = 1; i <= exact; ++i) sum += std::pow(static_cast<double>(i), -s);
  if (n > exact) {
    // Sum over (exact, n] of i^-s ~ integral from exact + 1/2 to n + 1/2 of x^-s.
    const double a = static_cast<double>(exact) + 0.5;
    const double b = static_cast<double>(n) + 0.5;
    sum += s == 1.0 ? std::log(b / a) : (std::pow(b, 1 - s) - std::pow(a, 1 - s)) / (1 - s);
  }
  return sum;
}

KeySpace MakeKeySpace(const KeyDistribution& d, int64_t second) {
  KeySpace space;
  space.sort = d.sort_keys;
  switch (d.kind) {
    case KeyKind::kUniform: AddUniform(&space, d, 0, 1.0); break;
    case KeyKind::kHotKey:
      AddKey(&space, KeyName(d, 0), d.hot_share, d.shards);
      AddUniform(&space, d, 1, 1.0 - d.hot_share);
      break;
    case KeyKind::kZipf: {
      const double h = Harmonic(d.count, d.zipf_s);
      double in_slots = 0;
      for (uint64_t rank = 1; rank <= std::min<uint64_t>(d.count, kMaxSlotKeys); ++rank) {
        const double w = std::pow(static_cast<double>(rank), -d.zipf_s) / h;
        if (w < kMinSlotWeight && d.count > kMaxSlotKeys) break;
        AddKey(&space, KeyName(d, rank), w, d.shards);
        in_slots += w;
      }
      space.spread = std::max(0.0, 1.0 - in_slots);
      break;
    }
    case KeyKind::kTimeOrdered:
      AddKey(&space, KeyName(d, static_cast<uint64_t>(second / d.bucket_seconds)), 1.0, d.shards);
      break;
  }
  return space;
}

}  // namespace monotable::rehearse
