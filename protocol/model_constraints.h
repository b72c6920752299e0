#pragma once
// The member constraints of DynamoDB's and DynamoDB Streams' operations as their service
// models state them: required members, lengths, numeric ranges, patterns and enums,
// nested through structures, lists and maps. The table is generated
// (protocol/model_constraints_table.cc, by tools/gen_model_constraints.py, which also
// holds what the model cannot tell: DynamoDB's own order of members and enum values).
// Constant data: thread-safe.

#include <cstdint>
#include <span>
#include <string_view>

namespace monotable::protocol::model {

enum class Kind : uint8_t {
  kString,
  kBlob,
  kInteger,
  kLong,
  kDouble,
  kTimestamp,
  kBoolean,
  kStructure,
  kList,
  kMap,
  kOpaque,  // left to the operation's decoder (attribute values)
};

// The model's patterns, each matched by hand-written code (model_validation.cc): the
// generator refuses a pattern it has no matcher for.
enum class Pattern : uint8_t {
  kNone,
  kNameCharacters,  // [a-zA-Z0-9_.-]+
  kNoDollar,        // ^[^\$]+$
  kS3Bucket,        // ^[a-z0-9A-Z]+[\.\-\w]*[a-z0-9A-Z]+$
  kTwelveDigits,    // [0-9]{12}
  kCsvDelimiter,    // [,;:|\t ]
  kCsvHeader,       // [\x20-\x21\x23-\x2B\x2D-\x7E]*
  kHexBlocks,       // ([0-9a-f]{16})+
  kXmlCharacters,   // any character XML allows
  kPrintable,       // \p{Print}+
};

struct Member {
  std::string_view name;  // as in the JSON body; DynamoDB's paths lower its first letter
  uint16_t shape;
  bool required;
};

struct Shape {
  Kind kind;
  bool has_min;
  int64_t min;  // length (string, list, map) or value (numbers)
  bool has_max;
  int64_t max;
  Pattern pattern;
  std::string_view pattern_text;        // as DynamoDB quotes it
  uint16_t enum_first, enum_count;      // into Model::enum_values, in DynamoDB's order
  uint16_t member_first, member_count;  // structures: into Model::members, in order
  uint16_t element;                     // lists: the member's shape; maps: the value's
  uint16_t key;                         // maps: the key's shape
};

struct Operation {
  std::string_view name;  // Streams operations with their "DynamoDBStreams_20120810." prefix
  uint16_t input;
};

struct Model {
  std::span<const std::string_view> enum_values;
  std::span<const Member> members;
  std::span<const Shape> shapes;
  std::span<const Operation> operations;  // sorted by name
  std::string_view source;                // the botocore version it was generated from
};

const Model& Generated();

}  // namespace monotable::protocol::model
