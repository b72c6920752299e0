#pragma once
// Short names for building attribute values in tests.

#include <string>
#include <vector>

#include "engine/base/attribute_value.h"

namespace monotable::test_values {

inline AttributeValue S(std::string s) { return AttributeValue::String(std::move(s)); }
inline AttributeValue N(std::string s) { return AttributeValue::NumberText(std::move(s)); }
inline AttributeValue B(std::string s) { return AttributeValue::Binary(std::move(s)); }
inline AttributeValue List(AttributeList list) { return AttributeValue::ListOf(std::move(list)); }
inline AttributeValue Map(AttributeMap map) { return AttributeValue::MapOf(std::move(map)); }
inline AttributeValue Set(AttributeType type, std::vector<std::string> members) {
  return AttributeValue::SetOf(type, std::move(members));
}

inline std::string AllBytes() {
  std::string s;
  for (int i = 0; i < 256; ++i) s.push_back(static_cast<char>(i));
  return s;
}

// An item with every one of the ten types, nesting, and awkward values.
inline Item SampleItem() {
  return Item{
      {"s", AttributeValue::String("h\xC3\xA9llo")},
      {"empty_s", AttributeValue::String("")},
      {"n", AttributeValue::NumberText("-123.45")},
      {"b", AttributeValue::Binary(AllBytes())},
      {"empty_b", AttributeValue::Binary("")},
      {"t", AttributeValue::Bool(true)},
      {"f", AttributeValue::Bool(false)},
      {"null", AttributeValue::Null()},
      {"ss", Set(AttributeType::kSS, {"x", "", "y"})},
      {"ns", Set(AttributeType::kNS, {"1", "-0.5", "1E+3"})},
      {"bs", Set(AttributeType::kBS, {std::string("\0\1", 2), "\xFF"})},
      {"l", List({AttributeValue::String("a"), AttributeValue::Null(), List({}), Map({})})},
      {"m", Map({{"inner", Map({{"x", AttributeValue::NumberText("1")}})},
                 {"", AttributeValue::String("empty name")}})},
      {std::string("name\0with nul", 13), AttributeValue::Bool(true)},
  };
}

// Nests `leaf` inside `depth - 1` alternating maps and lists.
inline AttributeValue Nest(int depth, AttributeValue leaf) {
  AttributeValue v = std::move(leaf);
  for (int i = 1; i < depth; ++i) v = (i % 2) ? List({std::move(v)}) : Map({{"k", std::move(v)}});
  return v;
}

}  // namespace monotable::test_values
