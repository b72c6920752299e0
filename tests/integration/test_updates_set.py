"""UpdateExpression SET: top-level and nested paths (with names, past the end of a list,
a missing parent), operands read from the item before the update, + and - with exact
decimal arithmetic and its limits, if_not_exists, list_append, nested updates of lists
and maps, invalid document paths and operand types found at run time.

The helpers and the semantics they follow are described in updates_common.py.
"""

import pytest

from mtutil import (expect_error, k, L, M, N, S, VALIDATION)
from updates_common import BAD_OPERAND, NESTED, get, sets, update

INVALID_PATH = "The document path provided in the update expression is invalid for update"
MISSING_OPERAND = "The provided expression refers to an attribute that does not exist in the item"


# ------------------------------------------------------------------ SET

def test_set_nested_path(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("n"), **NESTED))
    update(ddb, table, k("n"), "SET a.b[1].c = :v, a.b[1].e = :w, a.f = :w",
           {":v": S("new"), ":w": N("9")})
    assert get(ddb, table, k("n")) == dict(
        k("n"), top=S("t"),
        a=M(b=L(M(c=N("1")), M(c=S("new"), d=S("keep"), e=N("9")), S("tail")), f=N("9")))


def test_set_nested_with_names(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("n"), **NESTED))
    update(ddb, table, k("n"), "SET #a.#b[0].#c = #a.#b[1].#c + :one",
           {":one": N("1")}, {"#a": "a", "#b": "b", "#c": "c"})
    assert get(ddb, table, k("n"))["a"]["M"]["b"]["L"][0] == M(c=N("3"))


def test_set_name_with_dot_is_one_attribute(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("n"), **NESTED))
    update(ddb, table, k("n"), "SET #ab = :v", {":v": S("x")}, {"#ab": "a.b"})
    item = get(ddb, table, k("n"))
    assert item["a.b"] == S("x")
    assert item["a"] == NESTED["a"]


def test_set_missing_parent_is_invalid(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("n"), **NESTED))
    for expression in ("SET nope.x = :v", "SET a.nope.x = :v", "SET a.b[7].c = :v",
                       "SET top.x = :v", "SET top[0] = :v", "SET a[0] = :v", "SET a.b.c = :v"):
        expect_error(update, VALIDATION, INVALID_PATH, ddb=ddb, table=table, key=k("n"),
                     expression=expression, values={":v": S("v")})
    assert get(ddb, table, k("n")) == dict(k("n"), **NESTED)


def test_set_past_end_of_list_appends(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("l"), l=L(S("a"), S("b"))))
    update(ddb, table, k("l"), "SET l[10] = :x", {":x": S("x")})
    assert get(ddb, table, k("l"))["l"] == L(S("a"), S("b"), S("x"))
    # Several appends land in index order, whatever the order in the expression.
    update(ddb, table, k("l"), "SET l[20] = :z, l[9] = :y", {":y": S("y"), ":z": S("z")})
    assert get(ddb, table, k("l"))["l"] == L(S("a"), S("b"), S("x"), S("y"), S("z"))
    # An index inside the list replaces that element.
    update(ddb, table, k("l"), "SET l[0] = :v", {":v": N("0")})
    assert get(ddb, table, k("l"))["l"]["L"][0] == N("0")


def test_set_reads_item_before_update(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("swap"), a=N("1"), b=N("2")))
    update(ddb, table, k("swap"), "SET a = b, b = a")
    item = get(ddb, table, k("swap"))
    assert (item["a"], item["b"]) == (N("2"), N("1"))


def test_set_arithmetic(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("ar"), n=N("10"), m=M(x=N("2.5"))))
    update(ddb, table, k("ar"), "SET n = n - :d, m.x = m.x + n, y = :a - :b",
           {":d": N("3"), ":a": N("1"), ":b": N("1.25")})
    item = get(ddb, table, k("ar"))
    assert item["n"] == N("7")
    assert item["m"] == M(x=N("12.5"))
    assert item["y"] == N("-0.25")


