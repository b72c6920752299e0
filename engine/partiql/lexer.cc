#include "engine/partiql/lexer.h"

#include <algorithm>
#include <array>
#include <limits>

#include "engine/partiql/errors.h"

namespace monotable::partiql {
namespace {

// SQL-92's reserved words and PartiQL's additions, from partiql-lang-kotlin's
// LexerConstants (the lexer behind DynamoDB's messages: `WHERE pad = 'x'` is a syntax
// error there because PAD is a keyword). Sorted, for binary search.
constexpr std::array<std::string_view, 253> kKeywords = {"absolute",
                                                         "action",
                                                         "add",
                                                         "all",
                                                         "allocate",
                                                         "alter",
                                                         "and",
                                                         "any",
                                                         "are",
                                                         "as",
                                                         "asc",
                                                         "assertion",
                                                         "at",
                                                         "authorization",
                                                         "avg",
                                                         "bag",
                                                         "begin",
                                                         "between",
                                                         "bigint",
                                                         "bit",
                                                         "bit_length",
                                                         "blob",
                                                         "bool",
                                                         "boolean",
                                                         "by",
                                                         "can_cast",
                                                         "can_lossless_cast",
                                                         "cascade",
                                                         "cascaded",
                                                         "case",
                                                         "cast",
                                                         "catalog",
                                                         "char",
                                                         "char_length",
                                                         "character",
                                                         "character_length",
                                                         "check",
                                                         "clob",
                                                         "close",
                                                         "coalesce",
                                                         "collate",
                                                         "collation",
                                                         "column",
                                                         "commit",
                                                         "conflict",
                                                         "connect",
                                                         "connection",
                                                         "constraint",
                                                         "constraints",
                                                         "continue",
                                                         "convert",
                                                         "corresponding",
                                                         "count",
                                                         "create",
                                                         "cross",
                                                         "current",
                                                         "current_date",
                                                         "current_time",
                                                         "current_timestamp",
                                                         "current_user",
                                                         "cursor",
                                                         "date",
                                                         "date_add",
                                                         "date_diff",
                                                         "deallocate",
                                                         "dec",
                                                         "decimal",
                                                         "declare",
                                                         "default",
                                                         "deferrable",
                                                         "deferred",
                                                         "delete",
                                                         "desc",
                                                         "describe",
                                                         "descriptor",
                                                         "diagnostics",
                                                         "disconnect",
                                                         "distinct",
                                                         "do",
                                                         "domain",
                                                         "double",
                                                         "drop",
                                                         "else",
                                                         "end",
                                                         "end-exec",
                                                         "escape",
                                                         "except",
                                                         "exception",
                                                         "exec",
                                                         "execute",
                                                         "exists",
                                                         "external",
                                                         "extract",
                                                         "false",
                                                         "fetch",
                                                         "first",
                                                         "float",
                                                         "for",
                                                         "foreign",
                                                         "found",
                                                         "from",
                                                         "full",
                                                         "get",
                                                         "global",
                                                         "go",
                                                         "goto",
                                                         "grant",
                                                         "group",
                                                         "having",
                                                         "identity",
                                                         "immediate",
                                                         "in",
                                                         "index",
                                                         "indicator",
                                                         "initially",
                                                         "inner",
                                                         "input",
                                                         "insensitive",
                                                         "insert",
                                                         "int",
                                                         "int2",
                                                         "int4",
                                                         "int8",
                                                         "integer",
                                                         "integer2",
                                                         "integer4",
                                                         "integer8",
                                                         "intersect",
                                                         "interval",
                                                         "into",
                                                         "is",
                                                         "isolation",
                                                         "join",
                                                         "key",
                                                         "language",
                                                         "last",
                                                         "left",
                                                         "let",
                                                         "level",
                                                         "like",
                                                         "limit",
                                                         "list",
                                                         "local",
                                                         "lower",
                                                         "match",
                                                         "max",
                                                         "min",
                                                         "missing",
                                                         "modified",
                                                         "module",
                                                         "names",
                                                         "national",
                                                         "natural",
                                                         "nchar",
                                                         "new",
                                                         "next",
                                                         "no",
                                                         "not",
                                                         "nothing",
                                                         "null",
                                                         "nullif",
                                                         "numeric",
                                                         "octet_length",
                                                         "of",
                                                         "offset",
                                                         "old",
                                                         "on",
                                                         "only",
                                                         "open",
                                                         "option",
                                                         "or",
                                                         "order",
                                                         "outer",
                                                         "output",
                                                         "overlaps",
                                                         "pad",
                                                         "partial",
                                                         "pivot",
                                                         "position",
                                                         "precision",
                                                         "prepare",
                                                         "preserve",
                                                         "primary",
                                                         "prior",
                                                         "privileges",
                                                         "procedure",
                                                         "public",
                                                         "read",
                                                         "real",
                                                         "references",
                                                         "relative",
                                                         "remove",
                                                         "restrict",
                                                         "returning",
                                                         "revoke",
                                                         "right",
                                                         "rollback",
                                                         "rows",
                                                         "schema",
                                                         "scroll",
                                                         "section",
                                                         "select",
                                                         "session",
                                                         "session_user",
                                                         "set",
                                                         "sexp",
                                                         "size",
                                                         "smallint",
                                                         "some",
                                                         "space",
                                                         "sql",
                                                         "sqlcode",
                                                         "sqlerror",
                                                         "sqlstate",
                                                         "string",
                                                         "struct",
                                                         "substring",
                                                         "sum",
                                                         "symbol",
                                                         "system_user",
                                                         "table",
                                                         "temporary",
                                                         "then",
                                                         "time",
                                                         "timestamp",
                                                         "to",
                                                         "transaction",
                                                         "translate",
                                                         "translation",
                                                         "trim",
                                                         "true",
                                                         "tuple",
                                                         "union",
                                                         "unique",
                                                         "unknown",
                                                         "unpivot",
                                                         "update",
                                                         "upper",
                                                         "usage",
                                                         "user",
                                                         "using",
                                                         "value",
                                                         "values",
                                                         "varchar",
                                                         "varying",
                                                         "view",
                                                         "when",
                                                         "whenever",
                                                         "where",
                                                         "with",
                                                         "work",
                                                         "write",
                                                         "zone"};

// Keywords the lexer reports as operators: DynamoDB says "Unexpected operator" (not
// "Unexpected keyword") for `WHERE IS NULL`.
constexpr std::array<std::string_view, 7> kOperatorWords = {"and",  "between", "in", "is",
                                                            "like", "not",     "or"};

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsIdentifierStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}
bool IsIdentifierPart(char c) { return IsIdentifierStart(c) || IsDigit(c); }
bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  Result<LexResult> Run() {
    while (true) {
      if (!SkipSpaceAndComments()) return Malformed("");
      if (pos_ >= text_.size()) break;
      if (!LexToken()) return Malformed("");
    }
    Add(TokenType::kEnd, pos_, "");
    result_.parameter_count = parameters_;
    return std::move(result_);
  }

