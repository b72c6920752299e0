#include "engine/partiql/errors.h"

namespace monotable::partiql {
namespace {

Status Plain(std::string_view a, std::string_view b = {}, std::string_view c = {}) {
  std::string message;
  message.reserve(a.size() + b.size() + c.size());
  message.append(a).append(b).append(c);
  return Status::Validation(std::move(message));
}

// True for the bytes that start a UTF-8 code point (not continuation bytes).
bool StartsCodePoint(char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }

}  // namespace

Status Malformed(std::string_view detail) { return Plain(kMalformedPrefix, detail); }

Status ExpectedToken(std::string_view token_type) {
  return Plain(kMalformedPrefix, "Expected ", token_type);
}

Status ReservedKeywordInSelectList(std::string_view keyword) {
  std::string detail = "Expected identifier or an expression but found unexpected keyword '";
  detail.append(keyword).append("' in a select list.");
  return Malformed(detail);
}

Status StarArgument(std::string_view function_name) {
  return Plain(kMalformedPrefix, function_name, "(*) is not allowed");
}

Status Refused(std::string_view message) { return Plain(message); }

Status TooDeep() { return Malformed(""); }

Status UnsupportedOperation(std::string_view ast_class) {
  return Plain("Unsupported operation: ", ast_class);
}

Status UnexpectedPathComponent(std::string_view text, uint32_t offset, uint32_t length) {
  return Plain("Unexpected path component at ", FormatLocation(text, offset, length));
}

std::string FormatLocation(std::string_view text, uint32_t offset, uint32_t length) {
  size_t line = 1;
  size_t column = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else if (StartsCodePoint(text[i])) {
      ++column;
    }
  }
  size_t characters = 0;
  for (size_t i = offset; i < offset + length && i < text.size(); ++i) {
    if (StartsCodePoint(text[i])) ++characters;
  }
  return std::to_string(line) + ":" + std::to_string(column) + ":" + std::to_string(characters);
}

std::string lowering::MultipleKeyConditions(std::string_view name) {
  std::string out = "Multiple conditions on same key ";
  out.append(name);
  out.append(". Only single item Update/Insert/Delete are supported");
  return out;
}

}  // namespace monotable::partiql
