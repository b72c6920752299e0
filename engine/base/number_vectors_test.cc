// Number arithmetic against an independent reference: vectors whose expected results
// were computed exactly with Python's `decimal` module (data/gen_number_vectors.py,
// which documents the file format and how to regenerate it).

#include <gtest/gtest.h>

#include <compare>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/number.h"

// A namespace of the file's own: the unity build compiles the folder's tests together.
namespace monotable::number_vectors_test {
namespace {

const char kPrecisionError[] = "Attempting to store more than 38 significant digits in a Number";
const char kOverflowError[] =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
const char kUnderflowError[] =
    "Number underflow. Attempting to store a number with magnitude smaller than supported "
    "range";

// Failures printed in full per test; the rest are only counted.
constexpr int kMaxReportedFailures = 40;

struct Vector {
  int line = 0;
  std::string text;  // the whole line, for failure messages
  std::string op;
  std::string a;
  std::string b;
  std::string expected;
};

std::filesystem::path VectorsPath() {
  return std::filesystem::path(MONOTABLE_BASE_TESTDATA) / "number_vectors.txt";
}

// Every vector of the file, read once. An unreadable or malformed file is reported
// through `error` (and yields no vectors).
const std::vector<Vector>& Vectors(std::string* error) {
  static std::string load_error;
  static const std::vector<Vector> vectors = [] {
    std::vector<Vector> out;
    std::ifstream in(VectorsPath());
    if (!in) {
      load_error = "cannot open " + VectorsPath().string();
      return out;
    }
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty() || line[0] == '#') continue;
      std::vector<std::string> fields;
      std::string field;
      std::istringstream split(line);
      while (std::getline(split, field, '\t')) fields.push_back(field);
      if (fields.size() != 4) {
        load_error =
            "line " + std::to_string(number) + ": expected 4 tab-separated fields: " + line;
        return std::vector<Vector>();
      }
      out.push_back(Vector{number, line, fields[0], fields[1], fields[2], fields[3]});
    }
    return out;
  }();
  *error = load_error;
  return vectors;
}

// The DynamoDB message of an expected error class ("!overflow"...), or "" for none.
std::string ExpectedMessage(const std::string& expected) {
  if (expected == "!precision") return kPrecisionError;
  if (expected == "!overflow") return kOverflowError;
  if (expected == "!underflow") return kUnderflowError;
  return "";
}

// The outcome of an operation in the file's vocabulary: canonical text or error class.
std::string Outcome(const Result<Number>& r) {
  if (r.ok()) return r->ToString();
  if (r.status().code() != ErrorCode::kValidation)
    return "<non-validation error> " + r.status().message();
  const std::string& m = r.status().message();
  if (m == kPrecisionError) return "!precision";
  if (m == kOverflowError) return "!overflow";
  if (m == kUnderflowError) return "!underflow";
  return "<unexpected message> " + m;
}

std::string Negated(const std::string& outcome) {
  if (outcome.empty() || outcome[0] == '!' || outcome[0] == '<' || outcome == "0") {
    return outcome;  // error classes are symmetric under negation
  }
  return outcome[0] == '-' ? outcome.substr(1) : "-" + outcome;
}

std::string OrderText(std::strong_ordering o) { return o < 0 ? "lt" : (o > 0 ? "gt" : "eq"); }

std::string Reversed(const std::string& order) {
  return order == "lt" ? "gt" : (order == "gt" ? "lt" : order);
}

// Collects mismatches for one op; prints the first few in full.
class Checker {
 public:
  explicit Checker(std::string op) : op_(std::move(op)) {}

  void Fail(const Vector& v, const std::string& what) {
    ++failures_;
    if (failures_ <= kMaxReportedFailures) {
      ADD_FAILURE() << "number_vectors.txt:" << v.line << ": " << what << "\n  vector: " << v.text;
    }
  }
  void Check(const Vector& v, const std::string& what, const std::string& actual,
             const std::string& want) {
    if (actual != want) Fail(v, what + ": got " + actual + ", want " + want);
  }

