#include "engine/base/number.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

// A namespace of the file's own: the unity build compiles the folder's tests together.
namespace monotable::number_test {
namespace {

const char kSyntaxPrefix[] = "The parameter cannot be converted to a numeric value: ";
const char kPrecisionError[] = "Attempting to store more than 38 significant digits in a Number";
const char kOverflowError[] =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
const char kUnderflowError[] =
    "Number underflow. Attempting to store a number with magnitude smaller than supported "
    "range";

const std::string k38Nines(38, '9');
const std::string kMax = "9." + std::string(37, '9') + "E+125";

Number N(std::string_view text) {
  Result<Number> r = Number::Parse(text);
  EXPECT_TRUE(r.ok()) << text << ": " << r.status().message();
  return r.ok() ? r.value() : Number();
}

// The validation message Parse returns for `text`, or "" when it parses.
std::string ParseError(std::string_view text) {
  Result<Number> r = Number::Parse(text);
  if (r.ok()) return "";
  EXPECT_EQ(r.status().code(), ErrorCode::kValidation) << text;
  return r.status().message();
}

TEST(NumberTest, DefaultIsZero) {
  Number zero;
  EXPECT_TRUE(zero.is_zero());
  EXPECT_FALSE(zero.is_negative());
  EXPECT_EQ(zero.ToString(), "0");
  EXPECT_EQ(zero, N("0"));
}

TEST(NumberTest, ParseCanonicalGoldenVectors) {
  const std::pair<std::string, std::string> cases[] = {
      {"0", "0"},
      {"-0", "0"},
      {"+0", "0"},
      {"0.000", "0"},
      {"-0.000", "0"},
      {".0", "0"},
      {"0.", "0"},
      {"00000", "0"},
      {"0e999999999", "0"},
      {"-0E-999999999", "0"},
      {"0e99999999999999999999", "0"},
      {"0.0e-99999999999999999999", "0"},
      {"1", "1"},
      {"+1", "1"},
      {"-1", "-1"},
      {"1.50", "1.5"},
      {"01.50", "1.5"},
      {"000123.4500", "123.45"},
      {".5", "0.5"},
      {"5.", "5"},
      {"-.5", "-0.5"},
      {"+.5", "0.5"},
      {"1E3", "1000"},
      {"1e+3", "1000"},
      {"1e0", "1"},
      {"1e-0", "1"},
      {"1.5e1", "15"},
      {"1.5E-1", "0.15"},
      {"1.5e-4", "0.00015"},
      {"0.00015", "0.00015"},
      {"123.456e2", "12345.6"},
      {"123.456e3", "123456"},
      {"123.456E-3", "0.123456"},
      {"100", "100"},
      {"-100.0100", "-100.01"},
      {"10.01", "10.01"},
      {"5.E2", "500"},
      {".5e1", "5"},
      {"1e00000000000000000000000000003", "1000"},
      {"0.0000000000000000000000000000000000000000000000001e49", "1"},
      {"1000000000000000000000000000000000000000000000000e-48", "1"},
      {"12345678901234567890123456789012345678", "12345678901234567890123456789012345678"},
      {"-1234567890123456789012345678901234567.8", "-1234567890123456789012345678901234567.8"},
      {"12345678901234567890123456789012345678000000",
       "12345678901234567890123456789012345678000000"},
      {"1E+125", "1" + std::string(125, '0')},
      {"-1E-130", "-0." + std::string(129, '0') + "1"},
      {kMax, k38Nines + std::string(88, '0')},
      {"99999999999999999999999999999999999999E+88", k38Nines + std::string(88, '0')},
  };
  for (const auto& [text, canonical] : cases) {
    Result<Number> r = Number::Parse(text);
    ASSERT_TRUE(r.ok()) << text << ": " << r.status().message();
    EXPECT_EQ(r->ToString(), canonical) << text;
    // Canonical text parses back to the same value.
    EXPECT_EQ(N(canonical), *r) << text;
  }
}

TEST(NumberTest, Representation) {
  struct Case {
    const char* text;
    bool negative;
    const char* digits;
    int exponent;
  };
  const Case cases[] = {
      {"1.5", false, "15", 1},
      {"0.05", false, "5", -1},
      {"100", false, "1", 3},
      {"-0.15E1", true, "15", 1},
      {"1", false, "1", 1},
      {"0.1", false, "1", 0},
      {"-123.45", true, "12345", 3},
      {"1E-130", false, "1", -129},
      {kMax.c_str(), false, "99999999999999999999999999999999999999", 126},
  };
  for (const Case& c : cases) {
    Number n = N(c.text);
    EXPECT_EQ(n.is_negative(), c.negative) << c.text;
    EXPECT_EQ(n.digits(), c.digits) << c.text;
    EXPECT_EQ(n.exponent(), c.exponent) << c.text;
  }
  for (const char* zero : {"0", "-0", "-0.000e5", "0e99999999999999999999"}) {
    Number n = N(zero);
    EXPECT_TRUE(n.is_zero()) << zero;
    EXPECT_FALSE(n.is_negative()) << zero;
    EXPECT_EQ(n, Number()) << zero;
  }
}

TEST(NumberTest, SyntaxErrorsEchoTheTextVerbatim) {
  const std::string_view bad[] = {
      "",         "+",         "-",     ".",     "+.",       "-.",
      "e5",       ".e5",       "E",     "1e",    "1e+",      "1E-",
      " 1",       "1 ",        "1 2",   "\t1",   "NaN",      "nan",
      "Infinity", "-Infinity", "inf",   "0x10",  "1.2.3",    "--1",
      "+-1",      "1e5.5",     "1e1e1", "1,5",   "1_000",    "abc",
      "1f",       "1d",        "1e 5",  "1e--5", "\xd9\xa1", std::string_view("1\0", 2),
      "..5",      "5..",       "1.e",   "+e1",
  };
  for (std::string_view text : bad) {
    EXPECT_EQ(ParseError(text), kSyntaxPrefix + std::string(text)) << text;
  }
}

TEST(NumberTest, SignificantDigitLimit) {
  EXPECT_EQ(ParseError("12345678901234567890123456789012345678"), "");
  EXPECT_EQ(ParseError("123456789012345678901234567890123456789"), kPrecisionError);
  EXPECT_EQ(ParseError("-1234567890123456789012345678901234567.89"), kPrecisionError);
  EXPECT_EQ(ParseError("1.00000000000000000000000000000000000001"), kPrecisionError);
  EXPECT_EQ(ParseError("1.0000000000000000000000000000000000001"), "");
  // Leading and trailing zeros do not count.
  EXPECT_EQ(ParseError("0000012345678901234567890123456789012345678.000000"), "");
  EXPECT_EQ(ParseError("0.000123456789012345678901234567890123456780"), "");
  EXPECT_EQ(ParseError("1" + std::string(100, '0')), "");
  EXPECT_EQ(ParseError("1" + std::string(38, '0') + "1"), kPrecisionError);
}

TEST(NumberTest, RangeLimits) {
  EXPECT_EQ(ParseError(kMax), "");
  EXPECT_EQ(ParseError("-" + kMax), "");
  EXPECT_EQ(ParseError("1E+125"), "");
  EXPECT_EQ(ParseError("1E126"), kOverflowError);
  EXPECT_EQ(ParseError("1e+126"), kOverflowError);
  EXPECT_EQ(ParseError("-1E126"), kOverflowError);
  EXPECT_EQ(ParseError("10E125"), kOverflowError);
  EXPECT_EQ(ParseError("0.1e127"), kOverflowError);
  EXPECT_EQ(ParseError("1" + std::string(126, '0')), kOverflowError);
  EXPECT_EQ(ParseError("1e99999999999999999999"), kOverflowError);
  EXPECT_EQ(ParseError("-1e99999999999999999999"), kOverflowError);
  EXPECT_EQ(ParseError("1E-130"), "");
  EXPECT_EQ(ParseError("1.5E-130"), "");
  EXPECT_EQ(ParseError("-1E-130"), "");
  EXPECT_EQ(ParseError("1E-131"), kUnderflowError);
  EXPECT_EQ(ParseError("0.1E-130"), kUnderflowError);
  EXPECT_EQ(ParseError("9.9999E-131"), kUnderflowError);
  EXPECT_EQ(ParseError("-1E-131"), kUnderflowError);
  EXPECT_EQ(ParseError("0." + std::string(130, '0') + "1"), kUnderflowError);
  EXPECT_EQ(ParseError("1e-99999999999999999999"), kUnderflowError);
  // Range is reported before precision, as for arithmetic results.
  EXPECT_EQ(ParseError("1234567890123456789012345678901234567890E200"), kOverflowError);
}

TEST(NumberTest, OrderingGolden) {
  const std::string sorted[] = {
      "-" + kMax,
      "-1E+125",
      "-100",
      "-99.9",
      "-10",
      "-9",
      "-1.0000000000000000000000000000000000001",
      "-1",
      "-0.99999",
      "-0.1",
      "-1E-129",
      "-1.5E-130",
      "-1E-130",
      "0",
      "1E-130",
      "1.5E-130",
      "1E-129",
      "0.001",
      "0.0011",
      "0.01",
      "0.5",
      "1",
      "1.0000000000000000000000000000000000001",
      "1.5",
      "2",
      "10",
      "10.5",
      "11",
      "99",
      "100",
      "1E+125",
      "1.1E+125",
      kMax,
  };
  const size_t n = std::size(sorted);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      EXPECT_EQ(N(sorted[i]) <=> N(sorted[j]), i <=> j) << sorted[i] << " vs " << sorted[j];
    }
  }
  EXPECT_EQ(N("1.50"), N("15e-1"));
  EXPECT_EQ(N("0.15E1") <=> N("1.5"), std::strong_ordering::equal);
  EXPECT_EQ(N("-0") <=> N("0"), std::strong_ordering::equal);
}

