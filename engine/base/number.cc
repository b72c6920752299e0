#include "engine/base/number.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <cstring>

#include "engine/base/limits.h"

namespace monotable {
namespace {

// exponent_ is the place of the first digit plus one (value = 0.d1d2... * 10^e), so
// the scientific-notation limits of limits.h shift by one: 1E-130 has exponent_ -129
// and 9.99..E+125 has exponent_ 126.
constexpr int kMinExponent = limits::kMinNumberExponent + 1;
constexpr int kMaxExponent = limits::kMaxNumberExponent + 1;

// An exponent beyond this is out of range whatever the mantissa (which is bounded by
// the input length), so parsing saturates here instead of overflowing.
constexpr int64_t kExponentCap = int64_t{1} << 48;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

Status SyntaxError(std::string_view text) {
  std::string message = "The parameter cannot be converted to a numeric value: ";
  message.append(text);
  return Status::Validation(std::move(message));
}

Status PrecisionError() { return Status::Validation(std::string(kNumberPrecisionError)); }
Status OverflowError() { return Status::Validation(std::string(kNumberOverflowError)); }
Status UnderflowError() { return Status::Validation(std::string(kNumberUnderflowError)); }

// Range is checked before precision: DynamoDB reports overflow (not precision) for
// 9.99..9E+125 + 1E+125, whose exact sum also has 39 digits.
Status CheckLimits(int64_t exponent, int64_t digit_count) {
  if (exponent > kMaxExponent) return OverflowError();
  if (exponent < kMinExponent) return UnderflowError();
  if (digit_count > limits::kMaxNumberDigits) return PrecisionError();
  return Status::Ok();
}

// Magnitude order of two non-zero canonical numbers. Lexicographic order of the
// digit strings is numeric order because neither has trailing zeros.
std::strong_ordering CompareMagnitude(const Number& a, const Number& b) {
  if (a.exponent() != b.exponent()) return a.exponent() <=> b.exponent();
  int c = a.digits().compare(b.digits());
  return c <=> 0;
}

}  // namespace

Result<Number> Number::Parse(std::string_view text) {
  const char* p = text.data();
  const char* const end = p + text.size();
  bool negative = false;
  if (p != end && (*p == '+' || *p == '-')) {
    negative = *p == '-';
    ++p;
  }
  const char* int_begin = p;
  while (p != end && IsDigit(*p)) ++p;
  const char* int_end = p;
  const char* frac_begin = p;
  const char* frac_end = p;
  if (p != end && *p == '.') {
    frac_begin = ++p;
    while (p != end && IsDigit(*p)) ++p;
    frac_end = p;
  }
  if (int_begin == int_end && frac_begin == frac_end) return SyntaxError(text);

  int64_t exp = 0;
  if (p != end && (*p == 'e' || *p == 'E')) {
    ++p;
    bool exp_negative = false;
    if (p != end && (*p == '+' || *p == '-')) {
      exp_negative = *p == '-';
      ++p;
    }
    if (p == end || !IsDigit(*p)) return SyntaxError(text);
    for (; p != end && IsDigit(*p); ++p) {
      if (exp < kExponentCap) exp = exp * 10 + (*p - '0');
    }
    if (exp_negative) exp = -exp;
  }
  if (p != end) return SyntaxError(text);

  // Locate the first and last non-zero digits; the mantissa may straddle the point.
  const char* first = int_begin;
  while (first != int_end && *first == '0') ++first;
  if (first == int_end) {
    first = frac_begin;
    while (first != frac_end && *first == '0') ++first;
    if (first == frac_end) return Number();  // zero, whatever its sign or exponent
  }
  const char* last = frac_end;
  while (last != frac_begin && last[-1] == '0') --last;
  if (last == frac_begin) {
    last = int_end;
    while (last[-1] == '0') --last;  // stops: a non-zero digit exists
  }
  const bool spans_point = first < int_end && last > frac_begin;
  const int64_t count = (last - first) - (spans_point ? 1 : 0);
  // 0.d1d2... form: a first digit at integer position k (from the left) has exponent
  // int_len - k; one at fraction position k has exponent -k.
  int64_t exponent = first < int_end ? int_end - first : -(first - frac_begin);
  exponent += exp;
  MT_RETURN_IF_ERROR(CheckLimits(exponent, count));

  Number n;
  n.negative_ = negative;
  n.exponent_ = static_cast<int>(exponent);
  n.digits_.reserve(static_cast<size_t>(count));
  if (spans_point) {
    n.digits_.append(first, int_end);
    n.digits_.append(frac_begin, last);
  } else {
    n.digits_.append(first, last);
  }
  return n;
}

std::string Number::ToString() const {
  if (is_zero()) return "0";
  const size_t n = digits_.size();
  const size_t sign = negative_ ? 1 : 0;
  std::string out;
  if (exponent_ <= 0) {
    // 0.000ddd
    const size_t zeros = static_cast<size_t>(-exponent_);
    out.assign(sign + 2 + zeros + n, '0');
    out[sign + 1] = '.';
    std::memcpy(out.data() + sign + 2 + zeros, digits_.data(), n);
  } else if (static_cast<size_t>(exponent_) >= n) {
    // ddd000
    out.assign(sign + static_cast<size_t>(exponent_), '0');
    std::memcpy(out.data() + sign, digits_.data(), n);
  } else {
    // dd.ddd
    const size_t point = static_cast<size_t>(exponent_);
    out.resize(sign + n + 1);
    std::memcpy(out.data() + sign, digits_.data(), point);
    out[sign + point] = '.';
    std::memcpy(out.data() + sign + point + 1, digits_.data() + point, n - point);
  }
  if (negative_) out[0] = '-';
  return out;
}

std::strong_ordering operator<=>(const Number& a, const Number& b) {
  const int sign_a = a.is_zero() ? 0 : (a.negative_ ? -1 : 1);
  const int sign_b = b.is_zero() ? 0 : (b.negative_ ? -1 : 1);
  if (sign_a != sign_b || sign_a == 0) return sign_a <=> sign_b;
  std::strong_ordering m = CompareMagnitude(a, b);
  return sign_a > 0 ? m : 0 <=> m;
}

Result<Number> Number::AddSigned(const Number& a, const Number& b, bool negate_b) {
  const bool b_negative = b.negative_ != negate_b;
  if (b.is_zero()) return a;
  if (a.is_zero()) {
    Number r = b;
    r.negative_ = b_negative;
    return r;
  }
  // Subtraction of magnitudes is done as large - small so no borrow escapes the top.
  const Number* big = &a;
  const Number* small = &b;
  bool big_negative = a.negative_;
  const bool subtract = a.negative_ != b_negative;
  if (subtract) {
    std::strong_ordering m = CompareMagnitude(a, b);
    if (m == 0) return Number();
    if (m < 0) {
      std::swap(big, small);
      big_negative = b_negative;
    }
  }

  // Digits are laid out by decimal place, least significant first: slot i holds the
  // place 10^(low + i). One extra slot on top takes the carry of an addition. With
  // operands inside the supported range the span is at most 126 - (-129 - 38) + 1.
  const int low = std::min(a.exponent_ - static_cast<int>(a.digits_.size()),
                           b.exponent_ - static_cast<int>(b.digits_.size()));
  const int high = std::max(a.exponent_, b.exponent_);
  const int width = high - low + 1;
  constexpr int kMaxWidth = kMaxExponent - (kMinExponent - limits::kMaxNumberDigits) + 1;
  assert(width <= kMaxWidth);
  std::array<int8_t, kMaxWidth> acc{};

  auto place = [low](const Number& x, size_t i) {
    return x.exponent_ - 1 - static_cast<int>(i) - low;
  };
  for (size_t i = 0; i < big->digits_.size(); ++i) {
    acc[place(*big, i)] = static_cast<int8_t>(big->digits_[i] - '0');
  }
  const int8_t direction = subtract ? -1 : 1;
  for (size_t i = 0; i < small->digits_.size(); ++i) {
    acc[place(*small, i)] += static_cast<int8_t>(direction * (small->digits_[i] - '0'));
  }
  int carry = 0;
  for (int i = 0; i < width; ++i) {
    int v = acc[i] + carry;
    carry = v >= 10 ? 1 : (v < 0 ? -1 : 0);
    acc[i] = static_cast<int8_t>(v - 10 * carry);
  }
  assert(carry == 0);

  int top = width - 1;
  while (acc[top] == 0) --top;  // stops: |big| > |small| so the result is non-zero
  int bottom = 0;
  while (acc[bottom] == 0) ++bottom;
  const int exponent = low + top + 1;
  MT_RETURN_IF_ERROR(CheckLimits(exponent, top - bottom + 1));

  Number r;
  r.negative_ = big_negative;
  r.exponent_ = exponent;
  const int count = top - bottom + 1;
  r.digits_.resize(static_cast<size_t>(count));
  for (int i = top; i >= bottom; --i) r.digits_[top - i] = static_cast<char>('0' + acc[i]);
  return r;
}

Result<Number> Number::Add(const Number& a, const Number& b) { return AddSigned(a, b, false); }

Result<Number> Number::Subtract(const Number& a, const Number& b) { return AddSigned(a, b, true); }

}  // namespace monotable
