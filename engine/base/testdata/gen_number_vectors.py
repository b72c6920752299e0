#!/usr/bin/python3
"""Generates number_vectors.txt: DynamoDB Number arithmetic vectors whose expected
results come from Python's `decimal` module, an implementation independent of
engine/number.cc. Read by tests/engine/number_vectors_test.cc.

Standard library only, fixed seed: the output is deterministic. Regenerate with

    /usr/bin/python3 tests/engine/data/gen_number_vectors.py > tests/engine/data/number_vectors.txt

(run from the repository root; the script writes to stdout and a summary to stderr).

Every result is computed exactly: the context has 1000 digits of precision and a
huge exponent range, and Inexact/Rounded are trapped, so any rounding would raise
instead of producing a wrong vector. The exact result is then classified the way
DynamoDB does (range errors win over the precision error):

    |r| != 0 and |r| >= 1E+126   -> !overflow
    0 < |r| < 1E-130             -> !underflow
    more than 38 significant     -> !precision
    otherwise                    -> canonical plain text (no exponent, no trailing
                                    zeros, "-" only for negatives, "0" for zero)
"""

import collections
import decimal
import random
import re
import sys
from decimal import Decimal

SEED = 20240611
MAX_DIGITS = 38
MIN_EXP = -130  # scientific exponent of the smallest magnitude, 1E-130
MAX_EXP = 125  # scientific exponent of the largest magnitude, 9.99..E+125

CTX = decimal.Context(prec=1000, Emax=10**6, Emin=-(10**6),
                      traps=[decimal.Inexact, decimal.Rounded, decimal.InvalidOperation,
                             decimal.Overflow, decimal.Underflow, decimal.Clamped,
                             decimal.DivisionByZero])
decimal.setcontext(CTX)

OVERFLOW_BOUND = Decimal("1E+126")
UNDERFLOW_BOUND = Decimal("1E-130")

# The syntax both Number::Parse and Decimal() accept; every generated text must match.
SYNTAX = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?\Z")

rng = random.Random(SEED)


# --- Values ------------------------------------------------------------------------

def rand_digits(n, style=None):
    """n significant digits (first and last non-zero), biased to 9s and 0s."""
    if style is None:
        style = rng.choice(["uniform", "nines", "nines", "zeros", "zeros", "mixed"])
    out = []
    for _ in range(n):
        if style == "nines" and rng.random() < 0.8:
            d = "9"
        elif style == "zeros" and rng.random() < 0.8:
            d = "0"
        elif style == "mixed" and rng.random() < 0.8:
            d = rng.choice("09")
        else:
            d = rng.choice("0123456789")
        out.append(d)
    if out[0] == "0":
        out[0] = rng.choice("123456789")
    if out[-1] == "0":
        out[-1] = rng.choice("123456789")
    return "".join(out)


def rand_len():
    r = rng.random()
    if r < 0.3:
        return rng.randint(1, 5)
    if r < 0.6:
        return rng.randint(30, 38)
    return rng.randint(1, 38)


def rand_exp():
    """Scientific exponent over the whole range, clustered at the ends and near 0."""
    r = rng.random()
    if r < 0.3:
        return rng.randint(MIN_EXP, MAX_EXP)
    if r < 0.5:
        return rng.randint(MAX_EXP - 5, MAX_EXP)
    if r < 0.7:
        return rng.randint(MIN_EXP, MIN_EXP + 5)
    return rng.randint(-8, 8)


def make(neg, digits, sci_exp):
    """Exact Decimal -digits[0].digits[1:] * 10^sci_exp."""
    return Decimal((1 if neg else 0, tuple(int(c) for c in digits),
                    sci_exp - len(digits) + 1))


def parts(value):
    """(negative, digits without trailing zeros, scientific exponent) of a non-zero value."""
    sign, digs, exp = value.as_tuple()
    s = "".join(map(str, digs)).lstrip("0")
    stripped = s.rstrip("0")
    exp += len(s) - len(stripped)
    return bool(sign), stripped, exp + len(stripped) - 1


def rand_valid(neg=None):
    if neg is None:
        neg = rng.random() < 0.5
    n = rand_len()
    e = rand_exp()
    return make(neg, rand_digits(n), e)


def in_range(value):
    return classify(value) not in ("!overflow", "!underflow", "!precision")


# --- Text forms ----------------------------------------------------------------------

