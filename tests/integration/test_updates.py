"""UpdateExpression: SET (with + / -, list_append, if_not_exists), REMOVE, ADD and DELETE
on top-level and nested paths, ReturnValues, item creation, key attributes, number
exactness, and the AWS CLI's update-item.

Semantics follow the Developer Guide's "Update expressions" page: SET operands read the
item as it was before the update; REMOVE of list elements shifts the later ones down;
SET of an index past the end appends; ADD creates a missing number (from 0) or set;
DELETE that empties a set removes the attribute; UPDATED_OLD/UPDATED_NEW return just the
updated paths, nested (`SET b.c = :x` returns {b: {c: ...}}), and no Attributes at all
when nothing is left to return.
"""

import pytest

from mtutil import (expect_error, k, L, M, N, S, VALIDATION)

INVALID_PATH = "The document path provided in the update expression is invalid for update"
BAD_OPERAND = "An operand in the update expression has an incorrect data type"
MISSING_OPERAND = "The provided expression refers to an attribute that does not exist in the item"


def get(ddb, table, key):
    return ddb.get_item(TableName=table, Key=key, ConsistentRead=True).get("Item")


def update(ddb, table, key, expression, values=None, names=None, **kwargs):
    args = dict(TableName=table, Key=key, UpdateExpression=expression, **kwargs)
    if values is not None:
        args["ExpressionAttributeValues"] = values
    if names is not None:
        args["ExpressionAttributeNames"] = names
    return ddb.update_item(**args)


def sets(item):
    """Set members sorted, for order-insensitive comparison."""
    out = {}
    for name, v in item.items():
        (t, x), = v.items()
        out[name] = {t: sorted(x)} if t in ("SS", "NS", "BS") else v
    return out


NESTED = dict(a=M(b=L(M(c=N("1")), M(c=N("2"), d=S("keep")), S("tail"))), top=S("t"))


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


# ------------------------------------------------------------------ REMOVE

def test_remove_nested_map_key_and_list_element(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("r"), **NESTED))
    update(ddb, table, k("r"), "REMOVE a.b[1].d, a.b[0], top")
    assert get(ddb, table, k("r")) == dict(k("r"), a=M(b=L(M(c=N("2")), S("tail"))))


def test_remove_shifts_list_by_original_indexes(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("r"), l=L(*[N(str(i)) for i in range(6)])))
    # Indexes refer to the list before the update: 1 and 3 go, not 1 and (shifted) 4.
    resp = update(ddb, table, k("r"), "REMOVE l[3], l[1]", ReturnValues="ALL_NEW")
    assert resp["Attributes"]["l"] == L(N("0"), N("2"), N("4"), N("5"))
    # Past the end: nothing happens.
    update(ddb, table, k("r"), "REMOVE l[10]")
    assert get(ddb, table, k("r"))["l"] == L(N("0"), N("2"), N("4"), N("5"))
    update(ddb, table, k("r"), "REMOVE l[0], l[1], l[2], l[3]")
    assert get(ddb, table, k("r"))["l"] == L()


def test_remove_and_set_same_list_in_one_update(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("r"), l=L(S("a"), S("b"), S("c"))))
    update(ddb, table, k("r"), "SET l[2] = :x REMOVE l[0]", {":x": S("X")})
    assert get(ddb, table, k("r"))["l"] == L(S("b"), S("X"))


def test_remove_missing_is_noop(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("r"), m=M(x=N("1"))))
    update(ddb, table, k("r"), "REMOVE nope, m.nope")
    assert get(ddb, table, k("r")) == dict(k("r"), m=M(x=N("1")))


# ------------------------------------------------------------------ ADD / DELETE

def test_add_numbers(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("add"), n=N("5"), m=M()))
    update(ddb, table, k("add"), "ADD n :d, fresh :d, m.deep :d", {":d": N("-2.5")})
    item = get(ddb, table, k("add"))
    assert item["n"] == N("2.5")
    assert item["fresh"] == N("-2.5")  # a missing number starts from 0
    assert item["m"] == M(deep=N("-2.5"))


