"""ConditionExpression on PutItem, UpdateItem and DeleteItem.

Semantics follow the Developer Guide ("Condition and filter expressions, operators and
functions"): comparisons of different types are false (never an error, and `<>` is then
true); anything on a missing attribute is false except `<>`; NOT binds tighter than AND,
which binds tighter than OR; strings and binaries order by their unsigned bytes (UTF-8
for strings), numbers numerically. A failed condition is ConditionalCheckFailedException
"The conditional request failed"; ReturnValuesOnConditionCheckFailure=ALL_OLD adds the
item as it was to the error body (as "Item").

Most semantic cases run against one seeded item in a module-scoped table: the check is a
PutItem of that same item with the condition, so a passing condition leaves it unchanged.
"""

import base64
import json

import pytest
from botocore.exceptions import ClientError

from mtutil import (put_holds, B, CCF, CCF_MESSAGE, create_table, delete_table_quietly,
                    expect_error, k, N, S, unique_name)


SEED_ATTRS = {
    "s": S("hello"),
    "u": S("\uffff"),              # UTF-8 EF BF BF: sorts below any 4-byte character
    "uni": S("\u00e9\U0001D11E"),   # é and a character outside the BMP
    "n": N("10"),
    "n2": N("10"),
    "neg": N("-5"),
    "tiny": N("0.001"),
    "b": B(b"\x01\x02\x03"),
    "t": {"BOOL": True},
    "z": {"NULL": True},
    "ss": {"SS": ["a", "b"]},
    "ns": {"NS": ["1", "2", "3"]},
    "bs": {"BS": [b"\x01", b"\xff"]},
    "l": {"L": [S("x"), N("1"), {"M": {"k": S("v")}}]},
    "m": {"M": {"x": S("y"), "deep": {"M": {"z": N("5")}}}},
}
SEED = dict(k("seed"), **SEED_ATTRS)


@pytest.fixture(scope="module")
def seeded(ddb):
    """(table, item): a module-scoped table holding SEED."""
    name = unique_name("cond")
    create_table(ddb, name)
    ddb.put_item(TableName=name, Item=SEED)
    yield name
    delete_table_quietly(ddb, name)


def holds(ddb, table, expression, values=None, names=None, item=SEED):
    """Whether `expression` holds for the stored `item`: a PutItem of the same item
    under the condition succeeds (True) or fails with ConditionalCheckFailed (False)."""
    kwargs = dict(TableName=table, Item=item, ConditionExpression=expression)
    if values is not None:
        kwargs["ExpressionAttributeValues"] = values
    if names is not None:
        kwargs["ExpressionAttributeNames"] = names
    return put_holds(ddb, **kwargs)


def assert_seed_unchanged(ddb, table):
    got = ddb.get_item(TableName=table, Key=k("seed"), ConsistentRead=True)["Item"]
    assert got.keys() == SEED.keys()
    assert got["l"] == SEED["l"] and got["m"] == SEED["m"] and got["s"] == SEED["s"]


# ------------------------------------------------------------------ comparisons

