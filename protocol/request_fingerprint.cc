#include "protocol/request_fingerprint.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace monotable::protocol {
namespace {

// Two independent 64-bit FNV-1a streams (different offset bases) over the canonical
// form, so that a collision needs both to collide.
class Hasher {
 public:
  void Add(std::string_view bytes) {
    for (unsigned char c : bytes) {
      a_ = (a_ ^ c) * kPrime;
      b_ = (b_ ^ static_cast<unsigned char>(c + 0x5B)) * kPrime;
    }
  }
  std::string Digest() const {
    std::string out(16, '\0');
    for (int i = 0; i < 8; ++i) {
      out[i] = static_cast<char>(a_ >> (8 * i));
      out[8 + i] = static_cast<char>(b_ >> (8 * i));
    }
    return out;
  }

 private:
  static constexpr uint64_t kPrime = 0x100000001B3ULL;
  uint64_t a_ = 0xCBF29CE484222325ULL;
  uint64_t b_ = 0x84222325CBF29CE4ULL;
};

void AddCanonical(Hasher& h, JsonElement value);

// Feeds the members (but `excluded`) sorted by name, each name preceded by its length.
void AddMembers(Hasher& h, JsonObject object, std::optional<std::string_view> excluded) {
  std::vector<std::pair<std::string_view, JsonElement>> members;
  for (auto [key, member] : object) {
    if (key != excluded) members.emplace_back(key, member);
  }
  std::sort(members.begin(), members.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  for (const auto& [key, member] : members) {
    h.Add(std::to_string(key.size()));
    h.Add(":");
    h.Add(key);
    AddCanonical(h, member);
  }
}

// Feeds the value with object members sorted; scalars as minified JSON, so two
// different values cannot feed the same bytes.
void AddCanonical(Hasher& h, JsonElement value) {
  if (value.type() == simdjson::dom::element_type::ARRAY) {
    h.Add("[");
    for (JsonElement element : JsonArray(value)) {
      AddCanonical(h, element);
      h.Add(",");
    }
    h.Add("]");
  } else if (value.type() == simdjson::dom::element_type::OBJECT) {
    h.Add("{");
    AddMembers(h, JsonObject(value), std::nullopt);
    h.Add("}");
  } else {
    h.Add(simdjson::minify(value));
  }
}

}  // namespace

std::string RequestFingerprint(JsonObject request, std::string_view excluded) {
  Hasher h;
  AddMembers(h, request, excluded);
  return h.Digest();
}

}  // namespace monotable::protocol