// --- Randomized tests against a naive fixed-point reference -----------------------

// A random in-range value as (sign, digits, exponent) with value 0.digits * 10^exponent,
// digits without leading or trailing zeros.
struct Sample {
  bool negative = false;
  std::string digits;
  int exponent = 0;
  std::string Text() const {
    return (negative ? "-0." : "0.") + digits + "E" + std::to_string(exponent);
  }
};

// Reference: a value as a fixed-point digit string over every place an in-range value
// or an exact sum of two can occupy, 10^126 down to 10^-170. Comparing such strings
// lexicographically compares magnitudes; no shortcuts shared with Number.
constexpr int kTopPlace = 126;
constexpr int kBottomPlace = -170;
struct Fixed {
  bool negative = false;
  std::string mag = std::string(kTopPlace - kBottomPlace + 1, '0');
  bool is_zero() const { return mag.find_first_not_of('0') == std::string::npos; }
};

Fixed ToFixed(const Sample& s) {
  Fixed f;
  f.negative = s.negative;
  for (size_t i = 0; i < s.digits.size(); ++i) {
    f.mag[kTopPlace - (s.exponent - 1 - static_cast<int>(i))] = s.digits[i];
  }
  return f;
}

int RefCompare(const Fixed& a, const Fixed& b) {
  int sa = a.is_zero() ? 0 : (a.negative ? -1 : 1);
  int sb = b.is_zero() ? 0 : (b.negative ? -1 : 1);
  if (sa != sb) return sa < sb ? -1 : 1;
  int c = a.mag.compare(b.mag);
  c = c < 0 ? -1 : (c > 0 ? 1 : 0);
  return sa < 0 ? -c : c;
}