def render(value, form=None):
    """A text for `value` in a random but valid form: "0012.3400", "1.5E+3", ".5", "5."..."""
    if value == 0:
        return render_zero(value.is_signed() and rng.random() < 0.7)
    neg, digits, sci = parts(value)
    n = len(digits)
    if form is None:
        form = rng.choice(["plain", "plain", "padded", "sci", "shifted", "shifted"])
    sign = "-" if neg else ("+" if rng.random() < 0.1 else "")
    lead = trail = 0
    if form == "plain":
        point_exp = 0  # no exponent; lead/trail are the minimum to place the point
    elif form == "padded":
        point_exp = 0
        lead = rng.choice([0, 1, 2, 3, 10, 60])
        trail = rng.choice([0, 1, 2, 4, 40])
    elif form == "sci":
        point_exp = None
    else:  # shifted: the point anywhere, the exponent compensates
        point_exp = rng.randint(-45, 45)
        lead = rng.choice([0, 0, 1, 3])
        trail = rng.choice([0, 0, 1, 3])
    if point_exp is None:
        # d.ddd E x
        mant = digits[0] + ("." + digits[1:] if n > 1 else rng.choice(["", "", "."]))
        x = sci
    else:
        # s = "0"*lead + digits + "0"*trail with the point before index p and
        # exponent x: the first significant digit (index lead) has place p - lead - 1 + x,
        # which must be sci. Widen the zero padding when p falls outside s.
        x = point_exp
        p = sci + 1 - x + lead  # index of the point in s = "0"*lead + digits + "0"*trail
        if p < 0:
            lead += -p
            p = 0
        if p > lead + n + trail:
            trail = p - lead - n
        s = "0" * lead + digits + "0" * trail
        if p == 0:
            mant = ("0" if rng.random() < 0.5 else "") + "." + s
        elif p == len(s):
            mant = s + rng.choice(["", "", "."])
        else:
            mant = s[:p] + "." + s[p:]
    if point_exp is None or x != 0 or rng.random() < 0.05:
        exp_text = (rng.choice("eE") + ("-" if x < 0 else rng.choice(["", "+"]))
                    + "0" * rng.choice([0, 0, 0, 1, 2]) + str(abs(x)))
    else:
        exp_text = ""
    text = sign + mant + exp_text
    check_text(text, value)
    return text


def render_zero(neg):
    body = rng.choice(["0", "0", "0.0", "0.000", ".0", "0.", "00000", "000.000"])
    exp = rng.choice(["", "", "", "e5", "E-7", "e+0", "E+200", "e-300", "E00"])
    sign = "-" if neg else rng.choice(["", "", "+"])
    text = sign + body + exp
    assert SYNTAX.match(text), text
    assert Decimal(text) == 0
    return text


def check_text(text, value):
    assert SYNTAX.match(text), text
    assert Decimal(text) == value, (text, value)
    assert Decimal(text).is_signed() == value.is_signed(), (text, value)


# --- Reference result ---------------------------------------------------------------

def classify(r):
    if r != 0 and abs(r) >= OVERFLOW_BOUND:
        return "!overflow"
    if r != 0 and abs(r) < UNDERFLOW_BOUND:
        return "!underflow"
    if r == 0:
        return "0"
    # normalize() rounds to the context precision; the trapped Rounded signal and
    # this assertion guarantee it did not.
    assert len(r.as_tuple().digits) < CTX.prec
    norm = r.normalize()
    if len(norm.as_tuple().digits) > MAX_DIGITS:
        return "!precision"
    text = "{:f}".format(norm)
    assert "e" not in text.lower() and not text.startswith("+")
    assert "." not in text or not text.endswith("0"), text
    assert Decimal(text) == r
    return text


def cmp_text(a, b):
    return "lt" if a < b else ("gt" if a > b else "eq")


# --- Vectors -------------------------------------------------------------------------

vectors = []  # (op, a_text, b_text, expected)


def emit(op, a, b=None, a_text=None, b_text=None):
    at = a_text if a_text is not None else render(a)
    if op == "canon":
        vectors.append(("canon", at, "-", classify(Decimal(at))))
        return
    assert in_range(a), (a, classify(a))
    assert in_range(b), (b, classify(b))
    bt = b_text if b_text is not None else render(b)
    da, db = Decimal(at), Decimal(bt)
    if op == "add":
        exp = classify(CTX.add(da, db))
    elif op == "sub":
        exp = classify(CTX.subtract(da, db))
    else:
        exp = cmp_text(da, db)
    vectors.append((op, at, bt, exp))


