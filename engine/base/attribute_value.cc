#include "engine/base/attribute_value.h"

#include <algorithm>

namespace monotable {

std::string_view AttributeTypeName(AttributeType type) {
  switch (type) {
    case AttributeType::kS: return "S";
    case AttributeType::kN: return "N";
    case AttributeType::kB: return "B";
    case AttributeType::kBool: return "BOOL";
    case AttributeType::kNull: return "NULL";
    case AttributeType::kM: return "M";
    case AttributeType::kL: return "L";
    case AttributeType::kSS: return "SS";
    case AttributeType::kNS: return "NS";
    case AttributeType::kBS: return "BS";
  }
  return "?";
}

AttributeValue AttributeValue::String(std::string s) {
  AttributeValue v;
  v.type = AttributeType::kS;
  v.scalar = std::move(s);
  return v;
}

AttributeValue AttributeValue::NumberText(std::string canonical) {
  AttributeValue v;
  v.type = AttributeType::kN;
  v.scalar = std::move(canonical);
  return v;
}

AttributeValue AttributeValue::Binary(std::string bytes) {
  AttributeValue v;
  v.type = AttributeType::kB;
  v.scalar = std::move(bytes);
  return v;
}

AttributeValue AttributeValue::Bool(bool b) {
  AttributeValue v;
  v.type = AttributeType::kBool;
  v.boolean = b;
  return v;
}

AttributeValue AttributeValue::Null() {
  AttributeValue v;
  v.type = AttributeType::kNull;
  v.boolean = true;
  return v;
}

AttributeValue AttributeValue::ListOf(AttributeList list) {
  AttributeValue v;
  v.type = AttributeType::kL;
  v.list = std::move(list);
  return v;
}

AttributeValue AttributeValue::MapOf(AttributeMap map) {
  AttributeValue v;
  v.type = AttributeType::kM;
  v.map = std::move(map);
  return v;
}

AttributeValue AttributeValue::SetOf(AttributeType type, std::vector<std::string> members) {
  AttributeValue v;
  v.type = type;
  v.set = std::move(members);
  return v;
}

bool operator==(const AttributeValue& a, const AttributeValue& b) {
  if (a.type != b.type) return false;
  switch (a.type) {
    case AttributeType::kS:
    case AttributeType::kN:
    case AttributeType::kB: return a.scalar == b.scalar;
    case AttributeType::kBool: return a.boolean == b.boolean;
    case AttributeType::kNull: return true;
    case AttributeType::kM: return a.map == b.map;
    case AttributeType::kL: return a.list == b.list;
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS: {
      // Sets are unordered; members are unique and (for NS) canonical.
      if (a.set.size() != b.set.size()) return false;
      return std::is_permutation(a.set.begin(), a.set.end(), b.set.begin());
    }
  }
  return false;
}

size_t NumberSize(std::string_view canonical) {
  size_t digits = 0;
  bool leading = true;
  size_t trailing_zeros = 0;
  for (char c : canonical) {
    if (c < '0' || c > '9') continue;
    if (leading && c == '0') continue;
    leading = false;
    ++digits;
    trailing_zeros = (c == '0') ? trailing_zeros + 1 : 0;
  }
  digits -= trailing_zeros;
  return (digits + 1) / 2 + 1;
}

size_t AttributeValueSize(const AttributeValue& value) {
  switch (value.type) {
    case AttributeType::kS:
    case AttributeType::kB: return value.scalar.size();
    case AttributeType::kN: return NumberSize(value.scalar);
    case AttributeType::kBool:
    case AttributeType::kNull: return 1;
    case AttributeType::kSS:
    case AttributeType::kBS: {
      size_t size = 0;
      for (const auto& m : value.set) size += m.size();
      return size;
    }
    case AttributeType::kNS: {
      size_t size = 0;
      for (const auto& m : value.set) size += NumberSize(m);
      return size;
    }
    case AttributeType::kL: {
      size_t size = kContainerOverhead;
      for (const auto& e : value.list) size += AttributeValueSize(e) + kElementOverhead;
      return size;
    }
    case AttributeType::kM: {
      size_t size = kContainerOverhead;
      for (const auto& [name, e] : value.map) {
        size += name.size() + AttributeValueSize(e) + kElementOverhead;
      }
      return size;
    }
  }
  return 0;
}

size_t ItemSize(const Item& item) {
  size_t size = 0;
  for (const auto& [name, value] : item) size += name.size() + AttributeValueSize(value);
  return size;
}

}  // namespace monotable
