#include "iam/wildcard.h"

#include <array>

namespace monotable::iam {
namespace {

char FoldCase(char c, bool ignore_case) {
  return ignore_case && c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool SameChar(char p, char t, bool ignore_case) {
  if (p == kLiteralStar) return t == '*';
  if (p == kLiteralQuestion) return t == '?';
  return FoldCase(p, ignore_case) == FoldCase(t, ignore_case);
}

// The six components of an ARN; the last keeps any further colons.
std::array<std::string_view, 6> ArnParts(std::string_view arn, bool* ok) {
  std::array<std::string_view, 6> parts;
  for (size_t i = 0; i < 5; ++i) {
    size_t colon = arn.find(':');
    if (colon == std::string_view::npos) {
      *ok = false;
      return parts;
    }
    parts[i] = arn.substr(0, colon);
    arn.remove_prefix(colon + 1);
  }
  parts[5] = arn;
  *ok = true;
  return parts;
}

}  // namespace

bool GlobMatch(std::string_view pattern, std::string_view text, bool ignore_case) {
  // Iterative matching with one backtrack point: linear in practice, never exponential.
  size_t p = 0, t = 0, star = std::string_view::npos, resume = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.size() &&
               (pattern[p] == '?' || SameChar(pattern[p], text[t], ignore_case))) {
      ++p;
      ++t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

bool ArnMatch(std::string_view pattern, std::string_view arn) {
  if (pattern == "*") return true;
  bool pattern_ok = false, arn_ok = false;
  auto want = ArnParts(pattern, &pattern_ok);
  auto have = ArnParts(arn, &arn_ok);
  // A pattern of fewer than six components matches no ARN (only another such text).
  if (!pattern_ok || !arn_ok) return pattern_ok == arn_ok && GlobMatch(pattern, arn);
  for (size_t i = 0; i < want.size(); ++i) {
    if (!GlobMatch(want[i], have[i])) return false;
  }
  return true;
}

std::optional<std::string> Substitute(std::string_view text, const RequestContext& context) {
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    size_t open = text.find("${", at);
    size_t close = open == std::string_view::npos ? open : text.find('}', open + 2);
    if (close == std::string_view::npos) {
      out.append(text.substr(at));
      break;
    }
    out.append(text.substr(at, open - at));
    std::string_view inner = text.substr(open + 2, close - open - 2);
    at = close + 1;
    if (inner == "*") {
      out.push_back(kLiteralStar);
      continue;
    }
    if (inner == "?") {
      out.push_back(kLiteralQuestion);
      continue;
    }
    if (inner == "$") {
      out.push_back('$');
      continue;
    }
    // ${key, 'default value'}
    std::optional<std::string_view> fallback;
    if (size_t comma = inner.find(','); comma != std::string_view::npos) {
      std::string_view rest = inner.substr(comma + 1);
      while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
      if (rest.size() >= 2 && rest.front() == '\'' && rest.back() == '\'') {
        fallback = rest.substr(1, rest.size() - 2);
      }
      inner = inner.substr(0, comma);
      while (!inner.empty() && inner.back() == ' ') inner.remove_suffix(1);
    }
    const std::optional<KeyValues> values = context.Find(inner);
    if (values && values->size() == 1) {
      out.append(values->front());
    } else if (fallback) {
      out.append(*fallback);
    } else {
      return std::nullopt;
    }
  }
  return out;
}

bool VariablesResolvedBy(std::string_view text, const std::vector<ContextKey>& keys) {
  size_t at = 0;
  while ((at = text.find("${", at)) != std::string_view::npos) {
    size_t close = text.find('}', at + 2);
    if (close == std::string_view::npos) return true;  // no variable: literal text
    std::string_view inner = text.substr(at + 2, close - at - 2);
    inner = inner.substr(0, inner.find(','));
    while (!inner.empty() && inner.back() == ' ') inner.remove_suffix(1);
    const std::vector<std::string>* values = FindKey(keys, inner);
    if (values == nullptr || values->size() != 1) return false;
    at = close + 1;
  }
  return true;
}

}  // namespace monotable::iam
