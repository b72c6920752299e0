#include "bench/json_scan.h"

#include <charconv>

namespace monotable::bench {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

// Offset of the first character of the value of "key", or npos.
size_t FindValue(std::string_view json, std::string_view key) {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "\"" + std::string.
  std::string quoted(1, '"');
  quoted.append(key).push_back('"');
  size_t pos = json.find(quoted);
  if (pos == std::string_view::npos) return pos;
  pos += quoted.size();
  while (pos < json.size() && IsSpace(json[pos])) ++pos;
  if (pos >= json.size() || json[pos] != ':') return std::string_view::npos;
  ++pos;
  while (pos < json.size() && IsSpace(json[pos])) ++pos;
  return pos < json.size() ? pos : std::string_view::npos;
}

}  // namespace

std::string FindJsonString(std::string_view json, std::string_view key) {
  const size_t pos = FindValue(json, key);
  if (pos == std::string_view::npos || json[pos] != '"') return "";
  const size_t end = json.find('"', pos + 1);
  if (end == std::string_view::npos) return "";
  return std::string(json.substr(pos + 1, end - pos - 1));
}

std::optional<uint64_t> FindJsonUint(std::string_view json, std::string_view key) {
  const size_t pos = FindValue(json, key);
  if (pos == std::string_view::npos) return std::nullopt;
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(json.data() + pos, json.data() + json.size(), value);
  if (ec != std::errc()) return std::nullopt;
  return value;
}

std::string_view FindJsonObject(std::string_view json, std::string_view key) {
  const size_t start = FindValue(json, key);
  if (start == std::string_view::npos || json[start] != '{') return {};
  int depth = 0;
  bool in_string = false;
  for (size_t i = start; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      if (c == '\\') {
        ++i;  // the escaped character cannot end the string
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}' && --depth == 0) {
      return json.substr(start, i + 1 - start);
    }
  }
  return {};
}

bool IsEmptyJsonObject(std::string_view object) {
  if (object.size() < 2 || object.front() != '{' || object.back() != '}') return false;
  for (char c : object.substr(1, object.size() - 2)) {
    if (!IsSpace(c)) return false;
  }
  return true;
}

bool IsTransactionConflict(std::string_view body) {
  if (body.find("TransactionCanceledException") == std::string_view::npos) return false;
  static constexpr std::string_view kCode = "\"Code\":\"";
  bool conflict = false;
  for (size_t at = body.find(kCode); at != std::string_view::npos;
       at = body.find(kCode, at + kCode.size())) {
    const std::string_view code = body.substr(at + kCode.size());
    if (code.starts_with("TransactionConflict\"")) {
      conflict = true;
    } else if (!code.starts_with("None\"")) {
      return false;
    }
  }
  return conflict;
}

}  // namespace monotable::bench
