#include "protocol/authorization/attribute_names.h"

#include <algorithm>
#include <array>

namespace monotable::protocol::authorization {
namespace {

struct Token {
  enum class Kind { kName, kPlaceholder, kValue, kOther };
  Kind kind = Kind::kOther;
  std::string_view text;
};

bool NameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

std::vector<Token> Tokens(std::string_view text) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
      continue;
    }
    if (c == '#' || c == ':' || NameChar(c)) {
      size_t end = i + 1;
      while (end < text.size() && NameChar(text[end])) ++end;
      Token::Kind kind = c == '#'   ? Token::Kind::kPlaceholder
                         : c == ':' ? Token::Kind::kValue
                                    : Token::Kind::kName;
      tokens.push_back({kind, text.substr(i, end - i)});
      i = end;
      continue;
    }
    // "<>", "<=", ">=" are one token; the rest one character each.
    size_t length = (i + 1 < text.size() && (text[i + 1] == '=' || text[i + 1] == '>') &&
                     (c == '<' || c == '>'))
                        ? 2
                        : 1;
    tokens.push_back({Token::Kind::kOther, text.substr(i, length)});
    i += length;
  }
  return tokens;
}

bool Keyword(std::string_view word) {
  static constexpr std::array<std::string_view, 9> kKeywords = {
      "AND", "OR", "NOT", "BETWEEN", "IN", "SET", "REMOVE", "ADD", "DELETE"};
  for (auto k : kKeywords) {
    if (word.size() == k.size() &&
        std::equal(word.begin(), word.end(), k.begin(), [](char a, char b) {
          return (a >= 'a' && a <= 'z' ? a - 'a' + 'A' : a) == b;
        })) {
      return true;
    }
  }
  return false;
}

std::string Resolve(std::string_view placeholder, std::optional<JsonObject> names) {
  std::string_view name;
  if (names && !(*names)[placeholder].get_string().get(name)) return std::string(name);
  return std::string(placeholder);
}

// The i-th token as an attribute name (a name or a resolved #placeholder), if it heads
// a path: not after '.', not a function call, not a keyword, not inside [ ].
std::optional<std::string> PathHead(const std::vector<Token>& t, size_t i,
                                    std::optional<JsonObject> names) {
  const Token& token = t[i];
  if (token.kind != Token::Kind::kName && token.kind != Token::Kind::kPlaceholder) return {};
  if (i > 0 && (t[i - 1].text == "." || t[i - 1].text == "[")) return {};
  if (i + 1 < t.size() && t[i + 1].text == "(") return {};
  if (token.kind == Token::Kind::kName) {
    if (Keyword(token.text) || (token.text[0] >= '0' && token.text[0] <= '9')) return {};
    return std::string(token.text);
  }
  return Resolve(token.text, names);
}

}  // namespace

void AddPathHeads(std::string_view expression, std::optional<JsonObject> names,
                  std::vector<std::string>* out) {
  const std::vector<Token> tokens = Tokens(expression);
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (auto head = PathHead(tokens, i, names)) {
      if (std::find(out->begin(), out->end(), *head) == out->end()) out->push_back(*head);
    }
  }
}

std::optional<std::string_view> KeyValueView(JsonElement value) {
  JsonObject object;
  if (value.get_object().get(object)) return std::nullopt;
  // One pass over the members (a key value has one), not one lookup per type.
  for (auto field : object) {
    std::string_view text;
    if ((field.key == "S" || field.key == "N" || field.key == "B") &&
        !field.value.get_string().get(text)) {
      return text;
    }
  }
  return std::nullopt;
}

std::optional<std::string> KeyValueText(JsonElement value) {
  auto view = KeyValueView(value);
  if (!view) return std::nullopt;
  return std::string(*view);
}

std::optional<std::string> KeyConditionValue(std::string_view expression, std::string_view key_name,
                                             std::optional<JsonObject> names,
                                             std::optional<JsonObject> values) {
  const std::vector<Token> t = Tokens(expression);
  auto is_key = [&](size_t i) {
    auto head = PathHead(t, i, names);
    // The whole path, not a nested one: the next token is no '.' or '['.
    return head && *head == key_name &&
           (i + 1 >= t.size() || (t[i + 1].text != "." && t[i + 1].text != "["));
  };
  auto value_of = [&](size_t i) -> std::optional<std::string> {
    if (t[i].kind != Token::Kind::kValue || !values) return std::nullopt;
    JsonElement v;
    if ((*values)[t[i].text].get(v)) return std::nullopt;
    return KeyValueText(v);
  };
  for (size_t i = 1; i + 1 < t.size(); ++i) {
    if (t[i].text != "=") continue;
    if (is_key(i - 1)) {
      if (auto v = value_of(i + 1)) return v;
    }
    if (is_key(i + 1)) {
      if (auto v = value_of(i - 1)) return v;
    }
  }
  return std::nullopt;
}

}  // namespace monotable::protocol::authorization
