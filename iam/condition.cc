#include "iam/condition.h"

#include <arpa/inet.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "iam/wildcard.h"

namespace monotable::iam {
namespace {

bool ConsumePrefix(std::string_view& text, std::string_view prefix) {
  if (text.substr(0, prefix.size()) != prefix) return false;
  text.remove_prefix(prefix.size());
  return true;
}

bool ConsumeSuffix(std::string_view& text, std::string_view suffix) {
  if (text.size() < suffix.size() || text.substr(text.size() - suffix.size()) != suffix) {
    return false;
  }
  text.remove_suffix(suffix.size());
  return true;
}

struct OperatorName {
  std::string_view name;
  OperatorFamily family;
  Comparison comparison;
  bool negated;
};

constexpr OperatorName kOperators[] = {
    {"StringEquals", OperatorFamily::kString, Comparison::kEquals, false},
    {"StringNotEquals", OperatorFamily::kString, Comparison::kEquals, true},
    {"StringEqualsIgnoreCase", OperatorFamily::kStringIgnoreCase, Comparison::kEquals, false},
    {"StringNotEqualsIgnoreCase", OperatorFamily::kStringIgnoreCase, Comparison::kEquals, true},
    {"StringLike", OperatorFamily::kStringLike, Comparison::kEquals, false},
    {"StringNotLike", OperatorFamily::kStringLike, Comparison::kEquals, true},
    {"NumericEquals", OperatorFamily::kNumeric, Comparison::kEquals, false},
    {"NumericNotEquals", OperatorFamily::kNumeric, Comparison::kEquals, true},
    {"NumericLessThan", OperatorFamily::kNumeric, Comparison::kLessThan, false},
    {"NumericLessThanEquals", OperatorFamily::kNumeric, Comparison::kLessThanEquals, false},
    {"NumericGreaterThan", OperatorFamily::kNumeric, Comparison::kGreaterThan, false},
    {"NumericGreaterThanEquals", OperatorFamily::kNumeric, Comparison::kGreaterThanEquals, false},
    {"DateEquals", OperatorFamily::kDate, Comparison::kEquals, false},
    {"DateNotEquals", OperatorFamily::kDate, Comparison::kEquals, true},
    {"DateLessThan", OperatorFamily::kDate, Comparison::kLessThan, false},
    {"DateLessThanEquals", OperatorFamily::kDate, Comparison::kLessThanEquals, false},
    {"DateGreaterThan", OperatorFamily::kDate, Comparison::kGreaterThan, false},
    {"DateGreaterThanEquals", OperatorFamily::kDate, Comparison::kGreaterThanEquals, false},
    {"Bool", OperatorFamily::kBool, Comparison::kEquals, false},
    {"BinaryEquals", OperatorFamily::kBinary, Comparison::kEquals, false},
    {"IpAddress", OperatorFamily::kIpAddress, Comparison::kEquals, false},
    {"NotIpAddress", OperatorFamily::kIpAddress, Comparison::kEquals, true},
    {"ArnEquals", OperatorFamily::kArn, Comparison::kEquals, false},
    {"ArnLike", OperatorFamily::kArn, Comparison::kEquals, false},
    {"ArnNotEquals", OperatorFamily::kArn, Comparison::kEquals, true},
    {"ArnNotLike", OperatorFamily::kArn, Comparison::kEquals, true},
    {"Null", OperatorFamily::kNull, Comparison::kEquals, false},
};

std::optional<double> ParseNumber(std::string_view text) {
  if (text.empty() || text.size() > 64) return std::nullopt;
  char buffer[65];
  std::memcpy(buffer, text.data(), text.size());
  buffer[text.size()] = '\0';
  char* end = nullptr;
  errno = 0;
  double value = std::strtod(buffer, &end);
  if (end != buffer + text.size() || errno != 0) return std::nullopt;
  return value;
}

int64_t DaysFromCivil(int64_t y, int64_t m, int64_t d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

bool Digits(std::string_view text, size_t at, size_t n, int64_t* out) {
  if (at + n > text.size()) return false;
  int64_t v = 0;
  for (size_t i = at; i < at + n; ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    v = v * 10 + (text[i] - '0');
  }
  *out = v;
  return true;
}

// ISO 8601 ("2026-01-01", "2026-01-01T12:00:00Z", fractions and offsets "+02:00") or
// epoch seconds, the forms IAM's date operators accept. Seconds since the epoch.
std::optional<double> ParseDate(std::string_view text) {
  if (text.find('-', 1) == std::string_view::npos) return ParseNumber(text);
  int64_t y, mo, d, h = 0, mi = 0, s = 0;
  if (!Digits(text, 0, 4, &y) || text.size() < 10 || text[4] != '-' || !Digits(text, 5, 2, &mo) ||
      text[7] != '-' || !Digits(text, 8, 2, &d) || mo < 1 || mo > 12 || d < 1 || d > 31) {
    return std::nullopt;
  }
  size_t at = 10;
  double fraction = 0;
  int64_t offset = 0;
  if (at < text.size()) {
    if (text[at] != 'T' || !Digits(text, at + 1, 2, &h) || text.size() < at + 6 ||
        text[at + 3] != ':' || !Digits(text, at + 4, 2, &mi)) {
      return std::nullopt;
    }
    at += 6;
    if (at < text.size() && text[at] == ':') {
      if (!Digits(text, at + 1, 2, &s)) return std::nullopt;
      at += 3;
    }
    if (at < text.size() && text[at] == '.') {
      size_t end = at + 1;
      while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
      auto f = ParseNumber(std::string("0") + std::string(text.substr(at, end - at)));
      if (!f) return std::nullopt;
      fraction = *f;
      at = end;
    }
    if (at < text.size() && text[at] == 'Z') {
      ++at;
    } else if (at < text.size() && (text[at] == '+' || text[at] == '-')) {
      int64_t oh, om;
      if (!Digits(text, at + 1, 2, &oh) || text.size() < at + 6 || text[at + 3] != ':' ||
          !Digits(text, at + 4, 2, &om)) {
        return std::nullopt;
      }
      offset = (oh * 3600 + om * 60) * (text[at] == '+' ? 1 : -1);
      at += 6;
    }
    if (at != text.size()) return std::nullopt;
  }
  return static_cast<double>(DaysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s - offset) +
         fraction;
}

bool Compare(double have, double want, Comparison comparison) {
  switch (comparison) {
    case Comparison::kEquals: return have == want;
    case Comparison::kLessThan: return have < want;
    case Comparison::kLessThanEquals: return have <= want;
    case Comparison::kGreaterThan: return have > want;
    case Comparison::kGreaterThanEquals: return have >= want;
  }
  return false;
}

// An address and a CIDR block ("203.0.113.0/24", "2001:DB8::/32"; a bare address is /32
// or /128).
bool InCidr(std::string_view address, std::string_view cidr) {
  std::string block(cidr.substr(0, cidr.find('/')));
  std::string host(address);
  std::array<unsigned char, 16> a{}, b{};
  const bool v6 = block.find(':') != std::string::npos;
  if (v6 != (host.find(':') != std::string::npos)) return false;
  const int family = v6 ? AF_INET6 : AF_INET;
  if (inet_pton(family, block.c_str(), b.data()) != 1) return false;
  if (inet_pton(family, host.c_str(), a.data()) != 1) return false;
  int bits = v6 ? 128 : 32;
  if (size_t slash = cidr.find('/'); slash != std::string_view::npos) {
    auto n = ParseNumber(cidr.substr(slash + 1));
    if (!n || *n < 0 || *n > bits) return false;
    bits = static_cast<int>(*n);
  }
  for (int i = 0; i < bits; ++i) {
    const int mask = 0x80 >> (i % 8);
    if ((a[i / 8] & mask) != (b[i / 8] & mask)) return false;
  }
  return true;
}

// The operator's positive test of one request value against one policy value.
bool ValueMatches(const ConditionClause& clause, std::string_view have, std::string_view want) {
  switch (clause.family) {
    case OperatorFamily::kString:
    case OperatorFamily::kBinary: return have == want;
    case OperatorFamily::kStringIgnoreCase: return EqualsIgnoreCase(have, want);
    case OperatorFamily::kStringLike: return GlobMatch(want, have);
    case OperatorFamily::kNumeric: {
      auto h = ParseNumber(have), w = ParseNumber(want);
      return h && w && Compare(*h, *w, clause.comparison);
    }
    case OperatorFamily::kDate: {
      auto h = ParseDate(have), w = ParseDate(want);
      return h && w && Compare(*h, *w, clause.comparison);
    }
    case OperatorFamily::kBool: return EqualsIgnoreCase(have, want);
    case OperatorFamily::kIpAddress: return InCidr(have, want);
    case OperatorFamily::kArn: return ArnMatch(want, have);
    case OperatorFamily::kNull: return false;
  }
  return false;
}

// One request value against the policy's values: ORed, and the result negated for a
// negated operator (NOR). A value with ${...} (when `variables`) is substituted first;
// one that does not resolve matches nothing.
// Inlined into ConditionHolds' two loops: it runs for every request value.
[[gnu::always_inline]] inline bool RequestValueMatches(const ConditionClause& clause,
                                                       std::string_view have,
                                                       const RequestContext& context,
                                                       bool variables) {
  bool any = false;
  for (const auto& want : clause.values) {
    if (variables && want.find("${") != std::string::npos) {
      auto substituted = Substitute(want, context);
      any = substituted && ValueMatches(clause, have, *substituted);
    } else {
      // StringEquals, the commonest, without the operator dispatch.
      any = clause.family == OperatorFamily::kString ? have == want
                                                     : ValueMatches(clause, have, want);
    }
    if (any) break;
  }
  return clause.negated ? !any : any;
}

}  // namespace

Status ParseOperator(std::string_view name, ConditionClause* clause) {
  clause->operator_name = std::string(name);
  std::string_view rest = name;
  if (ConsumePrefix(rest, "ForAllValues:")) {
    clause->qualifier = SetQualifier::kForAllValues;
  } else if (ConsumePrefix(rest, "ForAnyValue:")) {
    clause->qualifier = SetQualifier::kForAnyValue;
  }
  clause->if_exists = rest != "Null" && ConsumeSuffix(rest, "IfExists");
  for (const auto& op : kOperators) {
    if (op.name == rest) {
      clause->family = op.family;
      clause->comparison = op.comparison;
      clause->negated = op.negated;
      return Status::Ok();
    }
  }
  return Status::Validation("Unknown condition operator: " + std::string(name));
}

bool ConditionHolds(const ConditionClause& clause, const RequestContext& context, bool variables) {
  const std::optional<KeyValues> have =
      clause.request_key ? context.FindRequestKey(clause.key) : context.Find(clause.key);
  const bool absent = !have || have->empty();
  if (clause.family == OperatorFamily::kNull) {
    // "true": the key must be absent; "false": present.
    for (const auto& want : clause.values) {
      if (EqualsIgnoreCase(want, "true") ? absent : !absent) return true;
    }
    return false;
  }
  if (absent) {
    if (clause.qualifier == SetQualifier::kForAllValues) return true;
    if (clause.qualifier == SetQualifier::kForAnyValue) return false;
    return clause.if_exists || clause.negated;
  }
  if (clause.qualifier == SetQualifier::kForAllValues) {
    for (const auto& value : *have) {
      if (!RequestValueMatches(clause, value, context, variables)) return false;
    }
    return true;
  }
  // ForAnyValue, and a key without qualifier (one value, or any of several).
  for (const auto& value : *have) {
    if (RequestValueMatches(clause, value, context, variables)) return true;
  }
  return false;
}

}  // namespace monotable::iam