// Schoolbook signed addition on the fixed-point strings.
Fixed RefAdd(Fixed a, Fixed b) {
  if (a.negative == b.negative) {
    int carry = 0;
    for (size_t i = a.mag.size(); i-- > 0;) {
      int v = (a.mag[i] - '0') + (b.mag[i] - '0') + carry;
      a.mag[i] = static_cast<char>('0' + v % 10);
      carry = v / 10;
    }
    EXPECT_EQ(carry, 0);
    return a;
  }
  if (a.mag < b.mag) std::swap(a, b);
  int borrow = 0;
  for (size_t i = a.mag.size(); i-- > 0;) {
    int v = (a.mag[i] - '0') - (b.mag[i] - '0') - borrow;
    borrow = v < 0 ? 1 : 0;
    a.mag[i] = static_cast<char>('0' + v + 10 * borrow);
  }
  return a;
}

// Plain text from the reference, trimming zeros by hand: an independent ToString.
std::string RefText(const Fixed& f) {
  if (f.is_zero()) return "0";
  std::string int_part = f.mag.substr(0, kTopPlace + 1);
  std::string frac = f.mag.substr(kTopPlace + 1);
  int_part.erase(0, std::min(int_part.find_first_not_of('0'), int_part.size() - 1));
  frac.erase(frac.find_last_not_of('0') + 1);
  return (f.negative ? "-" : "") + int_part + (frac.empty() ? "" : "." + frac);
}

