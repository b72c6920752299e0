#pragma once
// Number: DynamoDB's decimal type. Up to 38 significant digits, magnitude 1E-130 ..
// 9.99..E+125 (or zero). Immutable value type; thread-compatible.

#include <compare>
#include <string>
#include <string_view>

#include "engine/base/status.h"

namespace monotable {

// DynamoDB's messages for numbers that cannot be stored.
inline constexpr std::string_view kNumberPrecisionError =
    "Attempting to store more than 38 significant digits in a Number";
inline constexpr std::string_view kNumberOverflowError =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
inline constexpr std::string_view kNumberUnderflowError =
    "Number underflow. Attempting to store a number with magnitude smaller than supported range";

class Number {
 public:
  Number() = default;  // zero

  // Parses DynamoDB's number syntax: [+-]digits[.digits][(e|E)[+-]digits], at least
  // one digit in the mantissa. Trailing/leading zeros are insignificant.
  // Returns kValidation with DynamoDB's messages:
  //   "The parameter cannot be converted to a numeric value: <text>"
  //   "Attempting to store more than 38 significant digits in a Number"
  //   "Number overflow. Attempting to store a number with magnitude larger than supported range"
  //   "Number underflow. Attempting to store a number with magnitude smaller than supported range"
  static Result<Number> Parse(std::string_view text);

  // Canonical text as DynamoDB returns it: plain notation (never an exponent), no
  // leading or trailing zeros, no "+", "-0" is "0". "01.50" -> "1.5", "1E3" -> "1000".
  std::string ToString() const;

  bool is_zero() const { return digits_.empty(); }
  bool is_negative() const { return negative_; }
  // Significant digits without leading/trailing zeros ("15" for 1.5); empty for zero.
  const std::string& digits() const { return digits_; }
  // Decimal exponent of the first significant digit: value = 0.d1d2... * 10^exponent.
  // 1.5 -> digits "15", exponent 1. Meaningless for zero.
  int exponent() const { return exponent_; }

  // Exact arithmetic. Errors as Parse (overflow/underflow/precision) when the exact
  // result is not representable in 38 digits.
  static Result<Number> Add(const Number& a, const Number& b);
  static Result<Number> Subtract(const Number& a, const Number& b);

  friend std::strong_ordering operator<=>(const Number& a, const Number& b);
  friend bool operator==(const Number& a, const Number& b) = default;

 private:
  // a + b, or a - b when negate_b: one routine so Subtract need not copy b to negate it.
  static Result<Number> AddSigned(const Number& a, const Number& b, bool negate_b);

  bool negative_ = false;
  std::string digits_;
  int exponent_ = 0;
};

}  // namespace monotable
