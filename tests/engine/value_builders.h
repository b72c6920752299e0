#pragma once
// Short names for building attribute values in tests.

#include <string>
#include <vector>

#include "engine/attribute_value.h"

namespace monotable::test_values {

inline AttributeValue S(std::string s) { return AttributeValue::String(std::move(s)); }
inline AttributeValue N(std::string s) { return AttributeValue::NumberText(std::move(s)); }
inline AttributeValue B(std::string s) { return AttributeValue::Binary(std::move(s)); }
inline AttributeValue List(AttributeList list) { return AttributeValue::ListOf(std::move(list)); }
inline AttributeValue Map(AttributeMap map) { return AttributeValue::MapOf(std::move(map)); }
inline AttributeValue Set(AttributeType type, std::vector<std::string> members) {
  return AttributeValue::SetOf(type, std::move(members));
}

}  // namespace monotable::test_values