COMPARISONS = [
    # S: byte order of UTF-8
    ("S-eq", "s = :v", S("hello"), True),
    ("S-eq-case", "s = :v", S("Hello"), False),
    ("S-ne", "s <> :v", S("Hello"), True),
    ("S-ne-equal", "s <> :v", S("hello"), False),
    ("S-lt", "s < :v", S("help"), True),
    ("S-lt-equal", "s < :v", S("hello"), False),
    ("S-le-equal", "s <= :v", S("hello"), True),
    ("S-le-false", "s <= :v", S("hell"), False),
    ("S-gt-uppercase-sorts-first", "s > :v", S("Zebra"), True),
    ("S-gt-prefix", "s > :v", S("hell"), True),
    ("S-gt-equal", "s > :v", S("hello"), False),
    ("S-ge-equal", "s >= :v", S("hello"), True),
    ("S-ge-false", "s >= :v", S("hellp"), False),
    ("S-utf8-not-utf16", "u < :v", S("\U0001F600"), True),
    # N: numeric, not lexical
    ("N-eq-canonical", "n = :v", N("10.0"), True),
    ("N-eq-exponent", "n = :v", N("1E1"), True),
    ("N-eq-false", "n = :v", N("10.00001"), False),
    ("N-ne", "n <> :v", N("11"), True),
    ("N-ne-equal", "n <> :v", N("010"), False),
    ("N-lt-not-lexical", "n < :v", N("9.5"), False),
    ("N-lt", "n < :v", N("10.5"), True),
    ("N-le-equal", "n <= :v", N("10"), True),
    ("N-le-false", "n <= :v", N("9.999"), False),
    ("N-gt-not-lexical", "n > :v", N("9"), True),
    ("N-gt-false", "n > :v", N("100"), False),
    ("N-ge", "n >= :v", N("-10"), True),
    ("N-ge-false", "n >= :v", N("10.000001"), False),
    ("N-negative-lt", "neg < :v", N("-3"), True),
    ("N-negative-gt", "neg > :v", N("-10"), True),
    ("N-negative-vs-positive", "neg < :v", N("0.001"), True),
    ("N-fraction-gt", "tiny > :v", N("0.0001"), True),
    ("N-fraction-lt", "tiny < :v", N("0.01"), True),
    ("N-huge", "n < :v", N("9.9999999999999999999999999999999999999E+125"), True),
    # B: unsigned bytes
    ("B-eq", "b = :v", B(b"\x01\x02\x03"), True),
    ("B-eq-false", "b = :v", B(b"\x01\x02"), False),
    ("B-ne", "b <> :v", B(b"\x01\x02\x04"), True),
    ("B-lt", "b < :v", B(b"\x01\x02\x04"), True),
    ("B-lt-unsigned", "b < :v", B(b"\xff"), True),
    ("B-le-equal", "b <= :v", B(b"\x01\x02\x03"), True),
    ("B-gt-prefix", "b > :v", B(b"\x01\x02"), True),
    ("B-gt-false", "b > :v", B(b"\x80"), False),
    ("B-ge-false", "b >= :v", B(b"\x01\x03"), False),
    # mismatched types: false, not an error; <> true
    ("mismatch-N-vs-S-eq", "n = :v", S("10"), False),
    ("mismatch-N-vs-S-ne", "n <> :v", S("10"), True),
    ("mismatch-N-vs-S-lt", "n < :v", S("99"), False),
    ("mismatch-N-vs-S-le", "n <= :v", S("99"), False),
    ("mismatch-N-vs-S-gt", "n > :v", S("0"), False),
    ("mismatch-N-vs-S-ge", "n >= :v", S("0"), False),
    ("mismatch-S-vs-B-gt", "s > :v", B(b"a"), False),
    ("mismatch-B-vs-S-le", "b <= :v", S("zzz"), False),
    ("mismatch-S-vs-SS-eq", "s = :v", {"SS": ["hello"]}, False),
    ("mismatch-N-vs-NS-eq", "n = :v", {"NS": ["10"]}, False),
    ("mismatch-BOOL-vs-S-eq", "t = :v", S("true"), False),
    # missing attributes: false, except <>
    ("missing-eq", "nope = :v", S("x"), False),
    ("missing-ne", "nope <> :v", S("x"), True),
    ("missing-lt", "nope < :v", N("1"), False),
    ("missing-le", "nope <= :v", N("1"), False),
    ("missing-gt", "nope > :v", N("1"), False),
    ("missing-ge", "nope >= :v", N("1"), False),
    ("missing-nested-eq", "m.nope.deeper = :v", S("x"), False),
    ("missing-index-eq", "l[7] = :v", S("x"), False),
    ("index-on-map-eq", "m[0] = :v", S("y"), False),
    ("key-on-list-eq", "l.x = :v", S("x"), False),
    # other types: equality only
    ("SS-eq-unordered", "ss = :v", {"SS": ["b", "a"]}, True),
    ("SS-eq-subset", "ss = :v", {"SS": ["a"]}, False),
    ("NS-eq-canonical", "ns = :v", {"NS": ["3", "2.0", "1"]}, True),
    ("BS-eq", "bs = :v", {"BS": [b"\xff", b"\x01"]}, True),
    ("L-eq", "l = :v", SEED_ATTRS["l"], True),
    ("L-eq-order-matters", "l = :v", {"L": list(reversed(SEED_ATTRS["l"]["L"]))}, False),
    ("M-eq", "m = :v", {"M": {"deep": {"M": {"z": N("5.0")}}, "x": S("y")}}, True),
    ("M-ne", "m <> :v", {"M": {"x": S("y")}}, True),
    ("BOOL-eq", "t = :v", {"BOOL": True}, True),
    ("BOOL-eq-false", "t = :v", {"BOOL": False}, False),
    ("NULL-eq", "z = :v", {"NULL": True}, True),
    # document paths
    ("nested-map-eq", "m.deep.z = :v", N("5"), True),
    ("nested-map-gt", "m.deep.z > :v", N("4.99"), True),
    ("list-index-eq", "l[1] = :v", N("1"), True),
    ("list-index-map-eq", "l[2].k = :v", S("v"), True),
    ("value-on-left", ":v < n", N("3"), True),
    ("value-on-left-false", ":v > n", N("3"), False),
]