@pytest.mark.parametrize("a,b,op,expected", [
    ("0.1", "0.2", "+", "0.3"),
    ("1.5", "0.1", "+", "1.6"),
    ("0.3", "0.1", "-", "0.2"),
    ("1", "1", "-", "0"),
    ("-0.5", "0.5", "+", "0"),
    ("99999999999999999999999999999999999999", "1", "+", "100000000000000000000000000000000000000"),
    ("1E-130", "1E-130", "+", "0." + "0" * 129 + "2"),
    ("12345678901234567890123456789012345678", "-12345678901234567890123456789012345677",
     "+", "1"),
    ("0.00000000000000000000000000000000000001", "1", "-",
     "-0.99999999999999999999999999999999999999"),
    ("9.9999999999999999999999999999999999999E+125", "0", "+",
     "99999999999999999999999999999999999999" + "0" * 88),
])
def test_arithmetic_is_exact(ddb, table, a, b, op, expected):
    resp = update(ddb, table, k("exact"), f"SET r = :a {op} :b", {":a": N(a), ":b": N(b)},
                  ReturnValues="UPDATED_NEW")
    assert resp["Attributes"] == {"r": N(expected)}


@pytest.mark.parametrize("a,b,op,message", [
    ("9.9E+125", "9.9E+125", "+",
     "Number overflow. Attempting to store a number with magnitude larger than supported range"),
    ("-9.9E+125", "9.9E+125", "-",
     "Number overflow. Attempting to store a number with magnitude larger than supported range"),
    ("1.1E-130", "1E-130", "-",
     "Number underflow. Attempting to store a number with magnitude smaller than supported range"),
])
def test_arithmetic_limits(ddb, table, a, b, op, message):
    ddb.put_item(TableName=table, Item=dict(k("lim"), r=N("5")))
    expect_error(update, VALIDATION, message, ddb=ddb, table=table, key=k("lim"),
                 expression=f"SET r = :a {op} :b", values={":a": N(a), ":b": N(b)})
    assert get(ddb, table, k("lim"))["r"] == N("5")


OVERFLOW = "Number overflow. Attempting to store a number with magnitude larger than supported range"


@pytest.mark.parametrize("a,b,op", [
    ("1E50", "1", "+"),
    ("1E50", "1", "-"),
    ("12345678901234567890123456789012345678", "0.1", "+"),
    ("1", "1E-40", "-"),
])
def test_arithmetic_inexact_result(ddb, table, a, b, op):
    # A sum or difference that needs more than 38 significant digits is refused, and
    # DynamoDB reports it as an overflow, not as "Attempting to store more than 38
    # significant digits": ScyllaDB Alternator's test_update_expression_plus_imprecise,
    # written against the service, notes "Strangely, DynamoDB says that the error is:
    # 'Number overflow. Attempting to store a number with magnitude larger than
    # supported range'" for 1e50 + 1 and 1e50 - 1.
    ddb.put_item(TableName=table, Item=dict(k("lim"), r=N("5")))
    expect_error(update, VALIDATION, OVERFLOW, ddb=ddb, table=table, key=k("lim"),
                 expression=f"SET r = :a {op} :b", values={":a": N(a), ":b": N(b)})
    assert get(ddb, table, k("lim"))["r"] == N("5")


def test_add_inexact_result(ddb, table):
    # ADD does the same arithmetic as SET +.
    ddb.put_item(TableName=table, Item=dict(k("lim"), r=N("12345678901234567890123456789012345678")))
    expect_error(update, VALIDATION, OVERFLOW, ddb=ddb, table=table, key=k("lim"),
                 expression="ADD r :v", values={":v": N("0.5")})
    assert get(ddb, table, k("lim"))["r"] == N("12345678901234567890123456789012345678")


