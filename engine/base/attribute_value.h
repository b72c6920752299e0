#pragma once
// AttributeValue: DynamoDB's ten data types, and Item, a top-level attribute map.
// Values are plain data (thread-compatible). Numbers are kept as canonical text.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"

namespace monotable {

// Do not change the numeric values: they are written to disk by item_codec.
enum class AttributeType : uint8_t {
  kS = 1,
  kN = 2,
  kB = 3,
  kBool = 4,
  kNull = 5,
  kM = 6,
  kL = 7,
  kSS = 8,
  kNS = 9,
  kBS = 10,
};

// "S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS".
std::string_view AttributeTypeName(AttributeType type);

struct AttributeValue;
using AttributeMap = std::map<std::string, AttributeValue, std::less<>>;
using AttributeList = std::vector<AttributeValue>;
using Item = AttributeMap;

struct AttributeValue {
  AttributeType type = AttributeType::kNull;
  // S: UTF-8 text; N: canonical number text; B: raw bytes.
  std::string scalar;
  bool boolean = false;          // BOOL; NULL is always true
  std::vector<std::string> set;  // SS/NS/BS members (NS canonical), insertion order
  AttributeList list;            // L
  AttributeMap map;              // M

  static AttributeValue String(std::string s);
  static AttributeValue NumberText(std::string canonical);
  static AttributeValue Binary(std::string bytes);
  static AttributeValue Bool(bool b);
  static AttributeValue Null();
  static AttributeValue ListOf(AttributeList list);
  static AttributeValue MapOf(AttributeMap map);
  // SS, NS (canonical members) or BS.
  static AttributeValue SetOf(AttributeType type, std::vector<std::string> members);

  bool is_set() const {
    return type == AttributeType::kSS || type == AttributeType::kNS || type == AttributeType::kBS;
  }
  friend bool operator==(const AttributeValue& a, const AttributeValue& b);
};

// DynamoDB's size of a value (without its name), as counted for the 400 KB item limit
// and for capacity units: strings and binaries by byte length, numbers by
// significant digits, containers with their overheads.
size_t AttributeValueSize(const AttributeValue& value);
// Sum over attributes of name bytes + value size.
size_t ItemSize(const Item& item);
// A number costs one byte per two significant digits plus one (DynamoDB's rule).
size_t NumberSize(std::string_view canonical);
// Lists and maps carry 3 bytes of overhead plus one byte per element.
inline constexpr size_t kContainerOverhead = 3;
inline constexpr size_t kElementOverhead = 1;

}  // namespace monotable