class NumberRandomTest : public ::testing::Test {
 protected:
  std::mt19937_64 rng_{20240601};

  int Uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

  // Digit strings biased towards 9s and 0s so additions carry and borrow far.
  Sample Random() {
    Sample s;
    s.negative = Uniform(0, 1) == 1;
    const int len = Uniform(1, 38);
    const int style = Uniform(0, 2);
    for (int i = 0; i < len; ++i) {
      char d = static_cast<char>('0' + Uniform(0, 9));
      if (style == 1 && Uniform(0, 3) != 0) d = '9';
      if (style == 2 && Uniform(0, 3) != 0) d = '0';
      s.digits.push_back(d);
    }
    if (s.digits.front() == '0') s.digits.front() = static_cast<char>('1' + Uniform(0, 8));
    if (s.digits.back() == '0') s.digits.back() = static_cast<char>('1' + Uniform(0, 8));
    // Mostly small exponents so operands overlap; sometimes the range ends.
    const int kind = Uniform(0, 9);
    s.exponent = kind == 0   ? 126
                 : kind == 1 ? -129
                 : kind < 4  ? Uniform(-129, 126)
                             : Uniform(-5, 5);
    return s;
  }

  // A second operand related to `a`: same place, negated, or nearly cancelling.
  Sample Partner(const Sample& a) {
    Sample b = Random();
    switch (Uniform(0, 3)) {
      case 0: b.exponent = a.exponent; break;
      case 1:
        b = a;
        b.negative = !a.negative;
        break;
      case 2: b.exponent = a.exponent + Uniform(-3, 3); break;
      default: break;
    }
    b.exponent = std::clamp(b.exponent, -129, 126);
    return b;
  }
};

TEST_F(NumberRandomTest, ParseAndToStringMatchReference) {
  for (int iter = 0; iter < 5000; ++iter) {
    Sample s = Random();
    Number n = N(s.Text());
    EXPECT_EQ(n.is_negative(), s.negative) << s.Text();
    EXPECT_EQ(n.digits(), s.digits) << s.Text();
    EXPECT_EQ(n.exponent(), s.exponent) << s.Text();
    const std::string text = n.ToString();
    ASSERT_EQ(text, RefText(ToFixed(s))) << s.Text();
    EXPECT_EQ(N(text), n) << s.Text();
  }
}

