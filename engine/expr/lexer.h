#pragma once
// Splits expression text into tokens. Never fails: a character the grammar has no use
// for becomes a kOther token, which the parser then reports as DynamoDB does
// (Syntax error; token: "!", near: "a !b").

#include <cstdint>
#include <string_view>
#include <vector>

namespace monotable::expr {

enum class TokenType : uint8_t {
  kEnd,               // end of input, reported as "<EOF>"
  kIdentifier,        // [A-Za-z_][A-Za-z0-9_]*: names, keywords, function names
  kNamePlaceholder,   // #[A-Za-z0-9_]+
  kValuePlaceholder,  // :[A-Za-z0-9_]+
  kNumber,            // [0-9]+ (list indexes)
  kPunct,             // ( ) [ ] , . = <> < <= > >= + -
  kOther,             // anything else, one UTF-8 character ('#' or ':' alone too)
};

struct Token {
  TokenType type = TokenType::kEnd;
  uint32_t offset = 0;  // in the text
  uint32_t length = 0;
};

// The tokens of `text`, always ending with one kEnd token. Whitespace (space, tab,
// CR, LF) separates tokens and is dropped.
std::vector<Token> Lex(std::string_view text);

inline std::string_view TokenText(std::string_view text, const Token& token) {
  return text.substr(token.offset, token.length);
}

}  // namespace monotable::expr