@pytest.mark.parametrize("expression,value,expected",
                         [c[1:] for c in COMPARISONS], ids=[c[0] for c in COMPARISONS])
def test_comparison(ddb, seeded, expression, value, expected):
    assert holds(ddb, seeded, expression, {":v": value}) is expected


def test_comparison_between_two_paths(ddb, seeded):
    assert holds(ddb, seeded, "n = n2") is True
    assert holds(ddb, seeded, "n > neg") is True
    assert holds(ddb, seeded, "n <= neg") is False
    assert holds(ddb, seeded, "m.deep.z < n") is True
    assert holds(ddb, seeded, "s = n") is False  # different types
    assert holds(ddb, seeded, "s <> n") is True


def test_failed_condition_leaves_item_unchanged(ddb, seeded):
    changed = dict(SEED, s=S("changed"))
    assert holds(ddb, seeded, "s = :v", {":v": S("other")}, item=changed) is False
    assert_seed_unchanged(ddb, seeded)


# ------------------------------------------------------------------ BETWEEN and IN

BETWEEN_IN = [
    ("N-between-inside", "n BETWEEN :a AND :b", {":a": N("5"), ":b": N("20")}, True),
    ("N-between-upper-inclusive", "n BETWEEN :a AND :b", {":a": N("5"), ":b": N("10")}, True),
    ("N-between-lower-inclusive", "n BETWEEN :a AND :b", {":a": N("10"), ":b": N("20")}, True),
    ("N-between-above", "n BETWEEN :a AND :b", {":a": N("10.01"), ":b": N("20")}, False),
    ("N-between-below", "n BETWEEN :a AND :b", {":a": N("-100"), ":b": N("9.99")}, False),
    ("N-between-single-point", "n BETWEEN :a AND :b", {":a": N("10"), ":b": N("10")}, True),
    ("S-between", "s BETWEEN :a AND :b", {":a": S("a"), ":b": S("i")}, True),
    ("S-between-false", "s BETWEEN :a AND :b", {":a": S("hellp"), ":b": S("z")}, False),
    ("B-between", "b BETWEEN :a AND :b", {":a": B(b"\x01"), ":b": B(b"\x02")}, True),
    ("B-between-false", "b BETWEEN :a AND :b", {":a": B(b"\x02"), ":b": B(b"\xff")}, False),
    ("mismatch-between", "n BETWEEN :a AND :b", {":a": S("0"), ":b": S("9")}, False),
    ("missing-between", "nope BETWEEN :a AND :b", {":a": N("0"), ":b": N("9")}, False),
    ("not-between", "NOT n BETWEEN :a AND :b", {":a": N("11"), ":b": N("20")}, True),
    ("size-between", "size(l) BETWEEN :a AND :b", {":a": N("3"), ":b": N("4")}, True),
    ("N-in", "n IN (:a, :b, :c)", {":a": N("1"), ":b": N("10.0"), ":c": N("100")}, True),
    ("N-in-false", "n IN (:a, :b)", {":a": N("1"), ":b": N("100")}, False),
    ("S-in-single", "s IN (:a)", {":a": S("hello")}, True),
    ("S-in-false", "s IN (:a, :b)", {":a": S("x"), ":b": S("y")}, False),
    ("mismatch-in", "n IN (:a)", {":a": S("10")}, False),
    ("missing-in", "nope IN (:a)", {":a": S("x")}, False),
    ("set-in", "ss IN (:a, :b)", {":a": {"SS": ["x"]}, ":b": {"SS": ["b", "a"]}}, True),
    ("in-path-operand", "n IN (:a, n2)", {":a": N("1")}, True),
    ("not-in", "NOT s IN (:a)", {":a": S("x")}, True),
    ("size-in", "size(ss) IN (:a, :b)", {":a": N("1"), ":b": N("2")}, True),
]


@pytest.mark.parametrize("expression,values,expected",
                         [c[1:] for c in BETWEEN_IN], ids=[c[0] for c in BETWEEN_IN])