def clamp_valid(neg, digits, sci):
    sci = max(MIN_EXP, min(MAX_EXP, sci))
    return make(neg, digits, sci)


def partner(a):
    """A second operand related to a: a wide choice of structural relations."""
    if a == 0:
        return rand_valid()
    neg, digits, sci = parts(a)
    kind = rng.randrange(11)
    if kind == 0:  # independent
        return rand_valid()
    if kind == 1:  # same magnitude class
        return clamp_valid(rng.random() < 0.5, rand_digits(rand_len()), sci)
    if kind == 2:  # exponents 30..45 apart: the 38-digit limit
        return clamp_valid(rng.random() < 0.5, rand_digits(rand_len()),
                           sci + rng.choice([-1, 1]) * rng.randint(30, 45))
    if kind == 3:  # exact negation / equality
        return -a if rng.random() < 0.5 else a
    if kind == 4:  # near-cancellation: a perturbed in its low digits
        delta = make(rng.random() < 0.5, rand_digits(rng.randint(1, 3)),
                     sci - len(digits) + 1 - rng.randint(-2, 3))
        b = a + delta
        if rng.random() < 0.5:
            b = -b
        return b if b != 0 and in_range(b) else -a
    if kind == 5:  # carry chain: a unit at or below a's last place
        return clamp_valid(rng.random() < 0.5, rand_digits(rng.randint(1, 2)),
                           sci - len(digits) + 1 - rng.randint(0, 3))
    if kind == 6:  # same digits, shifted exponent
        return clamp_valid(rng.random() < 0.5, digits, sci + rng.randint(-3, 3))
    if kind == 7:  # shared prefix
        cut = rng.randint(1, len(digits))
        d = digits[:cut].rstrip("0") or "1"
        ext = d + (rand_digits(rng.randint(1, 3)) if len(d) < MAX_DIGITS - 3 else "")
        return clamp_valid(neg if rng.random() < 0.7 else not neg, ext[:MAX_DIGITS].rstrip("0"), sci)
    if kind == 8:  # nines complement: a + b is a power of ten (long carry/borrow)
        b = Decimal((0, (1,), sci + 1)) - abs(a)
        b = b if not neg else -b
        if rng.random() < 0.5:
            b = -b
        return b if in_range(b) else rand_valid()
    if kind == 9:  # both near the top
        return make(rng.random() < 0.5, rand_digits(rand_len(), "nines"),
                    rng.randint(MAX_EXP - 2, MAX_EXP))
    # both near the bottom
    return make(rng.random() < 0.5, rand_digits(rand_len()), rng.randint(MIN_EXP, MIN_EXP + 2))


def overflow_pair():
    """Two same-sign values whose sum is near 1E+126 (for add; sub negates b)."""
    neg = rng.random() < 0.5
    a = make(neg, rand_digits(rand_len(), rng.choice(["nines", None])), MAX_EXP)
    b = make(neg, rand_digits(rand_len()), MAX_EXP - rng.choice([0, 0, 1, 2, 37, 38]))
    if rng.random() < 0.3:  # exactly the headroom left: sums to 1E+126, or just below
        b = Decimal("1E+126") - abs(a) - rng.choice([Decimal(0), Decimal("1E+88")])
        b = -b if neg else b
        if b == 0 or not in_range(b):
            b = a
    return a, b


def underflow_pair():
    """Two nearly cancelling values at the bottom of the range (for add; sub negates b)."""
    neg = rng.random() < 0.5
    a = make(neg, rand_digits(rand_len()), MIN_EXP + rng.choice([0, 0, 1, 2]))
    _, digits, sci = parts(a)
    low = min(sci - len(digits) + 1, MIN_EXP)
    delta = make(rng.random() < 0.5, rand_digits(rng.randint(1, 3)), low - rng.randint(-1, 2))
    b = -(a + delta)
    if b == 0 or not in_range(b):
        b = -a
    return a, b


