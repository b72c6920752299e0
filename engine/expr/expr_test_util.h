#pragma once
// Helpers shared by the expression tests: compact AttributeValue builders and
// shortcuts that parse with a request's placeholders.

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/expr/expression.h"

namespace monotable::expr::testing {

inline AttributeValue S(std::string s) { return AttributeValue::String(std::move(s)); }
inline AttributeValue N(std::string n) { return AttributeValue::NumberText(std::move(n)); }
inline AttributeValue B(std::string b) { return AttributeValue::Binary(std::move(b)); }
inline AttributeValue Bool(bool b) { return AttributeValue::Bool(b); }
inline AttributeValue Null() { return AttributeValue::Null(); }

inline AttributeValue Set(AttributeType type, std::initializer_list<std::string> members) {
  AttributeValue v;
  v.type = type;
  v.set.assign(members.begin(), members.end());
  return v;
}
inline AttributeValue SS(std::initializer_list<std::string> m) {
  return Set(AttributeType::kSS, m);
}
inline AttributeValue NS(std::initializer_list<std::string> m) {
  return Set(AttributeType::kNS, m);
}
inline AttributeValue BS(std::initializer_list<std::string> m) {
  return Set(AttributeType::kBS, m);
}

inline AttributeValue L(std::initializer_list<AttributeValue> items) {
  AttributeValue v;
  v.type = AttributeType::kL;
  v.list.assign(items.begin(), items.end());
  return v;
}

inline AttributeValue M(std::initializer_list<std::pair<const std::string, AttributeValue>> items) {
  AttributeValue v;
  v.type = AttributeType::kM;
  v.map = AttributeMap(items.begin(), items.end());
  return v;
}

inline Item MakeItem(std::initializer_list<std::pair<const std::string, AttributeValue>> items) {
  return Item(items.begin(), items.end());
}

// A request's placeholder maps plus the Placeholders over them.
struct Request {
  ExpressionAttributeNames names;
  ExpressionAttributeValues values;
  bool has_names = true;
  bool has_values = true;
  Placeholders placeholders{nullptr, nullptr};

  Request(ExpressionAttributeNames n = {}, ExpressionAttributeValues v = {})
      : names(std::move(n)), values(std::move(v)) {
    placeholders = Placeholders(&names, &values);
  }
  Request(const Request&) = delete;
};

// The message of a failed result, or "" when it succeeded.
template <typename T>
std::string ErrorOf(const Result<T>& r) {
  if (r.ok()) return "";
  EXPECT_EQ(r.status().code(), ErrorCode::kValidation) << r.status().message();
  return r.status().message();
}

inline std::string ErrorOf(const Status& s) { return s.ok() ? "" : s.message(); }

}  // namespace monotable::expr::testing