def test_between_and_in(ddb, seeded, expression, values, expected):
    assert holds(ddb, seeded, expression, values) is expected


# ------------------------------------------------------------------ AND / OR / NOT

T = "attribute_exists(s)"
F = "attribute_exists(nope)"
LOGIC = [
    ("or-binds-looser-than-and", f"{T} OR {F} AND {F}", True),
    ("parens-override-and", f"({T} OR {F}) AND {F}", False),
    ("and-first-then-or", f"{F} AND {F} OR {T}", True),
    ("parens-group-or", f"{F} AND ({F} OR {T})", False),
    ("not-binds-tighter-than-and", f"NOT {F} AND {F}", False),
    ("not-of-parenthesized-and", f"NOT ({F} AND {F})", True),
    ("not-binds-tighter-than-or", f"NOT {T} OR {T}", True),
    ("not-of-parenthesized-or", f"NOT ({T} OR {T})", False),
    ("double-not", f"NOT NOT {T}", True),
    ("and-chain", f"{T} AND {T} AND {T}", True),
    ("and-chain-false", f"{T} AND {T} AND {F}", False),
    ("or-chain", f"{F} OR {F} OR {T}", True),
    ("or-chain-false", f"{F} OR {F} OR {F}", False),
    ("lowercase-keywords", f"{F} or not {F} and {T}", True),
    ("nested-parens", f"(({T} AND {F}) OR ({F} OR {T})) AND NOT ({F})", True),
    ("comparisons-mixed", "n = :ten AND s = :s OR n = :zero", True),
    ("comparisons-mixed-2", "n = :zero AND s = :s OR n = :zero", False),
    ("comparisons-mixed-3", "n = :zero AND (s = :s OR n = :ten)", False),
]


@pytest.mark.parametrize("expression,expected", [c[1:] for c in LOGIC],
                         ids=[c[0] for c in LOGIC])
def test_logical_operators(ddb, seeded, expression, expected):
    all_values = {":ten": N("10"), ":zero": N("0"), ":s": S("hello")}
    values = {n: v for n, v in all_values.items() if n in expression} or None
    assert holds(ddb, seeded, expression, values) is expected


# ------------------------------------------------------------------ functions

TYPE_CASES = [("s", "S"), ("n", "N"), ("b", "B"), ("t", "BOOL"), ("z", "NULL"),
              ("ss", "SS"), ("ns", "NS"), ("bs", "BS"), ("l", "L"), ("m", "M")]


@pytest.mark.parametrize("attribute,type_name", TYPE_CASES)
def test_attribute_type(ddb, seeded, attribute, type_name):
    assert holds(ddb, seeded, "attribute_type(#a, :t)", {":t": S(type_name)},
                 {"#a": attribute}) is True
    # Every other type name is false for this attribute.
    for _, other in TYPE_CASES:
        if other != type_name:
            assert holds(ddb, seeded, "attribute_type(#a, :t)", {":t": S(other)},
                         {"#a": attribute}) is False, other


def test_attribute_type_nested_and_missing(ddb, seeded):
    assert holds(ddb, seeded, "attribute_type(m.deep, :t)", {":t": S("M")}) is True
    assert holds(ddb, seeded, "attribute_type(l[2].k, :t)", {":t": S("S")}) is True
    assert holds(ddb, seeded, "attribute_type(nope, :t)", {":t": S("NULL")}) is False
    assert holds(ddb, seeded, "NOT attribute_type(nope, :t)", {":t": S("S")}) is True