  // Runs `check` over every vector of this op; expects at least `min_count`.
  template <typename F>
  void Run(int min_count, F check) {
    std::string error;
    const std::vector<Vector>& vectors = Vectors(&error);
    ASSERT_EQ(error, "");
    int count = 0;
    for (const Vector& v : vectors) {
      if (v.op != op_) continue;
      ++count;
      check(v);
    }
    EXPECT_GE(count, min_count) << op_ << " vectors";
    EXPECT_EQ(failures_, 0) << failures_ << " of " << count << " " << op_
                            << " vectors failed (first " << kMaxReportedFailures << " shown above)";
  }

  // Parses an operand of an arithmetic vector, which the generator keeps in range.
  bool Operand(const Vector& v, const std::string& text, Number* out) {
    Result<Number> r = Number::Parse(text);
    if (!r.ok()) {
      Fail(v, "operand " + text + " does not parse: " + r.status().message());
      return false;
    }
    *out = *r;
    return true;
  }

  // A successful result must equal the parsed expected text, not just print as it.
  void CheckValue(const Vector& v, const Result<Number>& r, const std::string& want) {
    if (!r.ok() || want.empty() || want[0] == '!') return;
    Result<Number> parsed = Number::Parse(want);
    if (!parsed.ok() || !(*parsed == *r) || (*parsed <=> *r) != 0) {
      Fail(v, "result is not equal to Parse(\"" + want + "\")");
    }
  }

 private:
  std::string op_;
  int failures_ = 0;
};

TEST(NumberVectorsTest, FileIsWellFormed) {
  std::string error;
  const std::vector<Vector>& vectors = Vectors(&error);
  ASSERT_EQ(error, "");
  std::map<std::string, int> per_op;
  for (const Vector& v : vectors) {
    ++per_op[v.op];
    const bool known_op = v.op == "canon" || v.op == "add" || v.op == "sub" || v.op == "cmp";
    EXPECT_TRUE(known_op) << "line " << v.line << ": " << v.text;
    if (v.op == "cmp") {
      EXPECT_TRUE(v.expected == "lt" || v.expected == "eq" || v.expected == "gt") << v.text;
    } else if (!v.expected.empty() && v.expected[0] == '!') {
      EXPECT_NE(ExpectedMessage(v.expected), "") << v.text;
    }
  }
  EXPECT_GE(vectors.size(), 2500u);
  EXPECT_EQ(per_op.size(), 4u);
}

TEST(NumberVectorsTest, Canon) {
  Checker c("canon");
  c.Run(400, [&](const Vector& v) {
    Result<Number> r = Number::Parse(v.a);
    c.Check(v, "Parse(a).ToString()", Outcome(r), v.expected);
    c.CheckValue(v, r, v.expected);
    if (r.ok()) {
      // Canonical text is a fixed point.
      Result<Number> again = Number::Parse(r->ToString());
      c.Check(v, "Parse(ToString()).ToString()", Outcome(again), v.expected);
    }
  });
}

TEST(NumberVectorsTest, Add) {
  Checker c("add");
  c.Run(600, [&](const Vector& v) {
    Number a, b;
    if (!c.Operand(v, v.a, &a) || !c.Operand(v, v.b, &b)) return;
    Result<Number> r = Number::Add(a, b);
    c.Check(v, "a + b", Outcome(r), v.expected);
    c.CheckValue(v, r, v.expected);
    c.Check(v, "b + a", Outcome(Number::Add(b, a)), v.expected);
  });
}

TEST(NumberVectorsTest, Subtract) {
  Checker c("sub");
  c.Run(600, [&](const Vector& v) {
    Number a, b;
    if (!c.Operand(v, v.a, &a) || !c.Operand(v, v.b, &b)) return;
    Result<Number> r = Number::Subtract(a, b);
    c.Check(v, "a - b", Outcome(r), v.expected);
    c.CheckValue(v, r, v.expected);
    c.Check(v, "b - a", Outcome(Number::Subtract(b, a)), Negated(v.expected));
  });
}

TEST(NumberVectorsTest, Compare) {
  Checker c("cmp");
  c.Run(400, [&](const Vector& v) {
    Number a, b;
    if (!c.Operand(v, v.a, &a) || !c.Operand(v, v.b, &b)) return;
    c.Check(v, "a <=> b", OrderText(a <=> b), v.expected);
    c.Check(v, "b <=> a", OrderText(b <=> a), Reversed(v.expected));
    c.Check(v, "a == b", a == b ? "eq" : "ne", v.expected == "eq" ? "eq" : "ne");
  });
}

}  // namespace
}  // namespace monotable::number_vectors_test