def test_arithmetic_on_wrong_types(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("t"), s=S("x"), n=N("1"), l=L(N("1"))))
    for expression in ("SET n = s + :one", "SET n = n - l", "SET n = :one + s"):
        expect_error(update, VALIDATION, BAD_OPERAND, ddb=ddb, table=table, key=k("t"),
                     expression=expression,
                     values={":one": N("1")} if ":one" in expression else None)
    # An operand path that does not exist is its own error (use if_not_exists).
    expect_error(update, VALIDATION, MISSING_OPERAND, ddb=ddb, table=table, key=k("t"),
                 expression="SET n = absent + :one", values={":one": N("1")})
    expect_error(update, VALIDATION, MISSING_OPERAND, ddb=ddb, table=table, key=k("t"),
                 expression="SET n = absent")
    assert get(ddb, table, k("t"))["n"] == N("1")


def test_if_not_exists(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("ine"), had=S("kept"), m=M(x=N("1"))))
    update(ddb, table, k("ine"),
           "SET had = if_not_exists(had, :d), fresh = if_not_exists(fresh, :d), "
           "cnt = if_not_exists(cnt, :zero) + :one, m.y = if_not_exists(m.x, :zero), "
           "cp = if_not_exists(nothing, had)",
           {":d": S("default"), ":zero": N("0"), ":one": N("1")})
    item = get(ddb, table, k("ine"))
    assert item["had"] == S("kept")
    assert item["fresh"] == S("default")
    assert item["cnt"] == N("1")
    assert item["m"] == M(x=N("1"), y=N("1"))
    assert item["cp"] == S("kept")
    update(ddb, table, k("ine"), "SET cnt = if_not_exists(cnt, :zero) + :one",
           {":zero": N("0"), ":one": N("1")})
    assert get(ddb, table, k("ine"))["cnt"] == N("2")


def test_list_append(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("la"), l=L(S("b"), S("c")), s=S("str")))
    update(ddb, table, k("la"), "SET l = list_append(l, :tail)", {":tail": L(S("d"))})
    update(ddb, table, k("la"), "SET l = list_append(:head, l)", {":head": L(S("a"))})
    assert get(ddb, table, k("la"))["l"] == L(S("a"), S("b"), S("c"), S("d"))
    update(ddb, table, k("la"), "SET n = list_append(if_not_exists(n, :empty), :v), "
                                "twice = list_append(:v, :v), dup = list_append(l, l)",
           {":empty": L(), ":v": L(N("1"), M(x=S("y")))})
    item = get(ddb, table, k("la"))
    assert item["n"] == L(N("1"), M(x=S("y")))
    assert item["twice"] == L(N("1"), M(x=S("y")), N("1"), M(x=S("y")))
    assert len(item["dup"]["L"]) == 8
    expect_error(update, VALIDATION, BAD_OPERAND, ddb=ddb, table=table, key=k("la"),
                 expression="SET l = list_append(l, s)")
    expect_error(update, VALIDATION, BAD_OPERAND, ddb=ddb, table=table, key=k("la"),
                 expression="SET l = list_append(s, l)")
    expect_error(update, VALIDATION, MISSING_OPERAND, ddb=ddb, table=table, key=k("la"),
                 expression="SET l = list_append(l, nothing)")


def test_nested_update_of_lists_and_maps(ddb, table):
    # dynalite's "should update nested attributes", run against DynamoDB: operands are
    # read before any change, list indexes are the original ones, SET and ADD past the
    # end append in index order, and UPDATED_NEW holds just the updated paths that exist
    # in the new item (c[6] and c[8] landed at indexes 4 and 5).
    key = k("nest")
    pk = key["PK"]
    update(ddb, table, key, "set b = :b, c = :c",
           {":b": M(a=N("1"), b=N("2"), c=N("3")), ":c": L(N("1"), N("3"))})
    resp = update(ddb, table, key,
                  "set b.c=((c[1])+(b.a)),b.a = PK,c[1] = PK, c[4] = b.a - b.b, c[2] = b.c "
                  "add c[8] :b, c[6] :a",
                  {":a": N("2"), ":b": {"SS": ["a"]}}, ReturnValues="UPDATED_NEW")
    assert resp["Attributes"] == {"b": M(a=pk, c=N("4")), "c": L(pk, N("3"), N("2"))}
    assert get(ddb, table, key) == dict(
        key, b=M(a=pk, b=N("2"), c=N("4")),
        c=L(N("1"), pk, N("3"), N("-1"), N("2"), {"SS": ["a"]}))