FUNCTIONS = [
    ("exists-top", "attribute_exists(s)", None, True),
    ("exists-missing", "attribute_exists(nope)", None, False),
    ("exists-null-valued", "attribute_exists(z)", None, True),
    ("exists-nested", "attribute_exists(m.deep.z)", None, True),
    ("exists-nested-missing", "attribute_exists(m.deep.nope)", None, False),
    ("exists-index", "attribute_exists(l[2])", None, True),
    ("exists-index-past-end", "attribute_exists(l[3])", None, False),
    ("exists-index-on-string", "attribute_exists(s[0])", None, False),
    ("not-exists-missing", "attribute_not_exists(nope)", None, True),
    ("not-exists-present", "attribute_not_exists(s)", None, False),
    ("not-exists-nested", "attribute_not_exists(m.x.y)", None, True),
    ("not-exists-key", "attribute_not_exists(PK)", None, False),
    ("begins-with-S", "begins_with(s, :v)", {":v": S("he")}, True),
    ("begins-with-S-whole", "begins_with(s, :v)", {":v": S("hello")}, True),
    ("begins-with-S-longer", "begins_with(s, :v)", {":v": S("hello!")}, False),
    ("begins-with-S-case", "begins_with(s, :v)", {":v": S("He")}, False),
    ("begins-with-S-suffix", "begins_with(s, :v)", {":v": S("lo")}, False),
    ("begins-with-B", "begins_with(b, :v)", {":v": B(b"\x01\x02")}, True),
    ("begins-with-B-false", "begins_with(b, :v)", {":v": B(b"\x02")}, False),
    ("begins-with-B-vs-S", "begins_with(b, :v)", {":v": S("\x01")}, False),
    ("begins-with-S-on-N", "begins_with(n, :v)", {":v": S("1")}, False),
    ("begins-with-missing", "begins_with(nope, :v)", {":v": S("h")}, False),
    ("begins-with-nested", "begins_with(m.x, :v)", {":v": S("y")}, True),
    ("begins-with-path-operand", "begins_with(s, m.x)", None, False),
    ("contains-S", "contains(s, :v)", {":v": S("ell")}, True),
    ("contains-S-whole", "contains(s, :v)", {":v": S("hello")}, True),
    ("contains-S-false", "contains(s, :v)", {":v": S("elo")}, False),
    ("contains-S-vs-N", "contains(s, :v)", {":v": N("1")}, False),
    ("contains-B-subsequence", "contains(b, :v)", {":v": B(b"\x02\x03")}, True),
    ("contains-SS", "contains(ss, :v)", {":v": S("a")}, True),
    ("contains-SS-false", "contains(ss, :v)", {":v": S("c")}, False),
    ("contains-SS-not-substring", "contains(ss, :v)", {":v": S("ab")}, False),
    ("contains-NS", "contains(ns, :v)", {":v": N("2.0")}, True),
    ("contains-NS-string-operand", "contains(ns, :v)", {":v": S("2")}, False),
    ("contains-BS", "contains(bs, :v)", {":v": B(b"\xff")}, True),
    ("contains-BS-false", "contains(bs, :v)", {":v": B(b"\x02")}, False),
    ("contains-L-string", "contains(l, :v)", {":v": S("x")}, True),
    ("contains-L-number", "contains(l, :v)", {":v": N("1")}, True),
    ("contains-L-map", "contains(l, :v)", {":v": {"M": {"k": S("v")}}}, True),
    ("contains-L-false", "contains(l, :v)", {":v": N("2")}, False),
    ("contains-L-type-matters", "contains(l, :v)", {":v": S("1")}, False),
    ("contains-M", "contains(m, :v)", {":v": S("x")}, False),
    ("contains-missing", "contains(nope, :v)", {":v": S("x")}, False),
    ("contains-path-operand", "contains(s, m.x)", None, False),
    ("not-contains", "NOT contains(ss, :v)", {":v": S("z")}, True),
    ("size-S", "size(s) = :v", {":v": N("5")}, True),
    ("size-S-gt", "size(s) > :v", {":v": N("4")}, True),
    ("size-S-lt-false", "size(s) < :v", {":v": N("5")}, False),
    # UTF-16 code units, as DynamoDB counts (ExtendDB#60, checked against the service).
    ("size-S-utf16", "size(uni) = :v", {":v": N("3")}, True),
    ("size-S-not-bytes", "size(uni) = :v", {":v": N("6")}, False),
    ("size-B", "size(b) = :v", {":v": N("3")}, True),
    ("size-SS", "size(ss) = :v", {":v": N("2")}, True),
    ("size-NS", "size(ns) >= :v", {":v": N("3")}, True),
    ("size-BS", "size(bs) <= :v", {":v": N("2")}, True),
    ("size-L", "size(l) = :v", {":v": N("3")}, True),
    ("size-M", "size(m) = :v", {":v": N("2")}, True),
    ("size-M-nested", "size(m.deep) = :v", {":v": N("1")}, True),
    ("size-ne", "size(l) <> :v", {":v": N("3")}, False),
    ("size-missing", "size(nope) = :v", {":v": N("0")}, False),
    ("size-missing-ne", "size(nope) <> :v", {":v": N("0")}, True),
    ("size-vs-size", "size(s) > size(l)", None, True),
    ("size-value-on-left", ":v < size(s)", {":v": N("2")}, True),
    ("size-vs-S-value", "size(s) = :v", {":v": S("5")}, False),
]


