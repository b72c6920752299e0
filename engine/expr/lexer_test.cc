#include "engine/expr/lexer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace monotable::expr {
namespace {

std::vector<std::string> Texts(std::string_view text) {
  std::vector<std::string> out;
  for (const Token& t : Lex(text)) {
    out.push_back(t.type == TokenType::kEnd ? "<END>" : std::string(TokenText(text, t)));
  }
  return out;
}

TEST(LexerTest, SplitsOnWhitespaceAndPunctuation) {
  EXPECT_EQ(Texts(" a.b[3]  =\t:v\n"),
            (std::vector<std::string>{"a", ".", "b", "[", "3", "]", "=", ":v", "<END>"}));
  EXPECT_EQ(Texts("a<>b<=c>=d<e>f"), (std::vector<std::string>{"a", "<>", "b", "<=", "c", ">=", "d",
                                                               "<", "e", ">", "f", "<END>"}));
  EXPECT_EQ(Texts("f(a,b)+-"),
            (std::vector<std::string>{"f", "(", "a", ",", "b", ")", "+", "-", "<END>"}));
}

TEST(LexerTest, TokenTypes) {
  std::vector<Token> t = Lex("_a1 #n_2 :v9 42 #4g");
  ASSERT_EQ(t.size(), 6u);
  EXPECT_EQ(t[0].type, TokenType::kIdentifier);
  EXPECT_EQ(t[1].type, TokenType::kNamePlaceholder);
  EXPECT_EQ(t[2].type, TokenType::kValuePlaceholder);
  EXPECT_EQ(t[3].type, TokenType::kNumber);
  EXPECT_EQ(t[4].type, TokenType::kNamePlaceholder);  // digits may follow '#'
  EXPECT_EQ(t[5].type, TokenType::kEnd);
  EXPECT_EQ(t[5].offset, 19u);
}

TEST(LexerTest, LonePrefixesAndUnknownCharactersAreSingleTokens) {
  EXPECT_EQ(Texts("hits : incr"), (std::vector<std::string>{"hits", ":", "incr", "<END>"}));
  EXPECT_EQ(Texts("#$"), (std::vector<std::string>{"#", "$", "<END>"}));
  EXPECT_EQ(Texts("!!\"x\""), (std::vector<std::string>{"!", "!", "\"", "x", "\"", "<END>"}));
  EXPECT_EQ(Texts("a-b*c/d"),
            (std::vector<std::string>{"a", "-", "b", "*", "c", "/", "d", "<END>"}));
  // A multi-byte UTF-8 character is one token.
  EXPECT_EQ(Texts("\xC3\xBC > a"), (std::vector<std::string>{"\xC3\xBC", ">", "a", "<END>"}));
  EXPECT_EQ(Texts("\xE2\x82\xAC"), (std::vector<std::string>{"\xE2\x82\xAC", "<END>"}));
  // A truncated sequence still ends.
  EXPECT_EQ(Texts("\xE2"), (std::vector<std::string>{"\xE2", "<END>"}));
}

TEST(LexerTest, EmptyInputIsJustEnd) {
  EXPECT_EQ(Texts(""), (std::vector<std::string>{"<END>"}));
  EXPECT_EQ(Texts(" \r\n\t"), (std::vector<std::string>{"<END>"}));
}

}  // namespace
}  // namespace monotable::expr