def test_add_sets(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("add"), ss={"SS": ["a", "b"]}))
    update(ddb, table, k("add"), "ADD ss :s, ns :n, bs :b",
           {":s": {"SS": ["b", "c"]}, ":n": {"NS": ["1", "2.0"]}, ":b": {"BS": [b"\x00"]}})
    item = sets(get(ddb, table, k("add")))
    assert item["ss"] == {"SS": ["a", "b", "c"]}
    assert item["ns"] == {"NS": ["1", "2"]}
    assert item["bs"] == {"BS": [b"\x00"]}
    update(ddb, table, k("add"), "ADD ns :n", {":n": {"NS": ["3", "1"]}})
    assert sets(get(ddb, table, k("add")))["ns"] == {"NS": ["1", "2", "3"]}


def test_add_type_mismatch(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("add"), s=S("x"), ss={"SS": ["a"]}, n=N("1")))
    for expression, value in (("ADD s :v", N("1")), ("ADD ss :v", {"NS": ["1"]}),
                              ("ADD n :v", {"SS": ["a"]})):
        expect_error(update, VALIDATION, BAD_OPERAND, ddb=ddb, table=table, key=k("add"),
                     expression=expression, values={":v": value})


def test_delete_from_sets(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("del"), ss={"SS": ["a", "b", "c"]},
                                            ns={"NS": ["1", "2"]}, bs={"BS": [b"\x01"]}))
    update(ddb, table, k("del"), "DELETE ss :s, ns :n, nope :s",
           {":s": {"SS": ["b", "zzz"]}, ":n": {"NS": ["2"]}})
    item = sets(get(ddb, table, k("del")))
    assert item["ss"] == {"SS": ["a", "c"]}
    assert item["ns"] == {"NS": ["1"]}
    assert "nope" not in item
    # Emptying a set removes the attribute: DynamoDB stores no empty sets.
    update(ddb, table, k("del"), "DELETE ss :s, bs :b",
           {":s": {"SS": ["a", "c"]}, ":b": {"BS": [b"\x01"]}})
    item = get(ddb, table, k("del"))
    assert "ss" not in item and "bs" not in item
    assert item["ns"] == {"NS": ["1"]}
    expect_error(update, VALIDATION, BAD_OPERAND, ddb=ddb, table=table, key=k("del"),
                 expression="DELETE ns :s", values={":s": {"SS": ["1"]}})


def test_all_sections_in_one_update(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("all"), a=N("1"), b=S("gone"), c=N("1"),
                                            d={"SS": ["x", "y"]}))
    update(ddb, table, k("all"), "DELETE d :d ADD c :one REMOVE b SET a = a + :one",
           {":one": N("1"), ":d": {"SS": ["x"]}})
    assert get(ddb, table, k("all")) == dict(k("all"), a=N("2"), c=N("2"), d={"SS": ["y"]})


# ------------------------------------------------------------------ ReturnValues

def rv(ddb, table, key, expression, mode, values=None):
    resp = update(ddb, table, key, expression, values, ReturnValues=mode)
    return resp.get("Attributes")