def special_values():
    max_v = make(False, "9" * MAX_DIGITS, MAX_EXP)
    min_v = Decimal("1E-130")
    return [max_v, -max_v, min_v, -min_v, Decimal("1E+125"), Decimal("-1E+125"),
            Decimal(0), Decimal(1), Decimal(-1), make(False, "9" * MAX_DIGITS, 37),
            make(False, "1" + "0" * 36 + "1", 0), make(False, "1" + "0" * 36 + "1", MIN_EXP + 1),
            Decimal("5E+125"), Decimal("1E-129"), make(False, "9" * MAX_DIGITS, MIN_EXP)]


def gen_canon(count):
    for v in special_values():
        emit("canon", v)
    while sum(1 for x in vectors if x[0] == "canon") < count:
        r = rng.random()
        if r < 0.45:  # valid
            emit("canon", rand_valid())
        elif r < 0.55:  # zero
            emit("canon", None, a_text=render_zero(rng.random() < 0.5))
        elif r < 0.7:  # too many digits, in range
            n = rng.randint(MAX_DIGITS + 1, MAX_DIGITS + 3)
            e = rng.randint(MIN_EXP, MAX_EXP) if rng.random() < 0.6 else rng.choice(
                [MIN_EXP, MAX_EXP])
            emit("canon", make(rng.random() < 0.5, rand_digits(n), e))
        elif r < 0.82:  # overflow, sometimes with too many digits too
            n = rng.choice([1, 2, MAX_DIGITS, MAX_DIGITS + 1, rand_len()])
            emit("canon", make(rng.random() < 0.5, rand_digits(n),
                               MAX_EXP + rng.choice([1, 1, 2, 3, 50])))
        elif r < 0.94:  # underflow, sometimes with too many digits too
            n = rng.choice([1, 2, MAX_DIGITS, MAX_DIGITS + 1, rand_len()])
            emit("canon", make(rng.random() < 0.5, rand_digits(n),
                               MIN_EXP - rng.choice([1, 1, 2, 3, 50])))
        else:  # exactly at the boundaries
            emit("canon", rng.choice(special_values()))


def gen_binary(op, count):
    specials = special_values()
    for x in specials:  # every pair of boundary values, once
        for y in specials:
            if rng.random() < 0.25:
                emit(op, x, y)
    while sum(1 for v in vectors if v[0] == op) < count:
        r = rng.random()
        if r < 0.06 and op != "cmp":
            a, b = overflow_pair()
            if op == "sub":
                b = -b
        elif r < 0.12:
            a, b = underflow_pair()
            if op == "sub":
                b = -b
        else:
            a = rand_valid() if rng.random() < 0.9 else rng.choice(specials)
            b = partner(a)
        if rng.random() < 0.5:
            a, b = b, a
        if op == "cmp" and rng.random() < 0.15:
            # the same value written two ways
            emit(op, a, a)
        else:
            emit(op, a, b)


def main():
    gen_canon(600)
    gen_binary("add", 900)
    gen_binary("sub", 900)
    gen_binary("cmp", 600)

    counts = collections.Counter()
    for op, _, _, exp in vectors:
        if op == "cmp":
            cls = exp
        elif exp.startswith("!"):
            cls = exp[1:]
        else:
            cls = "zero" if exp == "0" else "ok"
        counts[(op, cls)] += 1

    out = sys.stdout
    for line in __doc__.strip("\n").split("\n"):
        out.write(("# " + line).rstrip() + "\n")
    out.write(
        "#\n"
        "# Format: one vector per line, four TAB-separated fields: op, a, b, expected.\n"
        "#   op       canon (Parse a, ToString), add (a + b), sub (a - b), cmp (a <=> b)\n"
        "#   a, b     operand texts as written (b is \"-\" for canon)\n"
        "#   expected canonical result text, lt/eq/gt for cmp, or an error class:\n"
        "#            !overflow, !underflow, !precision (DynamoDB's validation messages)\n"
        "# Lines starting with '#' and empty lines are ignored.\n"
        "#\n"
        "# Counts (op class count):\n")
    for (op, cls), n in sorted(counts.items()):
        out.write("#   %s %s %d\n" % (op, cls, n))
    out.write("#   total %d\n" % len(vectors))
    for v in vectors:
        assert all(v) and not any("\t" in f or "\n" in f for f in v), v
        out.write("\t".join(v) + "\n")
    for (op, cls), n in sorted(counts.items()):
        sys.stderr.write("%s %s %d\n" % (op, cls, n))
    sys.stderr.write("total %d\n" % len(vectors))


if __name__ == "__main__":
    main()