TEST_F(NumberRandomTest, OrderingMatchesReference) {
  int checked_with_long_double = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    Sample a = Random();
    Sample b = iter % 2 == 0 ? Random() : Partner(a);
    if (iter % 7 == 0) b.digits = a.digits;  // equal values and shared prefixes
    const Number na = N(a.Text());
    const Number nb = N(b.Text());
    const int expected = RefCompare(ToFixed(a), ToFixed(b));
    ASSERT_EQ(na <=> nb, expected <=> 0) << a.Text() << " vs " << b.Text();
    ASSERT_EQ(nb <=> na, 0 <=> expected) << a.Text() << " vs " << b.Text();
    EXPECT_EQ(na == nb, expected == 0);
    // long double resolves ~19 digits: trust it only for well-separated values.
    const long double x = std::strtold(a.Text().c_str(), nullptr);
    const long double y = std::strtold(b.Text().c_str(), nullptr);
    if (std::fabs(x - y) > 1e-12L * std::max(std::fabs(x), std::fabs(y))) {
      ++checked_with_long_double;
      ASSERT_EQ(na <=> nb, x < y ? std::strong_ordering::less : std::strong_ordering::greater)
          << a.Text() << " vs " << b.Text();
    }
  }
  EXPECT_GT(checked_with_long_double, 10000);
}

TEST_F(NumberRandomTest, AddAndSubtractMatchReference) {
  int ok_results = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    const Sample a = Random();
    const Sample b = Partner(a);
    const Number na = N(a.Text());
    const Number nb = N(b.Text());
    Fixed neg_b = ToFixed(b);
    neg_b.negative = !neg_b.negative;
    const std::pair<Result<Number>, Fixed> ops[] = {
        {Number::Add(na, nb), RefAdd(ToFixed(a), ToFixed(b))},
        {Number::Subtract(na, nb), RefAdd(ToFixed(a), neg_b)},
    };
    for (const auto& [actual, reference] : ops) {
      // The exact result must be accepted or rejected exactly as Parse would.
      const std::string exact = RefText(reference);
      const Result<Number> expected = Number::Parse(exact);
      ASSERT_EQ(actual.ok(), expected.ok()) << a.Text() << ", " << b.Text() << " -> " << exact;
      if (!actual.ok()) {
        EXPECT_EQ(actual.status().message(), expected.status().message()) << exact;
        continue;
      }
      ++ok_results;
      ASSERT_EQ(actual->ToString(), exact) << a.Text() << ", " << b.Text();
      EXPECT_EQ(*actual, *expected);
    }
    Result<Number> sum = Number::Add(na, nb);
    Result<Number> swapped = Number::Add(nb, na);
    ASSERT_EQ(sum.ok(), swapped.ok());
    if (sum.ok()) {
      EXPECT_EQ(*sum, *swapped);
      Result<Number> back = Number::Subtract(*sum, nb);
      if (back.ok()) {
        EXPECT_EQ(*back, na) << a.Text() << ", " << b.Text();
      }
    }
  }
  EXPECT_GT(ok_results, 10000);
}

// --- Arithmetic golden vectors -------------------------------------------------

struct ArithCase {
  std::string a;
  std::string b;
  std::string want;  // canonical result, or the exact error message
};

void CheckArith(const ArithCase& c, bool subtract) {
  const Number a = N(c.a);
  const Number b = N(c.b);
  Result<Number> r = subtract ? Number::Subtract(a, b) : Number::Add(a, b);
  const std::string what = c.a + (subtract ? " - " : " + ") + c.b;
  if (r.ok()) {
    EXPECT_EQ(r->ToString(), c.want) << what;
    EXPECT_EQ(*r, N(c.want)) << what;  // canonical: comparable with operator==
  } else {
    EXPECT_EQ(r.status().code(), ErrorCode::kValidation) << what;
    EXPECT_EQ(r.status().message(), c.want) << what;
  }
}