@pytest.mark.parametrize("expression,values,expected", [c[1:] for c in FUNCTIONS],
                         ids=[c[0] for c in FUNCTIONS])
def test_function(ddb, seeded, expression, values, expected):
    assert holds(ddb, seeded, expression, values) is expected


def test_names_in_conditions(ddb, seeded):
    # Names may hold reserved words, dots and other characters: one attribute, no path.
    item = dict(k("names"), **{"status": S("on"), "a.b": N("1"), "a": {"M": {"b": N("2")}}})
    ddb.put_item(TableName=seeded, Item=item)
    assert holds(ddb, seeded, "#s = :v", {":v": S("on")}, {"#s": "status"}, item) is True
    assert holds(ddb, seeded, "#ab = :one", {":one": N("1")}, {"#ab": "a.b"}, item) is True
    assert holds(ddb, seeded, "#a.#b = :two", {":two": N("2")},
                 {"#a": "a", "#b": "b"}, item) is True
    assert holds(ddb, seeded, "a.b = :two", {":two": N("2")}, None, item) is True
    assert holds(ddb, seeded, "#ab = :two", {":two": N("2")}, {"#ab": "a.b"}, item) is False


# ------------------------------------------------------------------ per operation

def test_put_create_once_idiom(ddb, table):
    item = dict(k("once"), v=N("1"))
    ddb.put_item(TableName=table, Item=item, ConditionExpression="attribute_not_exists(PK)")
    expect_error(ddb.put_item, CCF, CCF_MESSAGE, TableName=table,
                 Item=dict(k("once"), v=N("2")), ConditionExpression="attribute_not_exists(PK)")
    got = ddb.get_item(TableName=table, Key=k("once"), ConsistentRead=True)["Item"]
    assert got["v"] == N("1")
    # Another sort key is another item: the condition sees no item there.
    ddb.put_item(TableName=table, Item=dict(k("once", "other"), v=N("3")),
                 ConditionExpression="attribute_not_exists(PK) AND attribute_not_exists(SK)")


def test_put_condition_sees_old_item_not_new(ddb, table):
    # The condition reads the stored item: a missing item has no attributes at all.
    expect_error(ddb.put_item, CCF, CCF_MESSAGE, TableName=table,
                 Item=dict(k("new"), v=N("1")), ConditionExpression="v = :one",
                 ExpressionAttributeValues={":one": N("1")})
    assert "Item" not in ddb.get_item(TableName=table, Key=k("new"), ConsistentRead=True)
    # On a missing item every comparison but <> is false; <> holds.
    ddb.put_item(TableName=table, Item=dict(k("new"), v=N("1")), ConditionExpression="v <> :one",
                 ExpressionAttributeValues={":one": N("1")})
    ddb.put_item(TableName=table, Item=dict(k("new"), v=N("2")), ConditionExpression="v = :one",
                 ExpressionAttributeValues={":one": N("1")})
    got = ddb.get_item(TableName=table, Key=k("new"), ConsistentRead=True)["Item"]
    assert got["v"] == N("2")


def test_put_version_check(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("ver"), version=N("1"), data=S("a")))
    kwargs = dict(TableName=table, ConditionExpression="#v = :expected",
                  ExpressionAttributeNames={"#v": "version"})
    ddb.put_item(Item=dict(k("ver"), version=N("2"), data=S("b")),
                 ExpressionAttributeValues={":expected": N("1")}, **kwargs)
    expect_error(ddb.put_item, CCF, CCF_MESSAGE, Item=dict(k("ver"), version=N("2"), data=S("c")),
                 ExpressionAttributeValues={":expected": N("1")}, **kwargs)
    got = ddb.get_item(TableName=table, Key=k("ver"), ConsistentRead=True)["Item"]
    assert got == dict(k("ver"), version=N("2"), data=S("b"))


def test_update_create_once_idiom(ddb, table):
    kwargs = dict(TableName=table, Key=k("once"), UpdateExpression="SET v = :v",
                  ConditionExpression="attribute_not_exists(PK)")
    ddb.update_item(ExpressionAttributeValues={":v": N("1")}, **kwargs)
    expect_error(ddb.update_item, CCF, CCF_MESSAGE, ExpressionAttributeValues={":v": N("2")},
                 **kwargs)
    got = ddb.get_item(TableName=table, Key=k("once"), ConsistentRead=True)["Item"]
    assert got == dict(k("once"), v=N("1"))