def test_return_values_modes(ddb, table):
    base = dict(k("rv"), a=N("1"), keep=S("k"), m=M(x=N("1"), y=N("2")))
    expression = "SET a = a + :one, m.x = :ten, fresh = :one"
    values = {":one": N("1"), ":ten": N("10")}
    ddb.put_item(TableName=table, Item=base)
    assert rv(ddb, table, k("rv"), expression, "NONE", values) is None
    ddb.put_item(TableName=table, Item=base)
    assert rv(ddb, table, k("rv"), expression, "ALL_OLD", values) == base
    ddb.put_item(TableName=table, Item=base)
    assert rv(ddb, table, k("rv"), expression, "ALL_NEW", values) == dict(
        base, a=N("2"), m=M(x=N("10"), y=N("2")), fresh=N("1"))
    ddb.put_item(TableName=table, Item=base)
    # Only the updated paths, nested; `fresh` did not exist before.
    assert rv(ddb, table, k("rv"), expression, "UPDATED_OLD", values) == dict(
        a=N("1"), m=M(x=N("1")))
    ddb.put_item(TableName=table, Item=base)
    assert rv(ddb, table, k("rv"), expression, "UPDATED_NEW", values) == dict(
        a=N("2"), m=M(x=N("10")), fresh=N("1"))


def test_return_values_nested_list_paths(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("rv"), **NESTED))
    expression = "SET a.b[1].c = :v, a.b[2] = :w"
    values = {":v": S("new"), ":w": S("w")}
    assert rv(ddb, table, k("rv"), expression, "UPDATED_OLD", values) == dict(
        a=M(b=L(M(c=N("2")), S("tail"))))
    assert rv(ddb, table, k("rv"), expression, "UPDATED_NEW", values) == dict(
        a=M(b=L(M(c=S("new")), S("w"))))


def test_return_values_absent_when_empty(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("rv"), a=N("1")))
    # Nothing existed at the updated path before: no Attributes member at all.
    assert rv(ddb, table, k("rv"), "SET b = :v", "UPDATED_OLD", {":v": N("1")}) is None
    # A removed attribute has no new value.
    assert rv(ddb, table, k("rv"), "REMOVE a", "UPDATED_NEW") is None
    assert rv(ddb, table, k("rv"), "REMOVE b", "UPDATED_OLD") == {"b": N("1")}
    assert rv(ddb, table, k("rv"), "REMOVE nothing", "UPDATED_OLD") is None
    # A new key inside an existing map had no old value either.
    ddb.put_item(TableName=table, Item=dict(k("rv"), m=M(x=N("1"))))
    assert rv(ddb, table, k("rv"), "SET m.y = :v", "UPDATED_OLD", {":v": N("2")}) is None
    assert rv(ddb, table, k("rv"), "SET m.y = :v", "UPDATED_NEW", {":v": N("3")}) == {
        "m": M(y=N("3"))}
    # ALL_OLD of an item that did not exist.
    assert rv(ddb, table, k("rv-new"), "SET b = :v", "ALL_OLD", {":v": N("1")}) is None


def test_return_values_add_and_delete(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("rv"), n=N("1"), ss={"SS": ["a", "b"]}))
    assert rv(ddb, table, k("rv"), "ADD n :one", "UPDATED_NEW", {":one": N("1")}) == {"n": N("2")}
    assert rv(ddb, table, k("rv"), "ADD n :one", "UPDATED_OLD", {":one": N("1")}) == {"n": N("2")}
    assert rv(ddb, table, k("rv"), "DELETE ss :a", "UPDATED_NEW", {":a": {"SS": ["a"]}}) == {
        "ss": {"SS": ["b"]}}
    assert rv(ddb, table, k("rv"), "DELETE ss :b", "UPDATED_NEW", {":b": {"SS": ["b"]}}) is None


def test_return_values_invalid(ddb, table):
    expect_error(update, VALIDATION,
                 "1 validation error detected: Value 'EVERYTHING' at 'returnValues' failed to "
                 "satisfy constraint: Member must satisfy enum value set: "
                 "[ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]",
                 ddb=ddb, table=table, key=k("x"), expression="SET a = :v",
                 values={":v": N("1")}, ReturnValues="EVERYTHING")


# ------------------------------------------------------------------ item creation and keys

