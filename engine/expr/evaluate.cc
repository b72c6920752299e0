#include "engine/expr/evaluate.h"

#include <algorithm>
#include <string>

#include "engine/expr/path.h"

namespace monotable::expr {
namespace {

using ast::Op;

// An operand's value: a pointer into the item or the placeholders, or a number
// computed by size(). Not copyable (value may point at computed).
struct Operand {
  Operand() = default;
  Operand(const Operand&) = delete;
  Operand& operator=(const Operand&) = delete;
  const AttributeValue* value = nullptr;  // null: no value (missing attribute, size of N)
  AttributeValue computed;
};

void EvaluateOperand(const ast::Node& node, const Item* item, const Bindings& b, Operand& out) {
  switch (node.op) {
    case Op::kPath: out.value = item ? FindPath(*item, node.path, b) : nullptr; return;
    case Op::kValue:
    case Op::kLiteral: out.value = &b.Value(node); return;
    case Op::kFunction: {  // size(), the only function that yields a value
      Operand arg;
      EvaluateOperand(node.children[0], item, b, arg);
      std::optional<size_t> size = arg.value ? SizeOf(*arg.value) : std::nullopt;
      if (!size) return;
      out.computed.type = AttributeType::kN;
      out.computed.scalar = std::to_string(*size);
      out.value = &out.computed;
      return;
    }
    default: return;
  }
}

bool Equal(const AttributeValue* a, const AttributeValue* b) { return a && b && *a == *b; }

std::optional<int> Order(const AttributeValue* a, const AttributeValue* b) {
  if (!a || !b) return std::nullopt;
  return CompareScalars(*a, *b);
}

// = and <> compare any two values (<> holds when either is missing); an ordering holds
// only between two scalars of one type.
bool CompareValues(Comparison c, const AttributeValue* a, const AttributeValue* b) {
  if (!IsOrdering(c)) return Holds(c, Equal(a, b) ? 0 : 1);
  std::optional<int> order = Order(a, b);
  return order && Holds(c, *order);
}

bool IsSetOf(AttributeType set, AttributeType member) {
  return (set == AttributeType::kSS && member == AttributeType::kS) ||
         (set == AttributeType::kNS && member == AttributeType::kN) ||
         (set == AttributeType::kBS && member == AttributeType::kB);
}

// contains(a, b): substring of S, byte subsequence of B, member of a set of b's type,
// element of a list (ScyllaDB Alternator's check_CONTAINS, verified against DynamoDB).
bool Contains(const AttributeValue* a, const AttributeValue* b) {
  if (!a || !b) return false;
  if ((a->type == AttributeType::kS && b->type == AttributeType::kS) ||
      (a->type == AttributeType::kB && b->type == AttributeType::kB)) {
    return a->scalar.find(b->scalar) != std::string::npos;
  }
  if (IsSetOf(a->type, b->type)) {
    return std::find(a->set.begin(), a->set.end(), b->scalar) != a->set.end();
  }
  if (a->type == AttributeType::kL) {
    return std::find(a->list.begin(), a->list.end(), *b) != a->list.end();
  }
  return false;
}

bool BeginsWith(const AttributeValue* a, const AttributeValue* b) {
  if (!a || !b || a->type != b->type) return false;
  if (a->type != AttributeType::kS && a->type != AttributeType::kB) return false;
  return std::string_view(a->scalar).starts_with(b->scalar);
}

bool EvaluateFunction(const ast::Node& node, const Item* item, const Bindings& b) {
  Operand x;
  EvaluateOperand(node.children[0], item, b, x);
  switch (node.function) {
    case ast::Function::kAttributeExists: return x.value != nullptr;
    case ast::Function::kAttributeNotExists: return x.value == nullptr;
    default: break;
  }
  Operand y;
  EvaluateOperand(node.children[1], item, b, y);
  switch (node.function) {
    case ast::Function::kAttributeType:
      return x.value && y.value && y.value->type == AttributeType::kS &&
             AttributeTypeName(x.value->type) == y.value->scalar;
    case ast::Function::kBeginsWith: return BeginsWith(x.value, y.value);
    case ast::Function::kContains: return Contains(x.value, y.value);
    default: return false;
  }
}

// Splits canonical number text into sign, integer digits (empty below one) and
// fraction digits.
struct Decimal {
  bool negative;
  std::string_view integer;
  std::string_view fraction;
};

Decimal Split(std::string_view s) {
  Decimal d{false, {}, {}};
  if (!s.empty() && s[0] == '-') {
    d.negative = true;
    s.remove_prefix(1);
  }
  size_t dot = s.find('.');
  d.integer = s.substr(0, dot);
  if (dot != std::string_view::npos) d.fraction = s.substr(dot + 1);
  if (d.integer == "0") d.integer = {};
  return d;
}

int CompareMagnitude(const Decimal& a, const Decimal& b) {
  if (a.integer.size() != b.integer.size()) return a.integer.size() < b.integer.size() ? -1 : 1;
  if (int c = a.integer.compare(b.integer)) return c < 0 ? -1 : 1;
  // No trailing zeros: lexicographic order of the fractions is numeric order.
  int c = a.fraction.compare(b.fraction);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

}  // namespace

int CompareNumberText(std::string_view a, std::string_view b) {
  Decimal x = Split(a), y = Split(b);
  if (x.negative != y.negative) return x.negative ? -1 : 1;  // "-0" is never canonical
  int m = CompareMagnitude(x, y);
  return x.negative ? -m : m;
}

std::optional<int> CompareScalars(const AttributeValue& a, const AttributeValue& b) {
  if (a.type != b.type) return std::nullopt;
  switch (a.type) {
    case AttributeType::kN: return CompareNumberText(a.scalar, b.scalar);
    case AttributeType::kS:
    case AttributeType::kB: {
      // std::string compares as unsigned bytes (char_traits<char>), DynamoDB's order
      // for both UTF-8 strings and binaries.
      int c = a.scalar.compare(b.scalar);
      return c < 0 ? -1 : c > 0 ? 1 : 0;
    }
    default: return std::nullopt;
  }
}

std::optional<size_t> SizeOf(const AttributeValue& value) {
  switch (value.type) {
    case AttributeType::kS: {
      // UTF-16 code units, as DynamoDB counts them (verified against the service in
      // ExtendDB#60: size("é𝄞") = 3): one per character, two beyond the BMP (the
      // 4-byte UTF-8 sequences). Continuation bytes (10xxxxxx) start no character.
      size_t units = 0;
      for (char c : value.scalar) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte & 0xC0) != 0x80) units += byte >= 0xF0 ? 2 : 1;
      }
      return units;
    }
    case AttributeType::kB: return value.scalar.size();
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS: return value.set.size();
    case AttributeType::kL: return value.list.size();
    case AttributeType::kM: return value.map.size();
    default: return std::nullopt;
  }
}