def test_update_requires_existing_item(ddb, table):
    # attribute_exists(PK) turns an upsert into an update of an existing item only.
    expect_error(ddb.update_item, CCF, CCF_MESSAGE, TableName=table, Key=k("absent"),
                 UpdateExpression="SET v = :v", ConditionExpression="attribute_exists(PK)",
                 ExpressionAttributeValues={":v": N("1")})
    assert "Item" not in ddb.get_item(TableName=table, Key=k("absent"), ConsistentRead=True)


def test_update_version_check(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("ver"), version=N("1"), val=N("0")))
    kwargs = dict(TableName=table, Key=k("ver"),
                  UpdateExpression="SET #v = #v + :one, val = val + :one",
                  ConditionExpression="#v = :expected",
                  ExpressionAttributeNames={"#v": "version"})
    resp = ddb.update_item(ExpressionAttributeValues={":one": N("1"), ":expected": N("1")},
                           ReturnValues="ALL_NEW", **kwargs)
    assert resp["Attributes"] == dict(k("ver"), version=N("2"), val=N("1"))
    expect_error(ddb.update_item, CCF, CCF_MESSAGE,
                 ExpressionAttributeValues={":one": N("1"), ":expected": N("1")}, **kwargs)
    ddb.update_item(ExpressionAttributeValues={":one": N("1"), ":expected": N("2")}, **kwargs)
    got = ddb.get_item(TableName=table, Key=k("ver"), ConsistentRead=True)["Item"]
    assert got == dict(k("ver"), version=N("3"), val=N("2"))


def test_update_condition_on_missing_item_ne_holds(ddb, table):
    # The missing item is evaluated as one without attributes: `<>` holds and the
    # update creates the item.
    ddb.update_item(TableName=table, Key=k("ne"), UpdateExpression="SET v = :v",
                    ConditionExpression="v <> :v", ExpressionAttributeValues={":v": N("7")})
    got = ddb.get_item(TableName=table, Key=k("ne"), ConsistentRead=True)["Item"]
    assert got == dict(k("ne"), v=N("7"))


def test_delete_conditions(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("del"), version=N("3")))
    kwargs = dict(TableName=table, Key=k("del"), ConditionExpression="version = :v")
    expect_error(ddb.delete_item, CCF, CCF_MESSAGE, ExpressionAttributeValues={":v": N("2")},
                 **kwargs)
    assert "Item" in ddb.get_item(TableName=table, Key=k("del"), ConsistentRead=True)
    resp = ddb.delete_item(ExpressionAttributeValues={":v": N("3")}, ReturnValues="ALL_OLD",
                           **kwargs)
    assert resp["Attributes"] == dict(k("del"), version=N("3"))
    assert "Item" not in ddb.get_item(TableName=table, Key=k("del"), ConsistentRead=True)


def test_delete_missing_item_conditions(ddb, table):
    expect_error(ddb.delete_item, CCF, CCF_MESSAGE, TableName=table, Key=k("none"),
                 ConditionExpression="attribute_exists(PK)")
    # A condition that holds on a missing item: the delete succeeds and changes nothing.
    resp = ddb.delete_item(TableName=table, Key=k("none"),
                           ConditionExpression="attribute_not_exists(PK)", ReturnValues="ALL_OLD")
    assert "Attributes" not in resp
    assert "Item" not in ddb.get_item(TableName=table, Key=k("none"), ConsistentRead=True)


def test_condition_with_names_and_values_on_each_operation(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("all"), status=S("draft")))
    names = {"#s": "status"}
    wrong = {":s": S("final")}
    right = {":s": S("draft")}
    cond = "#s = :s"
    expect_error(ddb.put_item, CCF, CCF_MESSAGE, TableName=table, Item=dict(k("all")),
                 ConditionExpression=cond, ExpressionAttributeNames=names,
                 ExpressionAttributeValues=wrong)
    expect_error(ddb.update_item, CCF, CCF_MESSAGE, TableName=table, Key=k("all"),
                 UpdateExpression="REMOVE #s", ConditionExpression=cond,
                 ExpressionAttributeNames=names, ExpressionAttributeValues=wrong)
    expect_error(ddb.delete_item, CCF, CCF_MESSAGE, TableName=table, Key=k("all"),
                 ConditionExpression=cond, ExpressionAttributeNames=names,
                 ExpressionAttributeValues=wrong)
    ddb.update_item(TableName=table, Key=k("all"), UpdateExpression="SET #s = :n",
                    ConditionExpression=cond, ExpressionAttributeNames=names,
                    ExpressionAttributeValues=dict(right, **{":n": S("review")}))
    got = ddb.get_item(TableName=table, Key=k("all"), ConsistentRead=True)["Item"]
    assert got["status"] == S("review")


