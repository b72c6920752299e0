#include "engine/expr/errors.h"

namespace monotable::expr {
namespace {

std::string Base64(std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    uint32_t v = (uint8_t(bytes[i]) << 16) | (uint8_t(bytes[i + 1]) << 8) | uint8_t(bytes[i + 2]);
    out += kAlphabet[v >> 18];
    out += kAlphabet[(v >> 12) & 63];
    out += kAlphabet[(v >> 6) & 63];
    out += kAlphabet[v & 63];
  }
  if (i < bytes.size()) {
    uint32_t v = uint8_t(bytes[i]) << 16;
    if (i + 1 < bytes.size()) v |= uint8_t(bytes[i + 1]) << 8;
    out += kAlphabet[v >> 18];
    out += kAlphabet[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? kAlphabet[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

}  // namespace

Status InvalidExpression(ExpressionKind kind, std::string_view detail) {
  std::string message = "Invalid ";
  message += ExpressionKindName(kind);
  message += ": ";
  message += detail;
  return Status::Validation(std::move(message));
}

std::string FormatBoundOperand(const AttributeValue& value) {
  // "lower bound operand: AttributeValue: {N:1691691033195}" in a KeyConditionExpression
  // error pasted from DynamoDB; "{S:b}" in dynalite's deleteItem tests.
  std::string out = "AttributeValue: {";
  out += AttributeTypeName(value.type);
  out += ':';
  out += value.type == AttributeType::kB ? Base64(value.scalar) : value.scalar;
  out += '}';
  return out;
}

std::string_view UpdateOperandTypeName(AttributeType type) {
  // "Incorrect operand type for operator or function; operator: ADD, operand type:
  // STRING" (dynalite updateItem tests).
  switch (type) {
    case AttributeType::kS: return "STRING";
    case AttributeType::kN: return "NUMBER";
    case AttributeType::kB: return "BINARY";
    case AttributeType::kBool: return "BOOLEAN";
    case AttributeType::kNull: return "NULL";
    case AttributeType::kL: return "LIST";
    case AttributeType::kM: return "MAP";
    default: return AttributeTypeName(type);
  }
}

}  // namespace monotable::expr