bool EvaluateCondition(const ast::Node& node, const Item* item, const Bindings& b) {
  switch (node.op) {
    case Op::kAnd:
      for (const auto& child : node.children) {
        if (!EvaluateCondition(child, item, b)) return false;
      }
      return true;
    case Op::kOr:
      for (const auto& child : node.children) {
        if (EvaluateCondition(child, item, b)) return true;
      }
      return false;
    case Op::kNot: return !EvaluateCondition(node.children[0], item, b);
    case Op::kFunction: return EvaluateFunction(node, item, b);
    default: break;
  }
  Operand x;
  EvaluateOperand(node.children[0], item, b, x);
  if (node.op == Op::kIn) {
    if (!x.value) return false;
    for (size_t i = 1; i < node.children.size(); ++i) {
      Operand y;
      EvaluateOperand(node.children[i], item, b, y);
      if (Equal(x.value, y.value)) return true;
    }
    return false;
  }
  Operand y;
  EvaluateOperand(node.children[1], item, b, y);
  switch (node.op) {
    case Op::kCompare: return CompareValues(node.comparison, x.value, y.value);
    case Op::kBetween: {  // lower <= x <= upper
      if (!CompareValues(Comparison::kGe, x.value, y.value)) return false;
      Operand z;
      EvaluateOperand(node.children[2], item, b, z);
      return CompareValues(Comparison::kLe, x.value, z.value);
    }
    default: return false;
  }
}

}  // namespace monotable::expr