# ------------------------------------------------------------------ ReturnValuesOnConditionCheckFailure

def wire_item(item):
    """A low-level boto3 item as DynamoDB JSON on the wire (B as base64)."""
    def conv(v):
        (t, x), = v.items()
        if t == "B":
            return {"B": base64.b64encode(x).decode()}
        if t == "BS":
            return {"BS": [base64.b64encode(b).decode() for b in x]}
        if t == "L":
            return {"L": [conv(e) for e in x]}
        if t == "M":
            return {"M": {n: conv(e) for n, e in x.items()}}
        return {t: x}
    return {n: conv(v) for n, v in item.items()}


@pytest.mark.parametrize("operation", ["PutItem", "UpdateItem", "DeleteItem"])
def test_return_values_on_condition_check_failure(ddb, raw, table, operation):
    # boto3 1.26's model predates ReturnValuesOnConditionCheckFailure, so it would drop
    # the member: these requests go over raw HTTP.
    old = dict(k("rv"), v=N("1"), b=B(b"\x00\xff"), m={"M": {"x": {"L": [S("y")]}}})
    ddb.put_item(TableName=table, Item=old)
    body = {"TableName": table, "ConditionExpression": "v = :two",
            "ExpressionAttributeValues": {":two": {"N": "2"}},
            "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}
    if operation == "PutItem":
        body["Item"] = wire_item(dict(k("rv"), v=N("5")))
    else:
        body["Key"] = wire_item(k("rv"))
    if operation == "UpdateItem":
        body["UpdateExpression"] = "SET v = :two"
    resp = raw(operation, body)
    assert resp.status == 400
    data = resp.json()
    assert data["__type"].endswith("#ConditionalCheckFailedException")
    assert data.get("message", data.get("Message")) == CCF_MESSAGE
    assert data["Item"] == wire_item(old)
    # NONE (and absent) leave the item out.
    body["ReturnValuesOnConditionCheckFailure"] = "NONE"
    data = raw(operation, body).json()
    assert data["__type"].endswith("#ConditionalCheckFailedException")
    assert "Item" not in data
    del body["ReturnValuesOnConditionCheckFailure"]
    assert "Item" not in raw(operation, body).json()
    got = ddb.get_item(TableName=table, Key=k("rv"), ConsistentRead=True)["Item"]
    assert got == old


@pytest.mark.parametrize("operation", ["PutItem", "UpdateItem", "DeleteItem"])
def test_return_values_on_condition_check_failure_missing_item(raw, table, operation):
    body = {"TableName": table, "ConditionExpression": "attribute_exists(PK)",
            "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}
    if operation == "PutItem":
        body["Item"] = wire_item(k("none"))
    else:
        body["Key"] = wire_item(k("none"))
    if operation == "UpdateItem":
        body["UpdateExpression"] = "REMOVE v"
    resp = raw(operation, body)
    assert resp.status == 400
    data = resp.json()
    assert data["__type"].endswith("#ConditionalCheckFailedException")
    assert "Item" not in data


def test_return_values_on_condition_check_failure_success_is_silent(ddb, raw, table):
    ddb.put_item(TableName=table, Item=dict(k("ok"), v=N("1")))
    resp = raw("PutItem", {"TableName": table, "Item": wire_item(dict(k("ok"), v=N("2"))),
                           "ConditionExpression": "v = :one",
                           "ExpressionAttributeValues": {":one": {"N": "1"}},
                           "ReturnValuesOnConditionCheckFailure": "ALL_OLD"})
    assert resp.status == 200, resp.body
    assert json.loads(resp.body) == {}


def test_return_values_on_condition_check_failure_invalid(raw, table):
    resp = raw("PutItem", {"TableName": table, "Item": wire_item(k("x")),
                           "ReturnValuesOnConditionCheckFailure": "ALL_NEW"})
    assert resp.status == 400
    assert resp.error_type() == "ValidationException"
    assert resp.json()["message"] == (
        "1 validation error detected: Value 'ALL_NEW' at 'returnValuesOnConditionCheckFailure' "
        "failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]")