TEST(NumberArithmeticTest, AddGolden) {
  const ArithCase cases[] = {
      {"1", "1", "2"},
      {"0.1", "0.2", "0.3"},
      {"9999999999", "1", "10000000000"},
      {k38Nines, "1", "1" + std::string(38, '0')},
      {"0." + k38Nines, "1E-38", "1"},
      {"99.99", "0.01", "100"},
      {"-1", "1", "0"},
      {"1.5", "-1.5", "0"},
      {"100", "-0.001", "99.999"},
      {"-5", "3", "-2"},
      {"3", "-5", "-2"},
      {"-3", "-5", "-8"},
      {"1E+125", "-1E+125", "0"},
      {"123.456", "0", "123.456"},
      {"0", "-7", "-7"},
      {"0", "0", "0"},
      {"1E-130", "1E-130", "0." + std::string(129, '0') + "2"},
      {"1E+100", "1E+100", "2" + std::string(100, '0')},
      {"1E10", "1E-10", "10000000000.0000000001"},
      {"1" + std::string(37, '0'), "-1", std::string(37, '9')},
      {"1", "-1E-38", "0." + k38Nines},
      {"1", "1E-37", "1.0000000000000000000000000000000000001"},
      {"5E+125", "4.9E+125", "99" + std::string(124, '0')},
      {"5E+125", "5E+125", kOverflowError},
      {kMax, "1E+125", kOverflowError},
      {"-" + kMax, "-1E+125", kOverflowError},
      {kMax, "-" + kMax, "0"},
      {"1E+125", "1", kPrecisionError},
      {"1", "1E-38", kPrecisionError},
      {k38Nines, "0.1", kPrecisionError},
      {"1.0000000000000000000000000000000000001E-129", "-1E-129", kUnderflowError},
      {"2E-130", "-1E-130", "0." + std::string(129, '0') + "1"},
  };
  for (const ArithCase& c : cases) CheckArith(c, /*subtract=*/false);
}

TEST(NumberArithmeticTest, SubtractGolden) {
  const ArithCase cases[] = {
      {"10", "3", "7"},
      {"3", "10", "-7"},
      {"-3", "-10", "7"},
      {"0", "5", "-5"},
      {"0", "-5", "5"},
      {"5", "0", "5"},
      {"5", "5", "0"},
      {"-0.5", "-0.5", "0"},
      {"1E-129", "1E-130", "0." + std::string(129, '0') + "9"},
      {"1" + std::string(37, '0'), "0.01", kPrecisionError},
      {"1" + std::string(37, '0'), "0.1", std::string(37, '9') + ".9"},
      {"1000000", "0.000001", "999999.999999"},
      {"-" + kMax, "1E+125", kOverflowError},
      {"1.1E-129", "1E-129", "0." + std::string(129, '0') + "1"},
      {"1E-129", "0.99E-129", kUnderflowError},
      {"1.0000000000000000000000000000000000001E-129", "1E-129", kUnderflowError},
      {"12345678901234567890.123456789012345678", "0.123456789012345678", "12345678901234567890"},
  };
  for (const ArithCase& c : cases) CheckArith(c, /*subtract=*/true);
}

TEST(NumberArithmeticTest, CancellationIsCanonicalZero) {
  for (const char* text : {"1", "-1", "0.000123", "-9.87E+100", "1E-130"}) {
    const Number x = N(text);
    Result<Number> diff = Number::Subtract(x, x);
    ASSERT_TRUE(diff.ok()) << text;
    EXPECT_TRUE(diff->is_zero()) << text;
    EXPECT_FALSE(diff->is_negative()) << text;
    EXPECT_EQ(*diff, Number()) << text;
    EXPECT_EQ(diff->ToString(), "0") << text;
  }
  Result<Number> neg_zero = Number::Subtract(Number(), N("0"));
  ASSERT_TRUE(neg_zero.ok());
  EXPECT_FALSE(neg_zero->is_negative());
}

}  // namespace
}  // namespace monotable::number_test
