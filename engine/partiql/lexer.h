#pragma once
// Splits a PartiQL statement into tokens, as DynamoDB's PartiQL lexer does.
//
// Keywords (SQL-92's reserved words and PartiQL's own) are case-insensitive and come
// out in lower case; AND OR NOT IS IN BETWEEN LIKE are operators. Comments ("--" to
// the end of the line, "/* */") and whitespace are dropped. Parameters ('?') are
// numbered in order of appearance.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/status.h"

namespace monotable::partiql {

enum class TokenType : uint8_t {
  kEnd,               // end of input; always the last token
  kIdentifier,        // [A-Za-z_$][A-Za-z0-9_$]*, not a keyword; text as written
  kQuotedIdentifier,  // "..." ("" escapes a quote); text unescaped; case-sensitive
  kKeyword,           // text in lower case
  kOperator,          // = <> < <= > >= + - / % || and or not is in between like;
                      // "!=" comes out as "<>", words in lower case
  kString,            // '...' ('' escapes a quote); text unescaped
  kNumber,            // digits[.digits][e[+-]digits] or .digits...; text as written
  kStar,              // *
  kQuestionMark,      // ? (a parameter); ordinal set
  kLeftParen,
  kRightParen,
  kLeftBracket,
  kRightBracket,
  kLeftCurly,
  kRightCurly,
  kLeftDoubleAngle,   // <<
  kRightDoubleAngle,  // >>
  kComma,
  kDot,
  kColon,
  kSemicolon,
};

struct Token {
  TokenType type = TokenType::kEnd;
  uint32_t offset = 0;   // byte offset in the statement
  uint32_t length = 0;   // bytes of source text
  uint32_t ordinal = 0;  // kQuestionMark: 0-based parameter number
  std::string text;
};

struct LexResult {
  std::vector<Token> tokens;  // ends with kEnd
  uint32_t parameter_count = 0;
};

// The tokens of `text`. Errors (kValidation): "Statement wasn't well formed, can't be
// processed: " with nothing after it, as DynamoDB reports lexical errors, for a
// character outside the grammar ('#', '!', '|', '&', '`', ...), an unterminated string,
// quoted identifier or block comment, and a number whose exponent or scale does not fit
// a 32-bit integer (DynamoDB's decimals are Java BigDecimals). Thread-safe.
Result<LexResult> Lex(std::string_view text);

// True for PartiQL keywords (lower-case input), including the operator words.
bool IsKeyword(std::string_view lower);

}  // namespace monotable::partiql
