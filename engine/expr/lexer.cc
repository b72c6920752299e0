#include "engine/expr/lexer.h"

namespace monotable::expr {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsWordChar(char c) { return IsAlpha(c) || IsDigit(c); }

// Bytes in the UTF-8 sequence that starts with `lead`; 1 for stray bytes, so that a
// malformed sequence still advances.
size_t Utf8Length(unsigned char lead) {
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  if (lead >= 0xE0) return lead <= 0xEF ? 3 : 1;
  if (lead >= 0xC2) return 2;
  return 1;
}

}  // namespace

std::vector<Token> Lex(std::string_view text) {
  std::vector<Token> tokens;
  tokens.reserve(text.size() / 3 + 2);
  const size_t n = text.size();
  size_t i = 0;
  while (true) {
    while (i < n && IsSpace(text[i])) ++i;
    if (i == n) break;
    const size_t start = i;
    const char c = text[i];
    TokenType type;
    if (IsAlpha(c)) {
      type = TokenType::kIdentifier;
      while (i < n && IsWordChar(text[i])) ++i;
    } else if (IsDigit(c)) {
      type = TokenType::kNumber;
      while (i < n && IsDigit(text[i])) ++i;
    } else if ((c == '#' || c == ':') && i + 1 < n && IsWordChar(text[i + 1])) {
      type = c == '#' ? TokenType::kNamePlaceholder : TokenType::kValuePlaceholder;
      ++i;
      while (i < n && IsWordChar(text[i])) ++i;
    } else if (c == '<') {
      type = TokenType::kPunct;
      ++i;
      if (i < n && (text[i] == '=' || text[i] == '>')) ++i;
    } else if (c == '>') {
      type = TokenType::kPunct;
      ++i;
      if (i < n && text[i] == '=') ++i;
    } else if (c == '(' || c == ')' || c == '[' || c == ']' || c == ',' || c == '.' || c == '=' ||
               c == '+' || c == '-') {
      type = TokenType::kPunct;
      ++i;
    } else {
      type = TokenType::kOther;
      i += Utf8Length(static_cast<unsigned char>(c));
      if (i > n) i = n;
    }
    tokens.push_back({type, static_cast<uint32_t>(start), static_cast<uint32_t>(i - start)});
  }
  tokens.push_back({TokenType::kEnd, static_cast<uint32_t>(n), 0});
  return tokens;
}

}  // namespace monotable::expr