 private:
  bool AtPair(char a, char b) const {
    return pos_ + 1 < text_.size() && text_[pos_] == a && text_[pos_ + 1] == b;
  }

  // False for an unterminated block comment.
  bool SkipSpaceAndComments() {
    while (pos_ < text_.size()) {
      if (IsSpace(text_[pos_])) {
        ++pos_;
      } else if (AtPair('-', '-')) {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (AtPair('/', '*')) {
        size_t end = text_.find("*/", pos_ + 2);
        if (end == std::string_view::npos) return false;
        pos_ = end + 2;
      } else {
        break;
      }
    }
    return true;
  }

  void Add(TokenType type, size_t start, std::string text) {
    Token token;
    token.type = type;
    token.offset = static_cast<uint32_t>(start);
    token.length = static_cast<uint32_t>(pos_ - start);
    token.text = std::move(text);
    if (type == TokenType::kQuestionMark) token.ordinal = parameters_++;
    result_.tokens.push_back(std::move(token));
  }

  bool LexToken() {
    const size_t start = pos_;
    const char c = text_[pos_];
    if (IsIdentifierStart(c)) return LexWord();
    if (IsDigit(c) || (c == '.' && pos_ + 1 < text_.size() && IsDigit(text_[pos_ + 1]))) {
      return LexNumber();
    }
    if (c == '\'' || c == '"') return LexQuoted(c);
    // Two-character symbols first.
    static constexpr std::array<std::pair<std::string_view, TokenType>, 7> kPairs = {{
        {"<<", TokenType::kLeftDoubleAngle},
        {">>", TokenType::kRightDoubleAngle},
        {"<=", TokenType::kOperator},
        {">=", TokenType::kOperator},
        {"<>", TokenType::kOperator},
        {"!=", TokenType::kOperator},
        {"||", TokenType::kOperator},
    }};
    for (const auto& [symbol, type] : kPairs) {
      if (text_.substr(pos_, 2) == symbol) {
        pos_ += 2;
        Add(type, start, symbol == "!=" ? "<>" : std::string(symbol));
        return true;
      }
    }
    TokenType type;
    switch (c) {
      case '=':
      case '<':
      case '>':
      case '+':
      case '-':
      case '/':
      case '%': type = TokenType::kOperator; break;
      case '*': type = TokenType::kStar; break;
      case '?': type = TokenType::kQuestionMark; break;
      case '(': type = TokenType::kLeftParen; break;
      case ')': type = TokenType::kRightParen; break;
      case '[': type = TokenType::kLeftBracket; break;
      case ']': type = TokenType::kRightBracket; break;
      case '{': type = TokenType::kLeftCurly; break;
      case '}': type = TokenType::kRightCurly; break;
      case ',': type = TokenType::kComma; break;
      case '.': type = TokenType::kDot; break;
      case ':': type = TokenType::kColon; break;
      case ';': type = TokenType::kSemicolon; break;
      default: return false;  // '#', '!', '|', '&', '`', '@', non-ASCII, ...
    }
    ++pos_;
    Add(type, start, std::string(1, c));
    return true;
  }

  bool LexWord() {
    const size_t start = pos_;
    while (pos_ < text_.size() && IsIdentifierPart(text_[pos_])) ++pos_;
    std::string word(text_.substr(start, pos_ - start));
    std::string lower = word;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](char ch) { return (ch >= 'A' && ch <= 'Z') ? char(ch - 'A' + 'a') : ch; });
    if (std::find(kOperatorWords.begin(), kOperatorWords.end(), lower) != kOperatorWords.end()) {
      Add(TokenType::kOperator, start, std::move(lower));
    } else if (IsKeyword(lower)) {
      Add(TokenType::kKeyword, start, std::move(lower));
    } else {
      Add(TokenType::kIdentifier, start, std::move(word));
    }
    return true;
  }

  size_t Digits() {
    size_t begin = pos_;
    while (pos_ < text_.size() && IsDigit(text_[pos_])) ++pos_;
    return pos_ - begin;
  }

  // The exponent and the scale (fraction digits less the exponent) must fit a 32-bit
  // integer, as in a Java BigDecimal; DynamoDB refuses 1e2147483648 and 1.5e-2147483647
  // as lexical errors. Range and precision are the engine's to check on conversion.
  bool LexNumber() {
    const size_t start = pos_;
    Digits();
    int64_t fraction_digits = 0;
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      fraction_digits = static_cast<int64_t>(Digits());
    }
    // An 'e' not followed by digits is not part of the number (`1 e5` and `1e` leave an
    // identifier behind, which the parser reports).
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      size_t p = pos_ + 1;
      bool negative = false;
      if (p < text_.size() && (text_[p] == '+' || text_[p] == '-')) negative = text_[p++] == '-';
      if (p < text_.size() && IsDigit(text_[p])) {
        constexpr int64_t kCap = int64_t{1} << 40;  // saturate: beyond int32 anyway
        int64_t exponent = 0;
        while (p < text_.size() && IsDigit(text_[p])) {
          exponent = std::min(kCap, exponent * 10 + (text_[p++] - '0'));
        }
        if (negative) exponent = -exponent;
        constexpr int64_t kMin = std::numeric_limits<int32_t>::min();
        constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
        if (exponent < kMin || exponent > kMax) return false;
        int64_t scale = fraction_digits - exponent;
        if (scale < kMin || scale > kMax) return false;
        pos_ = p;
      }
    }
    Add(TokenType::kNumber, start, std::string(text_.substr(start, pos_ - start)));
    return true;
  }

  // 'string' or "identifier"; the quote doubled stands for itself.
  bool LexQuoted(char quote) {
    const size_t start = pos_++;
    std::string value;
    while (true) {
      if (pos_ >= text_.size()) return false;
      char c = text_[pos_++];
      if (c == quote) {
        if (pos_ < text_.size() && text_[pos_] == quote) {
          value.push_back(quote);
          ++pos_;
          continue;
        }
        break;
      }
      value.push_back(c);
    }
    Add(quote == '\'' ? TokenType::kString : TokenType::kQuotedIdentifier, start, std::move(value));
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
  uint32_t parameters_ = 0;
  LexResult result_;
};

}  // namespace

bool IsKeyword(std::string_view lower) {
  return std::binary_search(kKeywords.begin(), kKeywords.end(), lower);
}

Result<LexResult> Lex(std::string_view text) { return Lexer(text).Run(); }

}  // namespace monotable::partiql