def test_update_creates_item_with_set(ddb, table):
    resp = update(ddb, table, k("new"), "SET a = :v, b = PK", {":v": N("1")},
                  ReturnValues="ALL_NEW")
    # Operands can read the key attributes of the item being created.
    assert resp["Attributes"] == dict(k("new"), a=N("1"), b=S("new"))
    assert get(ddb, table, k("new")) == dict(k("new"), a=N("1"), b=S("new"))


def test_update_creates_item_updated_new(ddb, table):
    resp = update(ddb, table, k("new"), "SET a = :v ADD c :v", {":v": N("1")},
                  ReturnValues="UPDATED_NEW")
    assert resp["Attributes"] == {"a": N("1"), "c": N("1")}


def test_update_with_only_key_creates_item(ddb, table):
    resp = ddb.update_item(TableName=table, Key=k("bare"), ReturnValues="ALL_NEW")
    assert resp["Attributes"] == k("bare")
    assert get(ddb, table, k("bare")) == k("bare")
    # Updating it again with only the key changes nothing.
    ddb.put_item(TableName=table, Item=dict(k("bare"), a=N("1")))
    resp = ddb.update_item(TableName=table, Key=k("bare"), ReturnValues="ALL_OLD")
    assert resp["Attributes"] == dict(k("bare"), a=N("1"))
    assert get(ddb, table, k("bare")) == dict(k("bare"), a=N("1"))


def test_update_remove_on_missing_item_creates_key_only_item(ddb, table):
    resp = update(ddb, table, k("rm"), "REMOVE a", ReturnValues="ALL_NEW")
    assert resp["Attributes"] == k("rm")
    assert get(ddb, table, k("rm")) == k("rm")


@pytest.mark.parametrize("expression,names,attribute", [
    ("SET PK = :v", None, "PK"),
    ("ADD PK.b :n", None, "PK"),
    ("DELETE PK :s", None, "PK"),
    ("REMOVE d SET b = :v, PK = :v", None, "PK"),
    ("DELETE b :s REMOVE PK", None, "PK"),
    ("SET PK = PK.b + PK[1]", None, "PK"),
    ("SET d[1] = :n ADD SK.b :n", None, "SK"),
    ("SET SK = :v", None, "SK"),
    ("SET #k = :v", {"#k": "PK"}, "PK"),
    ("SET a = :v REMOVE SK", None, "SK"),
    ("ADD PK :n", None, "PK"),
    ("SET PK.x = :v", None, "PK"),
])
def test_update_key_attribute_refused(ddb, table, expression, names, attribute):
    ddb.put_item(TableName=table, Item=dict(k("key"), a=N("0")))
    values = {}
    if ":v" in expression:
        values[":v"] = S("x")
    if ":n" in expression:
        values[":n"] = N("1")
    if ":s" in expression:
        values[":s"] = {"NS": ["1"]}
    expect_error(update, VALIDATION,
                 f"One or more parameter values were invalid: Cannot update attribute "
                 f"{attribute}. This attribute is part of the key",
                 ddb=ddb, table=table, key=k("key"), expression=expression,
                 values=values or None, names=names)
    assert get(ddb, table, k("key")) == dict(k("key"), a=N("0"))


def test_update_key_attribute_refused_on_missing_item(ddb, table):
    expect_error(update, VALIDATION,
                 "One or more parameter values were invalid: Cannot update attribute PK. "
                 "This attribute is part of the key",
                 ddb=ddb, table=table, key=k("nokey"), expression="SET PK = :v",
                 values={":v": S("x")})
    assert get(ddb, table, k("nokey")) is None


def test_update_key_attribute_refused_hash_table(ddb, hash_table):
    expect_error(update, VALIDATION,
                 "One or more parameter values were invalid: Cannot update attribute PK. "
                 "This attribute is part of the key",
                 ddb=ddb, table=hash_table, key={"PK": S("h")}, expression="REMOVE PK")
    # SK is an ordinary attribute of a hash-only table.
    update(ddb, hash_table, {"PK": S("h")}, "SET SK = :v", {":v": S("x")})
    assert get(ddb, hash_table, {"PK": S("h")}) == {"PK": S("h"), "SK": S("x")}