def test_all_actions_on_missing_item(ddb, table):
    # dynalite's "should just add valid ADD actions if nothing exists": REMOVE and
    # DELETE of absent attributes do nothing, ADD and SET create.
    resp = update(ddb, table, k("fresh"), "REMOVE b DELETE c :c ADD d :d, e :e SET f = :f",
                  {":c": {"SS": ["a", "b"]}, ":d": N("5"), ":e": {"SS": ["a", "b"]},
                   ":f": L(S("a"), N("1"))}, ReturnValues="UPDATED_NEW")
    assert sets(resp["Attributes"]) == {"d": N("5"), "e": {"SS": ["a", "b"]},
                                        "f": L(S("a"), N("1"))}
    assert sets(get(ddb, table, k("fresh"))) == dict(
        k("fresh"), d=N("5"), e={"SS": ["a", "b"]}, f=L(S("a"), N("1")))


@pytest.mark.parametrize("expression", [
    "set b.a = :a, #1 = :a", "set b[1] = :a, #1 = :a", "set y.a = :a, #1 = :a",
    "set y[1] = :a, #1 = :a", "set c[1] = :a, #1 = :a", "set d.#1 = :a",
    "remove b.a set #1 = :a", "remove b[1] set #1 = :a", "remove y.a set #1 = :a",
    "remove y[1] set #1 = :a", "remove c[1] set #1 = :a", "remove d.#1 set #1 = :a",
    "delete b.a :a set #1 = :a", "delete y.a :a set #1 = :a", "delete c[1] :a set #1 = :a",
    "delete d.#1 :a", "add b[1] :a set #1 = :a", "add y.a :a set #1 = :a",
    "add c[1] :a set #1 = :a", "add d.#1 :a",
])
def test_invalid_document_paths(ddb, table, expression):
    # dynalite's "should return ValidationException if trying to update non-existent
    # nested attribute in existing item" (run against DynamoDB): b is a string, y is
    # missing, c is a map and d a list. Every action, REMOVE included, refuses a path
    # through a missing or wrongly typed parent.
    key = k("paths")
    update(ddb, table, key, "set b = PK, c = :c, d = :d",
           {":c": M(**{"1": S("a")}), ":d": L(S("a"), S("b"))})
    before = get(ddb, table, key)
    values = {":a": {"SS": ["a"]}}
    names = {"#1": "1"}
    expect_error(update, VALIDATION, INVALID_PATH, ddb=ddb, table=table, key=key,
                 expression=expression, values=values, names=names)
    assert get(ddb, table, key) == before


@pytest.mark.parametrize("expression,value", [
    ("delete d :a", {"SS": ["1"]}),
    ("delete b :a", {"NS": ["1"]}),
    ("delete b.a :a", {"NS": ["1"]}),
    ("delete b.a :a", {"BS": [b"a"]}),
    ("delete c :a", {"NS": ["1"]}),
    ("add b :a", {"NS": ["1"]}),
    ("add d :a", N("1")),
    ("set e = PK + :a", N("1")),
    ("set e = b - :a", N("1")),
    ("set e = list_append(d, if_not_exists(f, :a))", L()),
])
def test_operand_types_at_runtime(ddb, table, expression, value):
    # dynalite's "should return ValidationException if using expression to delete/add
    # incorrect types" (run against DynamoDB).
    key = k("types")
    update(ddb, table, key, "set b = :b, c = :c, d = :d",
           {":b": M(a={"SS": ["1"]}), ":c": N("1"), ":d": {"NS": ["1"]}})
    expect_error(update, VALIDATION, BAD_OPERAND, ddb=ddb, table=table, key=key,
                 expression=expression, values={":a": value})


