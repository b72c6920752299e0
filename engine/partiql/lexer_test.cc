#include "engine/partiql/lexer.h"

#include <gtest/gtest.h>

#include "engine/partiql/errors.h"

namespace monotable::partiql {
namespace {

std::vector<Token> Tokens(std::string_view text) {
  auto lexed = Lex(text);
  EXPECT_TRUE(lexed.ok()) << text << " -> " << lexed.status().message();
  return lexed.ok() ? lexed->tokens : std::vector<Token>{};
}

// "type:text" per token, the end token left out.
std::vector<std::string> Shapes(std::string_view text) {
  std::vector<std::string> out;
  for (const Token& t : Tokens(text)) {
    if (t.type == TokenType::kEnd) break;
    out.push_back(std::to_string(static_cast<int>(t.type)) + ":" + t.text);
  }
  return out;
}

std::string Shape(TokenType type, const std::string& text) {
  return std::to_string(static_cast<int>(type)) + ":" + text;
}

TEST(PartiqlLexer, KeywordsAreCaseInsensitiveAndLowered) {
  EXPECT_EQ(Shapes("SeLeCt FROM where"),
            (std::vector<std::string>{Shape(TokenType::kKeyword, "select"),
                                      Shape(TokenType::kKeyword, "from"),
                                      Shape(TokenType::kKeyword, "where")}));
}

TEST(PartiqlLexer, OperatorWordsAreOperators) {
  for (std::string_view word : {"AND", "or", "Not", "IS", "in", "BETWEEN", "like"}) {
    auto tokens = Tokens(word);
    ASSERT_EQ(tokens.size(), 2u);
    EXPECT_EQ(tokens[0].type, TokenType::kOperator) << word;
  }
}

TEST(PartiqlLexer, IdentifiersKeepTheirCase) {
  EXPECT_EQ(Shapes("Artist _x $y a1"),
            (std::vector<std::string>{
                Shape(TokenType::kIdentifier, "Artist"), Shape(TokenType::kIdentifier, "_x"),
                Shape(TokenType::kIdentifier, "$y"), Shape(TokenType::kIdentifier, "a1")}));
}

TEST(PartiqlLexer, QuotedIdentifiersAndStringsUnescapeDoubledQuotes) {
  EXPECT_EQ(
      Shapes(R"("My ""Table""" 'it''s' '' "select")"),
      (std::vector<std::string>{Shape(TokenType::kQuotedIdentifier, "My \"Table\""),
                                Shape(TokenType::kString, "it's"), Shape(TokenType::kString, ""),
                                Shape(TokenType::kQuotedIdentifier, "select")}));
}

TEST(PartiqlLexer, NumbersKeepTheirText) {
  EXPECT_EQ(Shapes("1 1.5 .5 7.31e6 7.31E+6 73100000e-1 1."),
            (std::vector<std::string>{
                Shape(TokenType::kNumber, "1"), Shape(TokenType::kNumber, "1.5"),
                Shape(TokenType::kNumber, ".5"), Shape(TokenType::kNumber, "7.31e6"),
                Shape(TokenType::kNumber, "7.31E+6"), Shape(TokenType::kNumber, "73100000e-1"),
                Shape(TokenType::kNumber, "1.")}));
}

TEST(PartiqlLexer, AnEWithoutDigitsEndsTheNumber) {
  EXPECT_EQ(Shapes("1 e5 2e"),
            (std::vector<std::string>{
                Shape(TokenType::kNumber, "1"), Shape(TokenType::kIdentifier, "e5"),
                Shape(TokenType::kNumber, "2"), Shape(TokenType::kIdentifier, "e")}));
}

TEST(PartiqlLexer, Symbols) {
  EXPECT_EQ(Shapes("<< >> <= >= <> != || = < > + - / % * ? ( ) [ ] { } , . : ;").size(), 26u);
  auto tokens = Tokens("a != b");
  EXPECT_EQ(tokens[1].text, "<>");
  EXPECT_EQ(Tokens("<<1>>")[0].type, TokenType::kLeftDoubleAngle);
}

TEST(PartiqlLexer, CommentsAreWhitespace) {
  EXPECT_EQ(Shapes("-- a note\na /* b */ c -- end"),
            (std::vector<std::string>{Shape(TokenType::kIdentifier, "a"),
                                      Shape(TokenType::kIdentifier, "c")}));
  EXPECT_EQ(Shapes("a - -1").size(), 4u);  // "- -" is not a comment
}

TEST(PartiqlLexer, ParametersAreNumberedInTextOrder) {
  auto lexed = Lex("? ? '?' \"?\" -- ?\n ?");
  ASSERT_TRUE(lexed.ok());
  EXPECT_EQ(lexed->parameter_count, 3u);
  std::vector<uint32_t> ordinals;
  for (const Token& t : lexed->tokens) {
    if (t.type == TokenType::kQuestionMark) ordinals.push_back(t.ordinal);
  }
  EXPECT_EQ(ordinals, (std::vector<uint32_t>{0, 1, 2}));
}

TEST(PartiqlLexer, OffsetsAndLengths) {
  auto tokens = Tokens("ab  'c''d'");
  EXPECT_EQ(tokens[0].offset, 0u);
  EXPECT_EQ(tokens[0].length, 2u);
  EXPECT_EQ(tokens[1].offset, 4u);
  EXPECT_EQ(tokens[1].length, 6u);
  EXPECT_EQ(tokens[2].type, TokenType::kEnd);
  EXPECT_EQ(tokens[2].offset, 10u);
}

TEST(PartiqlLexer, KeywordTable) {
  EXPECT_TRUE(IsKeyword("pad"));
  EXPECT_TRUE(IsKeyword("inner"));
  EXPECT_TRUE(IsKeyword("returning"));
  EXPECT_TRUE(IsKeyword("value"));
  EXPECT_FALSE(IsKeyword("begins_with"));
  EXPECT_FALSE(IsKeyword("attribute_type"));
  EXPECT_FALSE(IsKeyword("pk"));
}

// DynamoDB reports lexical errors with nothing after the envelope's colon.
TEST(PartiqlLexer, LexicalErrorsHaveNoDetail) {
  for (std::string_view text :
       {"a # note", "a /* note", "'open", "\"open", "a ! b", "a | b", "a & b", "`ion`", "@a",
        "1e2147483648", "1e99999999999", "1e-2147483649", "1.5e-2147483647",
        "1e-2147483648",  // the exponent fits, the scale (0 - exponent) does not
        "caf\xC3\xA9"}) {
    auto lexed = Lex(text);
    ASSERT_FALSE(lexed.ok()) << text;
    EXPECT_EQ(lexed.status().code(), ErrorCode::kValidation);
    EXPECT_EQ(lexed.status().message(), kMalformedPrefix) << text;
  }
}

TEST(PartiqlLexer, ExponentsWithinThirtyTwoBitsLex) {
  EXPECT_TRUE(Lex("1e2147483647").ok());
  EXPECT_TRUE(Lex("1e-2147483647").ok());
  EXPECT_TRUE(Lex("1.5e-2147483646").ok());
}

}  // namespace
}  // namespace monotable::partiql