# ------------------------------------------------------------------ limits and caching

def test_update_item_size_limit(ddb, table):
    big = "x" * (250 * 1024)
    ddb.put_item(TableName=table, Item=dict(k("big"), a=S(big)))
    # dynalite's updateItem tests (run against DynamoDB) give the text.
    expect_error(update, VALIDATION, "Item size to update has exceeded the maximum allowed size",
                 ddb=ddb, table=table, key=k("big"), expression="SET b = a")
    assert set(get(ddb, table, k("big"))) == {"PK", "SK", "a"}


def test_same_expression_text_with_other_placeholders(ddb, table):
    # The parsed expression may be cached by its text; the names and values must still
    # come from each request.
    ddb.put_item(TableName=table, Item=dict(k("c"), x=N("1"), y=N("10")))
    expression = "SET #t = #t + :d"
    condition = "#t < :max"
    for name, delta, maximum in (("x", "1", "5"), ("y", "5", "100"), ("x", "2", "3")):
        update(ddb, table, k("c"), expression, {":d": N(delta), ":max": N(maximum)},
               {"#t": name}, ConditionExpression=condition)
    item = get(ddb, table, k("c"))
    assert (item["x"], item["y"]) == (N("4"), N("15"))
    expect_error(update, "ConditionalCheckFailedException", "The conditional request failed",
                 ddb=ddb, table=table, key=k("c"), expression=expression,
                 values={":d": N("1"), ":max": N("4")}, names={"#t": "x"},
                 ConditionExpression=condition)


def test_whitespace_and_case_in_update_expression(ddb, table):
    update(ddb, table, k("ws"), "\n\tset\ta\n=\n:v ,b=:v\r\nREMOVE  c  add  d  :n\n",
           {":v": S("x"), ":n": N("1")})
    assert get(ddb, table, k("ws")) == dict(k("ws"), a=S("x"), b=S("x"), d=N("1"))


# ------------------------------------------------------------------ AWS CLI

def test_cli_update_item(aws_cli, ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("cli"), version=N("1"), tags={"SS": ["a"]}))
    rc, out = aws_cli(
        "update-item", "--table-name", table,
        "--key", '{"PK": {"S": "cli"}, "SK": {"S": "s"}}',
        "--update-expression",
        "SET #v = #v + :one, #st = :st, visits = if_not_exists(visits, :zero) + :one "
        "ADD tags :t",
        "--condition-expression", "#v = :expected AND attribute_exists(PK)",
        "--expression-attribute-names", '{"#v": "version", "#st": "status"}',
        "--expression-attribute-values",
        '{":one": {"N": "1"}, ":zero": {"N": "0"}, ":expected": {"N": "1"}, '
        '":st": {"S": "active"}, ":t": {"SS": ["b"]}}',
        "--return-values", "ALL_NEW")
    assert rc == 0, out
    attrs = out["Attributes"]
    attrs["tags"]["SS"].sort()
    assert attrs == {"PK": {"S": "cli"}, "SK": {"S": "s"}, "version": {"N": "2"},
                     "status": {"S": "active"}, "visits": {"N": "1"},
                     "tags": {"SS": ["a", "b"]}}
    # The same command again: the version check fails.
    rc, err = aws_cli(
        "update-item", "--table-name", table,
        "--key", '{"PK": {"S": "cli"}, "SK": {"S": "s"}}',
        "--update-expression", "SET #v = #v + :one",
        "--condition-expression", "#v = :expected",
        "--expression-attribute-names", '{"#v": "version"}',
        "--expression-attribute-values", '{":one": {"N": "1"}, ":expected": {"N": "1"}}',
        "--return-values", "ALL_NEW")
    assert rc != 0
    assert "ConditionalCheckFailedException" in err
    assert "The conditional request failed" in err
